import { createSelector } from '@reduxjs/toolkit';
import { allTasksOf, taskIn } from './taskList';
import type { TaskDate, TaskEntity, TasksState } from './types';

type WithTasks = { tasks: Pick<TasksState, 'days'> & Partial<TasksState> };

const selectTaskDays = (state: WithTasks) => state.tasks.days;
export const selectAllTasks = createSelector([selectTaskDays], allTasksOf);
/** A task by id; `hint` is the day it is expected on (a card's), which saves looking through the other days. */
export const selectTaskById = (state: WithTasks, id: string, hint?: TaskDate): TaskEntity | undefined => taskIn(state.tasks, id, hint);
export const selectDraggedTaskId = (state: { tasks: TasksState }) => state.tasks.drag?.taskId ?? null;

type IdsByDate = Record<TaskDate, string[]>;

/** Task ids per date in display order; each day's array is the day's own, so it changes only with that day's list. */
export const selectTaskIdsByDate = createSelector([selectTaskDays], (days): IdsByDate => {
  const byDate: IdsByDate = {};
  for (const date in days) byDate[date] = days[date]!.ids;
  return byDate;
});

const NO_IDS: string[] = Object.freeze([]) as unknown as string[];

/** Sorted ids of one day: the day's own array, the same while its list is unchanged. */
export const makeSelectTaskIdsOn = () => (state: WithTasks, date: TaskDate) => state.tasks.days[date]?.ids ?? NO_IDS;

const NO_TASKS: TaskEntity[] = Object.freeze([]) as unknown as TaskEntity[];

/**
 * One day's tasks in display order, for its column, which passes each card its task. The array changes
 * only when the day's list does (a task added, removed or moved; equal lists keep the array): a completion
 * or rename leaves it alone, and the card shows its task's current title and completion through its own
 * subscription (useLiveTask), so a click among thousands of tasks re-renders one card, not its column.
 * The objects in the array may so be older than the store's for those two fields, never for their date.
 */
export const makeSelectTasksOn = () => {
  let last: { ids: readonly string[]; tasks: TaskEntity[] } | null = null;
  return (state: WithTasks, date: TaskDate): TaskEntity[] => {
    const day = state.tasks.days[date];
    if (!day) return (last = null), NO_TASKS;
    if (last && (last.ids === day.ids || sameIds(last.ids, day.ids))) {
      if (last.ids !== day.ids) last = { ids: day.ids, tasks: last.tasks };
      return last.tasks;
    }
    last = { ids: day.ids, tasks: day.ids.map((id) => day.entities[id]!) };
    return last.tasks;
  };
};

function sameIds(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((id, i) => id === b[i]);
}
