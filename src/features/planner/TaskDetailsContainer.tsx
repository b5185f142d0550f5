import { lazy, Suspense, useMemo, useState } from 'react';
import { useAppDispatch, useAppSelector, useAppStore } from '../../app/hooks';
import { historyGroupEnded, historyGroupStarted } from '../history/historySlice';
import { occurrenceDeletedHere, occurrenceEditedHere, repeatChangedHere } from '../series/occurrenceScope';
import { makeRepeatingEvents } from '../series/repeatChange';
import { loadedSeries, loadSeries } from '../series/seriesHost';
import { occurrenceKey, type Repeat } from '../series/types';
import { loadCatalog } from '../catalog/catalogHost';
import { loadTaskDetailsDialog, type DetailsTarget } from '../tasks/detailsRequest';
import { taskNotesSet, taskRenamed } from '../tasks/events';
import type { SeriesFacts, TaskDetailsChange } from '../tasks/TaskDetailsDialog';
import { selectTaskById } from '../tasks/taskSelectors';
import { listKey, SOMEDAY } from '../tasks/types';
import { selectShownLists } from '../catalog/shownLists';
import { selectWeekDayKeys } from './plannerSlice';
import type { MovingOccurrence } from './MoveTaskDialogContainer';
import { dateLabel, dayLabel, toDayKey } from './week';

const TaskDetailsDialog = lazy(() => loadTaskDetailsDialog().then((module) => ({ default: module.TaskDetailsWithChecklist })));
// With the catalog code, so the labels it sets and makes are reduced.
const TaskLabels = lazy(() => Promise.all([import('../catalog/TaskLabelsContainer'), loadCatalog()]).then(([module]) => module));

interface Shown {
  title: string;
  notes: string;
}

/** 'Mon 30 Nov 2026' */
const longDay = (key: string) => `${dayLabel(key)} ${dateLabel(key)} ${key.slice(0, 4)}`;

/**
 * The details of the task or occurrence asked for. A plain task's changes are task events (rename, notes), one undo
 * step. An occurrence's follow the one rule for occurrences (series/occurrenceScope.ts): this one alone, said in a
 * toast that offers the others; a new repeat is from this one on.
 */
