import { lazy, Suspense, useState } from 'react';
import { useAppDispatch, useAppSelector, useAppStore } from '../../app/hooks';
import { historyGroupEnded, historyGroupStarted } from '../history/historySlice';
import { changeRepeatEvents, makeRepeatingEvents } from '../series/repeatChange';
import { loadedSeries, loadSeries } from '../series/seriesHost';
import { occurrenceKey, type Repeat } from '../series/types';
import { loadTaskDetailsDialog, type DetailsTarget } from '../tasks/detailsRequest';
import { taskNotesSet, taskRenamed } from '../tasks/events';
import type { DetailsScope, TaskDetailsChange } from '../tasks/TaskDetailsDialog';
import { selectTaskById } from '../tasks/taskSelectors';
import type { MovingOccurrence } from './MoveTaskDialogContainer';
import { toDayKey } from './week';

const TaskDetailsDialog = lazy(() => loadTaskDetailsDialog().then((module) => ({ default: module.TaskDetailsDialog })));

interface Shown {
  title: string;
  notes: string;
  repeatText?: string;
}

/**
 * The details of the task or occurrence asked for. A plain task's changes are task events (rename, notes); an
 * occurrence's are the events of the scope chosen (series/scopes.ts). Each save is one undo step.
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
  // Mounted from the first use on, so closing is the <dialog>'s own (focus goes back to the card's button).
  const [wanted, setWanted] = useState(false);
  if (shown && !wanted) setWanted(true);
  if (!wanted) return null;

  const runtime = loadedSeries();
  const series = target?.kind === 'occurrence' ? store.getState().series.series.entities[target.seriesId] : undefined;
  const repeatText = series && runtime ? runtime.describeRepeat(series.repeat, series.firstDate) : undefined;

  const onSave = async (change: TaskDetailsChange, scope: DetailsScope = 'this'): Promise<string | null> => {
    if (!target || !shown) return null;
    if (change.repeat) return saveRepeat(change, change.repeat, scope);
    dispatch(historyGroupStarted());
    if (target.kind === 'task') {
      if (change.title !== shown.title) dispatch(taskRenamed({ id: target.id, title: change.title }));
      if (change.notes !== shown.notes) dispatch(taskNotesSet({ id: target.id, notes: change.notes }));
    } else if (series && runtime) {
      const edit = changedFields(change, shown);
      for (const event of runtime.editEvents(series, target.originalDate, edit, scope)) dispatch(event);
    }
    dispatch(historyGroupEnded());
    onClose();
    return null;
  };
  // A new rule: the series code (lazy) checks it; a refusal goes back to the dialog and nothing is dispatched.
  const saveRepeat = async (change: TaskDetailsChange, repeat: Repeat, scope: DetailsScope): Promise<string | null> => {
    if (!target || !shown) return null;
    const code = await loadSeries();
    const state = store.getState();
    const template = { title: change.title, notes: change.notes };
    let result;
    if (target.kind === 'task') {
      const task = selectTaskById(state, target.id);
      if (!task) return null;
      result = makeRepeatingEvents(code, task.id, task.date, template, repeat, toDayKey(new Date()));
    } else {
      const current = state.series.series.entities[target.seriesId];
      if (!current) return null;
      const edit = changedFields(change, shown);
      result = changeRepeatEvents(code, current, target.originalDate, edit, repeat, scope === 'all' ? 'all' : 'following');
    }
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
  // Deleting an occurrence asks its scope: this one is a skip, the following end the series, all delete it.
  const onDelete =
    series && runtime && target?.kind === 'occurrence'
      ? (scope: DetailsScope) => {
          dispatch(historyGroupStarted());
          for (const event of runtime.deleteEvents(series, target.originalDate, scope)) dispatch(event);
          dispatch(historyGroupEnded());
          onClose();
        }
      : undefined;
  const move =
    target?.kind === 'task'
      ? () => (onClose(), onMove(target.id))
      : target && onMoveOccurrence
        ? () => (onClose(), onMoveOccurrence({ seriesId: target.seriesId, originalDate: target.originalDate }))
        : undefined;
  const key = target ? (target.kind === 'task' ? target.id : occurrenceKey(target.seriesId, target.originalDate)) : 'none';
  return (
    <Suspense fallback={null}>
      <TaskDetailsDialog
        key={key}
        open={!!shown}
        title={shown?.title ?? ''}
        notes={shown?.notes ?? ''}
        repeatText={repeatText}
        onSave={onSave}
        onMove={move}
        onStopRepeating={onStopRepeating}
        onDelete={onDelete}
        onClose={onClose}
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
