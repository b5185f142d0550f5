import type { EntityState } from '@reduxjs/toolkit';
import type { ChecklistItem } from './checklist';

export const SOMEDAY = 'someday';

/** A day key (yyyy-MM-dd) or 'someday'. */
export type TaskDate = string;

const DAY_KEY = /^\d{4}-\d{2}-\d{2}$/;
export const isDayKey = (value: unknown): value is string => typeof value === 'string' && DAY_KEY.test(value);

/** A task as stored, exported and synced: `order` is its index among its date's tasks. */
export interface Task {
  id: string;
  title: string;
  date: TaskDate;
  completed: boolean;
  createdAt: number;
  order: number;
  /** Multi-line plain text from the task's details (issue 30.6); absent when there are none. */
  notes?: string;
  /** The task's checklist (issue 43.4), in order; absent when it has none. Older code ignores it. */
  checklist?: readonly ChecklistItem[];
  /** Ids of the task's labels (catalog/, docs/organize.md); absent when it has none. Older code ignores it. */
  labels?: string[];
  /**
   * The named list it is in (catalog/, docs/organize.md), only beside `date: 'someday'`: older code ignores the field and
   * shows the task in Some Day. Inside the store the list is the task's column key instead (listKey).
   */
  list?: string;
}

/** A named list's column in the store: `list:<id>`. Written out, its tasks are `date: 'someday'` with `list: <id>`. */
export const listKey = (id: string): TaskDate => `list:${id}`;
export const listIdOf = (date: TaskDate): string | null => (date.startsWith('list:') ? date.slice(5) : null);
/** The column of a task or an event as written out (its date, and its list beside Some Day). */
export const columnOf = (date: TaskDate, list?: unknown): TaskDate => (date === SOMEDAY && typeof list === 'string' && list ? listKey(list) : date);
/** A column as written out: a list's is Some Day with the list's id. */
export function wireDate(column: TaskDate): { date: TaskDate; list?: string } {
  const list = listIdOf(column);
  return list ? { date: SOMEDAY, list } : { date: column };
}

/** A task's labels as kept: label ids, each once, at most MAX_TASK_LABELS; nothing when there are none. */
export function labelsField(value: unknown): { labels?: string[] } {
  if (!Array.isArray(value)) return {};
  const labels = [...new Set(value.filter((id): id is string => typeof id === 'string' && id.length > 0 && id.length <= 100))].slice(0, MAX_TASK_LABELS);
  return labels.length > 0 ? { labels } : {};
}

/** The most labels one task carries: an event of the log stays far under its 8 KB. */
export const MAX_TASK_LABELS = 20;

/**
 * A task as the store keeps it. Where it stands is its index in its day's `ids`, which a list written out
 * turns into `order` (allTasksOf in taskList.ts): kept in every task, a delete at the top of a day made a new
 * object of every task after it.
 */
export type TaskEntity = Omit<Task, 'order' | 'list'>;

/** Unfinished and dated before `today` (day keys compare as strings); Some Day is never overdue. */
export const isOverdue = <T extends TaskEntity>(task: T | undefined, today: TaskDate): task is T =>
  !!task && !task.completed && isDayKey(task.date) && task.date < today;

// The tasks are normalized per day: each day is an entity adapter's state whose `ids` are the day's display order. A
// task's `order` is its index there, written out only in the list that is stored and synced (allTasksOf,
// placedTask): kept in the entities, a delete or move renumbered the day's later tasks, a new object each. An
// event copies only the day it touches. One `entities` object for every task made each event copy all of them:
// with 5,000 tasks that copy (a dictionary of 5,000 keys) was the largest part of a click, ~1-1.5 ms in
// Chromium, and every drag step and delete paid it too.

/** One day's tasks: `ids` in display order (a task's index there is its `order` in the list written out). */
export type DayTasks = EntityState<TaskEntity, string>;
/** Every day that has tasks (a day key or 'someday'), and only those. */
export type TaskDays = Record<TaskDate, DayTasks>;

export interface DragOrigin {
  taskId: string;
  /**
   * Where every task of the days this drag has touched stood before it touched them: the dragged task's
   * day when the drag began, each other day when the task first moves into it (see recordDay). Only the
   * dragged task moves during a drag, so other days need nothing to be restored.
   */
  positions: Record<string, { date: TaskDate; order: number }>;
  /** The days recorded in `positions`. */
  days: TaskDate[];
}

export interface TasksState {
  days: TaskDays;
  /** Set while a drag is in progress so a cancelled drag can restore the list. */
  drag: DragOrigin | null;
}
