export const SOMEDAY = 'someday';

/** A day key (yyyy-MM-dd) or 'someday'. */
export type TaskDate = string;

export interface Task {
  id: string;
  title: string;
  date: TaskDate;
  completed: boolean;
  createdAt: number;
  order: number;
}
