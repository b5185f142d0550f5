import { readChecklist } from './checklist';
import { byOrder, datesInOrder, taskAt } from './taskList';
import { columnOf, labelsField, SOMEDAY, type DayTasks, type TaskDays, type Task } from './types';

// The stored form is the spec's: a plain JSON array of tasks under one key.
export const TASKS_KEY = 'weekly-planner-tasks';
// Where unreadable stored data is kept aside instead of being overwritten.
export const TASKS_BACKUP_KEY = 'weekly-planner-tasks-unreadable';

export interface LoadResult {
  tasks: Task[];
  /** True when the stored data had to be changed (legacy orders, dropped entries) and should be saved back. */
  changed: boolean;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** A stored entry as a Task, or null when it cannot be one. Missing order is left as NaN for the migration. */
export function toTask(value: unknown): Task | null {
  if (!isRecord(value)) return null;
  const { id, title, date, completed, createdAt, order, notes, labels, list } = value;
  const checklist = readChecklist(value.checklist);
  if (typeof id !== 'string' || !id || typeof title !== 'string' || typeof date !== 'string' || !date) return null;
  return {
    id,
    title,
    date,
    completed: completed === true,
    createdAt: typeof createdAt === 'number' && Number.isFinite(createdAt) ? createdAt : 0,
    order: typeof order === 'number' && Number.isFinite(order) ? order : Number.NaN,
    ...(typeof notes === 'string' && notes !== '' ? { notes } : {}),
    ...(checklist ? { checklist } : {}),
    ...labelsField(labels),
    // A list's task is in Some Day for every version; the field names the list (docs/organize.md).
    ...(date === SOMEDAY && typeof list === 'string' && list ? { list } : {}),
  };
}

/**
 * Reads a stored task list. Anything unreadable is ignored (the spec: corrupt storage is silently ignored);
 * tasks without a numeric order are grouped by date, sorted by createdAt and renumbered from 0.
 */
export function parseStoredTasks(raw: string | null): LoadResult & { unreadable: boolean } {
  if (raw === null) return { tasks: [], changed: false, unreadable: false };
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return { tasks: [], changed: false, unreadable: true };
  }
  if (!Array.isArray(data)) return { tasks: [], changed: false, unreadable: true };

  const { tasks, invalid, duplicates } = readTaskEntries(data);
  const dropped = invalid.length > 0 || duplicates.length > 0;
  const migrated = migrateLegacyOrder(tasks);
  const renumbered = closeOrderGaps(tasks);
  return { tasks, changed: dropped || migrated || renumbered, unreadable: dropped };
}

/**
 * The stored-data rules over a list of entries: the tasks read (the first of each id), and the
 * positions of entries that are not tasks and the ids listed more than once. Storage drops those
 * silently; an imported backup refuses them.
 */
export function readTaskEntries(data: unknown[]): { tasks: Task[]; invalid: number[]; duplicates: string[] } {
  const seen = new Set<string>();
  const tasks: Task[] = [];
  const invalid: number[] = [];
  const duplicates: string[] = [];
  data.forEach((entry, index) => {
    const task = toTask(entry);
    if (!task) invalid.push(index);
    else if (seen.has(task.id)) duplicates.push(task.id);
    else {
      seen.add(task.id);
      tasks.push(task);
    }
  });
  return { tasks, invalid, duplicates };
}

/** Legacy orders migrated and gaps closed, as a stored list is when read. */
export function normalizeOrders(tasks: Task[]): void {
  migrateLegacyOrder(tasks);
  closeOrderGaps(tasks);
}

function groupByDate(tasks: Task[]): Map<string, Task[]> {
  const byDate = new Map<string, Task[]>();
  for (const task of tasks) {
    // Orders count within a column: Some Day and each list apart.
    const column = columnOf(task.date, task.list);
    const list = byDate.get(column);
    if (list) list.push(task);
    else byDate.set(column, [task]);
  }
  return byDate;
}

/** Dropped entries (or another writer) can leave gaps or ties: each date's orders read 0..n-1 again, display order kept. */
function closeOrderGaps(tasks: Task[]): boolean {
  let changed = false;
  for (const list of groupByDate(tasks).values()) {
    if (ordersComplete(list)) continue;
    list.sort(byOrder).forEach((task, index) => {
      if (task.order !== index) {
        task.order = index;
        changed = true;
      }
    });
  }
  return changed;
}

/** Whether a date's orders are 0..n-1, each once: the usual case, checked without sorting. */
function ordersComplete(list: Task[]): boolean {
  const seen = new Uint8Array(list.length);
  for (const { order } of list) {
    if (!Number.isInteger(order) || order < 0 || order >= list.length || seen[order]) return false;
    seen[order] = 1;
  }
  return true;
}

/** Renumbers each date whose tasks lack a numeric order. Returns whether anything changed. */
export function migrateLegacyOrder(tasks: Task[]): boolean {
  const legacyDates = new Set(tasks.filter((task) => Number.isNaN(task.order)).map((task) => columnOf(task.date, task.list)));
  if (legacyDates.size === 0) return false;
  for (const list of groupByDate(tasks.filter((task) => legacyDates.has(columnOf(task.date, task.list)))).values()) {
    list
      .sort((a, b) => a.createdAt - b.createdAt || byOrder(a, b))
      .forEach((task, index) => {
        task.order = index;
      });
  }
  return true;
}

export function serializeTasks(tasks: Task[]): string {
  return JSON.stringify(tasks);
}

// Each day's part of the stored array, kept while the day's state is the same object (days are immutable).
const dayJson = new WeakMap<DayTasks, string>();

/**
 * The stored array of every task (serializeTasks(allTasksOf(days)), the same text) with each day serialized
 * once per change of that day: a completion among 5,000 tasks re-serializes its day, not the whole list.
 */
export function serializeDays(days: TaskDays): string {
  const parts: string[] = [];
  for (const date of datesInOrder(days)) {
    const day = days[date]!;
    let json = dayJson.get(day);
    if (json === undefined) {
      json = JSON.stringify(day.ids.map((id, order) => taskAt(day.entities[id]!, order))).slice(1, -1);
      dayJson.set(day, json);
    }
    if (json) parts.push(json);
  }
  return `[${parts.join(',')}]`;
}

/** Writes a stored value; false when refused (quota, private mode), which the spec says to ignore. */
export function writeStored(storage: globalThis.Storage, key: string, value: string): boolean {
  try {
    storage.setItem(key, value);
    return true;
  } catch (error) {
    // The planner keeps working in memory; the next write tries again.
    console.warn(`Could not save ${key}`, error);
    return false;
  }
}
