import { lazy, Suspense, useMemo, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { occurrenceMovedHere } from '../series/occurrenceScope';
import { occurrenceKey } from '../series/types';
import type { MoveWeek } from '../tasks/MoveTaskDialog';
import { loadMoveTaskDialog } from '../tasks/moveRequest';
import { taskMovedToEnd } from '../tasks/events';
import { selectTaskById } from '../tasks/taskSelectors';
import { selectShownLists } from '../catalog/shownLists';
import { listKey, type TaskDate } from '../tasks/types';
import { selectAnchor } from './plannerSlice';
import { dateLabel, dayLabel, shiftWeek, weekDayKeys } from './week';

const MoveTaskDialog = lazy(() => loadMoveTaskDialog().then((module) => ({ default: module.MoveTaskDialog })));

const week = (name: string, anchor: string): MoveWeek => ({
  name,
  days: weekDayKeys(anchor).map((date) => ({ date, label: `${dayLabel(date)} ${dateLabel(date)}` })),
});

/** An occurrence of a series, by the pair that names it on every device. */
export interface MovingOccurrence {
  seriesId: string;
  originalDate: string;
}

/**
 * The 'Move to…' choice for the task (taskId) or the occurrence being moved, offering the displayed week and the
 * next (and for an occurrence the one before). Either way it is one event, so one undo step, that replays on every
 * device.
 */
export function MoveTaskDialogContainer({ taskId, occurrence, onClose }: { taskId: string | null; occurrence?: MovingOccurrence | null; onClose: () => void }) {
  const dispatch = useAppDispatch();
  const anchor = useAppSelector(selectAnchor);
  const task = useAppSelector((state) => (taskId ? selectTaskById(state, taskId) : undefined));
  const shownOccurrence = useAppSelector((state) => {
    if (!occurrence) return undefined;
    const series = state.series.series.entities[occurrence.seriesId];
    if (!series) return undefined;
    const exception = state.series.exceptions.entities[occurrenceKey(occurrence.seriesId, occurrence.originalDate)];
    return { title: exception?.title ?? series.template.title, date: exception?.movedTo ?? occurrence.originalDate };
  }, sameShown);
  const moving = occurrence ? 'occurrence' : 'task';
  const weeks = useMemo(() => {
    const ahead = [week('This week', anchor), week('Next week', shiftWeek(anchor, 1))];
    // An occurrence moved ahead shows only where it went: the week before is offered too, so it can go back.
    return moving === 'occurrence' ? [week('Previous week', shiftWeek(anchor, -1)), ...ahead] : ahead;
  }, [anchor, moving]);
  const shown = task ? { title: task.title, date: task.date } : shownOccurrence;
  // A task may go to a list; an occurrence belongs to its series' days.
  const shownLists = useAppSelector(selectShownLists);
  const lists = useMemo(() => shownLists.map((list) => ({ date: listKey(list.id), label: list.name })), [shownLists]);
  // Mounted from the first use on, so closing it is the <dialog>'s own close (focus goes back to 'Move to…').
  const [wanted, setWanted] = useState(false);
  if (shown && !wanted) setWanted(true);
  if (!wanted) return null;
  const onMove = (date: TaskDate) => {
    // A task moves to that day's end; an occurrence is shown there, in whichever week is on screen (its original
    // day again clears the move), this one only, as its toast says (series/occurrenceScope.ts).
    if (task) dispatch(taskMovedToEnd({ id: task.id, toDate: date }));
    else if (occurrence) dispatch(occurrenceMovedHere(occurrence, date));
    onClose();
  };
  return (
    <Suspense fallback={null}>
      <MoveTaskDialog open={!!shown} taskTitle={shown?.title ?? ''} currentDate={shown?.date ?? null} weeks={weeks} lists={task ? lists : undefined} onMove={onMove} onClose={onClose} />
    </Suspense>
  );
}

const sameShown = (a?: { title: string; date: string }, b?: { title: string; date: string }) => a === b || (!!a && !!b && a.title === b.title && a.date === b.date);
