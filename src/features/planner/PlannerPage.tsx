import { useCallback, useEffect, useLayoutEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { flushSync } from 'react-dom';
import { useAppDispatch, useAppSelector, useAppStore } from '../../app/hooks';
import { whenIdle } from '../../lib/idle';
import { CatalogViewContext, useCatalogView } from '../catalog/CatalogView';
import { PlannerDndProvider } from '../dnd/PlannerDndProvider';
import { useHistoryShortcuts } from '../history/useHistoryShortcuts';
import { SearchLauncher } from '../search/SearchLauncher';
import { SearchBarButton } from '../search/SearchBarButton';
import { loadSearch, useSearch } from '../search/searchOpening';
import { AddTodayButton } from '../tasks/AddTodayButton';
import { DetailsRequestContext, type DetailsTarget } from '../tasks/detailsRequest';
import { MoveRequestContext, OccurrenceMoveRequestContext } from '../tasks/moveRequest';
import { taskAdded } from '../tasks/events';
import { markFresh } from '../tasks/freshTasks';
import type { MovingOccurrence } from './MoveTaskDialogContainer';
import { occurrenceDragHost } from './occurrenceDrag';
import { PlannerDialogs } from './PlannerDialogs';
import { preloadPlannerDialogs } from './plannerDialogLoads';
import { PlannerHeaderContainer } from './PlannerHeaderContainer';
import { detailsShown, selectDetails, selectWeekDayKeys, todayShown } from './plannerSlice';
import { NARROW, revealDay } from './reveal';
import { showReadyToType } from './readyToType';
import { replayTakenInput } from './heldInput';
import { toDayKey } from './week';
import { WeekGrid } from './WeekGrid';

const NEW_TASK_TITLE = 'New task';

export function PlannerPage() {
  const dispatch = useAppDispatch();
  const days = useAppSelector(selectWeekDayKeys);
  useHistoryShortcuts();
  const search = useSearch();
  const addForToday = useCallback(() => {
    const today = toDayKey(new Date());
    // On screen within the press, so the new card can take focus while the tap still counts (a phone's keyboard opens).
    const { id } = flushSync(() => {
      dispatch(todayShown());
      return dispatch(taskAdded(NEW_TASK_TITLE, today)).payload;
    });
    // What is typed over 'New task' is read as an add box reads it ('#name', 'every monday'): its first rename only.
    markFresh(id);
    showReadyToType(today, id);
  }, [dispatch]);
  const live = useIsLive();
  useLayoutEffect(() => {
    if (!live) return;
    // The visitor's tasks are on screen in this commit: no day may say 'No tasks yet' for them any longer (index.css).
    document.documentElement.removeAttribute('data-tasks-pending');
    // A phone shows the week as a list of days: it opens on today, now with the days' tasks above it.
    if (window.matchMedia?.(NARROW).matches) revealDay(toDayKey(new Date()));
    // What a person did to the first screen before the app was live (scripts/firstScreen.ts).
    replayTakenInput();
  }, [live]);
  const [movingId, setMovingId] = useState<string | null>(null);
  const [movingOccurrence, setMovingOccurrence] = useState<MovingOccurrence | null>(null);
  const endMove = useCallback(() => (setMovingId(null), setMovingOccurrence(null)), []);
  // In the store: a toast's 'Not just this one…' after a move opens the occurrence's details too.
  const details = useAppSelector(selectDetails);
  const setDetails = useCallback((target: DetailsTarget | null) => dispatch(detailsShown(target)), [dispatch]);
  const endDetails = useCallback(() => setDetails(null), [setDetails]);
  const store = useAppStore();
  const occurrenceDrags = useMemo(() => occurrenceDragHost(store), [store]);
  const catalog = useCatalogView();

  return (
    <CatalogViewContext value={catalog}>
    <div className="min-h-screen">
      {/* Around the header too: a drag resting on 'Previous week' or 'Next week' turns the week (dnd/dropZones.ts). */}
      <PlannerDndProvider occurrences={occurrenceDrags}>
        <PlannerHeaderContainer onSearch={search.show} />
        {/* On a phone the last days can still scroll up to the header, as the day strip and 'Today' bring them there. */}
        <main className="mx-auto max-w-[1800px] px-4 pt-4 pb-[calc(100svh-12rem)] sm:px-6 sm:pt-4 sm:pb-28 xl:px-3">
          <MoveRequestContext value={setMovingId}>
            <OccurrenceMoveRequestContext value={setMovingOccurrence}>
              <DetailsRequestContext value={setDetails}>
                <WeekGrid days={days} />
              </DetailsRequestContext>
            </OccurrenceMoveRequestContext>
          </MoveRequestContext>
        </main>
      </PlannerDndProvider>
      <AddTodayButton onClick={addForToday}>
        <SearchBarButton onClick={search.show} onIntent={loadSearch} />
      </AddTodayButton>
      <PlannerDialogs
        movingId={movingId}
        movingOccurrence={movingOccurrence}
        onMoveEnd={endMove}
        details={details}
        onDetailsEnd={endDetails}
        onMove={setMovingId}
        onMoveOccurrence={setMovingOccurrence}
      />
      <SearchLauncher search={search} />
      <HoverIconImages />
    </div>
    </CatalogViewContext>
  );
}

const noSubscription = () => () => {};

/**
 * False while React hydrates the first screen index.html painted (rendered from the first-screen state, without the
 * visitor's tasks), true from the render with the store's own state on (at once where nothing was painted).
 */
const useIsLive = () => useSyncExternalStore(noSubscription, () => true, () => false);

/**
 * The images of the cards' hover-only icons (grip, delete, move, check: masks in index.css), decoded in idle time once
 * the planner is up. Left to the first hover over a card, they made its style update take ~7 ms instead of ~1
 * (an SVG document each), a dropped frame as the pointer first came over the week.
 */
function HoverIconImages() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => whenIdle(() => setWanted(true), 2000), []);
  // 'Move to…' and the details then open at once, offline too.
  useEffect(() => {
    if (!wanted) return;
    preloadPlannerDialogs();
  }, [wanted]);
  if (!wanted) return null;
  return (
    <div aria-hidden="true" className="icon-preload">
      <span className="icon-mask icon-grip" />
      <span className="icon-mask icon-trash" />
      <span className="icon-mask icon-move" />
      <span className="hover-mark" />
    </div>
  );
}
