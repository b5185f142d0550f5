import { lazy, Suspense, useMemo, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import type { MoveWeek } from '../tasks/MoveTaskDialog';
import { loadMoveTaskDialog } from '../tasks/moveRequest';
import { taskMovedToEnd } from '../tasks/events';
import { selectTaskById } from '../tasks/taskSelectors';
import type { TaskDate } from '../tasks/types';
import { selectAnchor } from './plannerSlice';
import { dateLabel, dayLabel, shiftWeek, weekDayKeys } from './week';

const MoveTaskDialog = lazy(() => loadMoveTaskDialog().then((module) => ({ default: module.MoveTaskDialog })));

const week = (name: string, anchor: string): MoveWeek => ({
  name,
  days: weekDayKeys(anchor).map((date) => ({ date, label: `${dayLabel(date)} ${dateLabel(date)}` })),
});

/** The 'Move to…' choice for the task being moved (taskId), offering the displayed week and the next. */
export function MoveTaskDialogContainer({ taskId, onClose }: { taskId: string | null; onClose: () => void }) {
  const dispatch = useAppDispatch();
  const anchor = useAppSelector(selectAnchor);
  const task = useAppSelector((state) => (taskId ? selectTaskById(state, taskId) : undefined));
  const weeks = useMemo(() => [week('This week', anchor), week('Next week', shiftWeek(anchor, 1))], [anchor]);
  // Mounted from the first use on, so closing it is the <dialog>'s own close (focus goes back to 'Move to…').
  const [wanted, setWanted] = useState(false);
  if (task && !wanted) setWanted(true);
  if (!wanted) return null;
  const onMove = (date: TaskDate) => {
    // One event, so one undo step (history/recordSteps.ts), and it replays on every device as a move to that day's end.
    if (task) dispatch(taskMovedToEnd({ id: task.id, toDate: date }));
    onClose();
  };
  return (
    <Suspense fallback={null}>
      <MoveTaskDialog open={!!task} taskTitle={task?.title ?? ''} currentDate={task?.date ?? null} weeks={weeks} onMove={onMove} onClose={onClose} />
    </Suspense>
  );
}
