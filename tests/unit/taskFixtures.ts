import type { UnknownAction } from '@reduxjs/toolkit';
import { allTasksOf } from '../../src/features/tasks/taskList';
import { selectTaskIdsByDate } from '../../src/features/tasks/taskSelectors';
import { tasksReducer } from '../../src/features/tasks/tasksReducer';
import type { TasksState, Task, TaskEntity } from '../../src/features/tasks/types';

// Helpers shared by the task reducer tests: replay events and read the lists as a person sees them.

/** Every task by id, the store's own objects (the state keeps them day by day). */
export const taskEntities = (tasks: Pick<TasksState, 'days'>): Record<string, TaskEntity | undefined> =>
  Object.fromEntries(Object.values(tasks.days).flatMap((day) => day.ids.map((id) => [id, day.entities[id]!])));

/** Every task by id as written out (with its `order`). */
export const placedTasks = (tasks: Pick<TasksState, 'days'>): Record<string, Task | undefined> =>
  Object.fromEntries(allTasksOf(tasks.days).map((task) => [task.id, task]));

export const initialTasks = (): TasksState => tasksReducer(undefined, { type: '@@init' });

export function replay(actions: UnknownAction[], from: TasksState = initialTasks()): TasksState {
  return actions.reduce(tasksReducer, from);
}

/** Titles per date, each list in display order. */
export function titlesByDate(state: TasksState): Record<string, string[]> {
  const byDate = selectTaskIdsByDate({ tasks: state });
  const entities = taskEntities(state);
  return Object.fromEntries(Object.entries(byDate).map(([date, ids]) => [date, ids.map((id) => entities[id]!.title)]));
}

/** Orders per date in display order, as written out; a healthy list reads 0..n-1. */
export function ordersByDate(state: TasksState): Record<string, number[]> {
  const byDate = selectTaskIdsByDate({ tasks: state });
  const entities = placedTasks(state);
  return Object.fromEntries(Object.entries(byDate).map(([date, ids]) => [date, ids.map((id) => entities[id]!.order)]));
}

export function taskTitled(state: TasksState, title: string): Task {
  const task = Object.values(placedTasks(state)).find((candidate) => candidate!.title === title);
  if (!task) throw new Error(`no task titled ${title}`);
  return task;
}

export const MON = '2026-11-23';
export const TUE = '2026-11-24';
export const WED = '2026-11-25';