export function TaskDetailsContainer({
  target,
  onClose,
  onMove,
  onMoveOccurrence,
}: {
  target: DetailsTarget | null;
  onClose: () => void;
  onMove: (id: string) => void;
  onMoveOccurrence?: (occurrence: MovingOccurrence) => void;
}) {
  const dispatch = useAppDispatch();
  const store = useAppStore();
  const shown = useAppSelector((state): Shown | null => {
    if (!target) return null;
    if (target.kind === 'task') {
      const task = selectTaskById(state, target.id);
      return task ? { title: task.title, notes: task.notes ?? '' } : null;
    }
    const series = state.series.series.entities[target.seriesId];
    if (!series) return null;
    const exception = state.series.exceptions.entities[occurrenceKey(target.seriesId, target.originalDate)];
    return { title: exception?.title ?? series.template.title, notes: exception?.notes ?? series.template.notes };
  }, sameShown);
  const weekDays = useAppSelector(selectWeekDayKeys);
  const days = useMemo(() => [...weekDays.map((date) => ({ date, label: `${dayLabel(date)} ${dateLabel(date)}` })), { date: SOMEDAY, label: 'Some Day' }], [weekDays]);
  // 'Make a task' offers the lists shown on the week too, as 'Move to…' does (an archived list is not offered).
  const shownLists = useAppSelector(selectShownLists);
  const lists = useMemo(() => shownLists.map((list) => ({ date: listKey(list.id), label: list.name })), [shownLists]);
  // Mounted from the first use on, so closing is the <dialog>'s own (focus goes back to the card's button).
  const [wanted, setWanted] = useState(false);
  if (shown && !wanted) setWanted(true);
  if (!wanted) return null;

  const runtime = loadedSeries();
  const occurrence = target?.kind === 'occurrence' ? target : null;
  const series = occurrence ? store.getState().series.series.entities[occurrence.seriesId] : undefined;
  let facts: SeriesFacts | undefined;
  if (occurrence && series && runtime) {
    const { firstDate, lastDate, number } = runtime.occurrenceFacts(series, occurrence.originalDate, runtime.exceptionsBySeries(store.getState().series));
    facts = {
      repeatText: runtime.describeRepeat(series.repeat, series.firstDate),
      repeat: series.repeat,
      firstDay: longDay(firstDate),
      lastDay: lastDate === null ? null : longDay(lastDate),
      number,
    };
  }

  const onSave = async (change: TaskDetailsChange): Promise<string | null> => {
    if (!target || !shown) return null;
    if (target.kind === 'task') {
      if (change.repeat) return startRepeating(target.id, change, change.repeat);
      dispatch(historyGroupStarted());
      if (change.title !== shown.title) dispatch(taskRenamed({ id: target.id, title: change.title }));
      if (change.notes !== shown.notes) dispatch(taskNotesSet({ id: target.id, notes: change.notes }));
      dispatch(historyGroupEnded());
    } else {
      const edit = changedFields(change, shown);
      if (change.repeat) {
        const error = await dispatch(repeatChangedHere(target, edit, change.repeat));
        if (error) return error;
      } else dispatch(occurrenceEditedHere(target, edit));
    }
    onClose();
    return null;
  };
  // A plain task starts repeating: the series code (lazy) checks the rule; a refusal goes back to the dialog.
  const startRepeating = async (id: string, change: TaskDetailsChange, repeat: Repeat): Promise<string | null> => {
    const code = await loadSeries();
    const task = selectTaskById(store.getState(), id);
    if (!task) return null;
    // Its checklist becomes the template's: each occurrence starts with the items, unticked.
    const items = task.checklist?.map(({ id: itemId, text }) => ({ id: itemId, text }));
    // Its labels become the series': every occurrence carries them.
    const template = { title: change.title, notes: change.notes, ...(items?.length ? { checklist: items } : {}), ...(task.labels?.length ? { labels: task.labels } : {}) };
    const result = makeRepeatingEvents(code, task.id, task.date, template, repeat, toDayKey(new Date()));
    if (!result.ok) return result.error;
    dispatch(historyGroupStarted());
    for (const event of result.events) dispatch(event);
    dispatch(historyGroupEnded());
    onClose();
    return null;
  };
  const onStopRepeating =
    series && runtime
      ? () => {
          for (const event of runtime.stopRepeatingEvents(series, toDayKey(new Date()))) dispatch(event);
          onClose();
        }
      : undefined;
  const onDelete = occurrence ? () => (dispatch(occurrenceDeletedHere(occurrence)), onClose()) : undefined;
  const move =
    target?.kind === 'task'
      ? () => (onClose(), onMove(target.id))
      : occurrence && onMoveOccurrence
        ? () => (onClose(), onMoveOccurrence({ seriesId: occurrence.seriesId, originalDate: occurrence.originalDate }))
        : undefined;
  const key = target ? (target.kind === 'task' ? target.id : occurrenceKey(target.seriesId, target.originalDate)) : 'none';
  return (
    <Suspense fallback={null}>
      <TaskDetailsDialog
        key={key}
        open={!!shown}
        title={shown?.title ?? ''}
        notes={shown?.notes ?? ''}
        series={facts}
        target={target}
        days={days}
        lists={lists}
        onSave={onSave}
        onMove={move}
        onStopRepeating={onStopRepeating}
        onDelete={onDelete}
        onClose={onClose}
        labels={
          target ? (
            <Suspense fallback={null}>
              {/* An occurrence's labels are its series': set for every occurrence, not 'this one' (docs/organize.md). */}
              {target.kind === 'task' ? <TaskLabels id={target.id} /> : <TaskLabels seriesId={target.seriesId} />}
            </Suspense>
          ) : undefined
        }
      />
    </Suspense>
  );
}

/** Only what the dialog changed: an occurrence's own title or notes must not become the series' ones. */
const changedFields = (change: TaskDetailsChange, shown: Shown) => ({
  ...(change.title !== shown.title ? { title: change.title } : {}),
  ...(change.notes !== shown.notes ? { notes: change.notes } : {}),
});

const sameShown = (a: Shown | null, b: Shown | null) => a === b || (!!a && !!b && a.title === b.title && a.notes === b.notes);
