import { useCallback, useEffect, useLayoutEffect, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { whenIdle } from '../../lib/idle';
import { PlannerDndProvider } from '../dnd/PlannerDndProvider';
import { useHistoryShortcuts } from '../history/useHistoryShortcuts';
import { AddTodayButton } from '../tasks/AddTodayButton';
import { taskAdded } from '../tasks/events';
import { PlannerHeaderContainer } from './PlannerHeaderContainer';
import { selectWeekDayKeys } from './plannerSlice';
import { removeStartupShell } from './startupShell';
import { toDayKey } from './week';
import { WeekGrid } from './WeekGrid';

const NEW_TASK_TITLE = 'New task';

export function PlannerPage() {
  const dispatch = useAppDispatch();
  const days = useAppSelector(selectWeekDayKeys);
  useHistoryShortcuts();
  const addForToday = useCallback(() => dispatch(taskAdded(NEW_TASK_TITLE, toDayKey(new Date()))), [dispatch]);
  // index.html shows the empty week until the app's is on screen; removed before this commit paints.
  useLayoutEffect(removeStartupShell, []);

  return (
    <div className="min-h-screen">
      <PlannerHeaderContainer />
      <main className="mx-auto max-w-[1800px] px-4 pt-4 pb-28 sm:px-6 sm:pt-6 xl:px-4">
        <PlannerDndProvider>
          <WeekGrid days={days} />
        </PlannerDndProvider>
      </main>
      <AddTodayButton onClick={addForToday} />
      <HoverIconImages />
    </div>
  );
}

/**
 * The images of the cards' hover-only icons (grip, delete, check: masks in index.css), decoded in idle time once
 * the planner is up. Left to the first hover over a card, they made its style update take ~7 ms instead of ~1
 * (an SVG document each), a dropped frame as the pointer first came over the week.
 */
function HoverIconImages() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => whenIdle(() => setWanted(true), 2000), []);
  if (!wanted) return null;
  return (
    <div aria-hidden="true" className="icon-preload">
      <span className="icon-mask icon-grip" />
      <span className="icon-mask icon-trash" />
      <span className="hover-mark" />
    </div>
  );
}
