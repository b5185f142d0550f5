export const SOMEDAY = 'someday';

/** A day key (yyyy-MM-dd) or 'someday'. */
export type TaskDate = string;

/** A task as stored, exported and synced: `order` is its index among its date's tasks. */
export interface Task {
  id: string;
  title: string;
  date: TaskDate;
  completed: boolean;
  createdAt: number;
  order: number;
}

/**
 * A task as the store keeps it. Where it stands is its index in its day's `ids` (tasksSlice), which a
 * list written out turns into `order` (allTasksOf): kept in every task, a delete at the top of a day
 * made a new object of every task after it.
 */
export type TaskEntity = Omit<Task, 'order'>;
