import { byOrder, tasksDeleted, tasksRestored, tasksRolledOver, type TaskEvent } from './tasksSlice';
import type { Task, TaskDate } from './types';

// Changes to many tasks (an import, its undo, a rollover) go out as a few bulk events rather than one
// per task: thousands of events would each copy the whole list here and cost a row each in the log.
// The server refuses events over 8 KB (supabase/migrations/0004_task_events.sql) and shows jsonb with
// a space after every ':' and ',', so each event is cut well below that.
const EVENT_BUDGET = 6000;

function chunked<T>(items: T[], sizeOf: (item: T) => number): T[][] {
  const chunks: T[][] = [];
  let current: T[] = [];
  let size = 0;
  for (const item of items) {
    const itemSize = sizeOf(item);
    if (current.length > 0 && size + itemSize > EVENT_BUDGET) {
      chunks.push(current);
      current = [];
      size = 0;
    }
    current.push(item);
    size += itemSize;
  }
  if (current.length > 0) chunks.push(current);
  return chunks;
}

// Every ':' and ',' may gain a space in the stored form: a task has about 14 of them.
const taskSize = (task: Task) => JSON.stringify(task).length + 16;
const idSize = (id: string) => JSON.stringify(id).length + 2;

/** Whole tasks put back at their places: by day, then place, so each lands where it says. */
export function restoreEvents(tasks: Task[]): TaskEvent[] {
  const sorted = [...tasks].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : byOrder(a, b)));
  return chunked(sorted, taskSize).map((chunk) => tasksRestored({ tasks: chunk }));
}

export function deleteEvents(ids: string[]): TaskEvent[] {
  return chunked(ids, idSize).map((chunk) => tasksDeleted({ ids: chunk }));
}

export function rolloverEvents(ids: string[], to: TaskDate): TaskEvent[] {
  return chunked(ids, idSize).map((chunk) => tasksRolledOver({ ids: chunk, to }));
}
