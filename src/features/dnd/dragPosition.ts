import { selectDraggedTaskId, selectTaskById, selectTaskIdsByDate } from '../tasks/taskSelectors';
import type { TasksState } from '../tasks/types';
import type { Slot } from './moves';

type WithTasks = { tasks: TasksState };

/** A task's day and index in that day's sorted list. */
export function slotOf(state: WithTasks, id: string): Slot | null {
  const task = selectTaskById(state, id);
  if (!task) return null;
  return { date: task.date, index: (selectTaskIdsByDate(state)[task.date] ?? []).indexOf(id) };
}

/** The dragged task's slot as one comparable string ('2026-11-24#1'), or null when nothing is dragged. */
export function selectDraggedSlotKey(state: WithTasks): string | null {
  const id = selectDraggedTaskId(state);
  const slot = id ? slotOf(state, id) : null;
  return slot ? `${slot.date}#${slot.index}` : null;
}
