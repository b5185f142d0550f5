import { tasksDeleted, tasksRestored, tasksRolledOver, type TaskEvent } from './events';
import { byOrder } from './taskList';
import type { Task } from './types';

// Changes to many tasks (an import, its undo, a rollover) are one bulk event here: thousands of
// events would each copy the whole list. The log takes them in pieces: the server refuses events
// over 8 KB (supabase/migrations/0004_task_events.sql) and shows jsonb with a space after every
// ':' and ','. A bulk event applied in pieces, in order, gives the same list as applied whole.
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
export function restoreEvent(tasks: Task[]): TaskEvent {
  return tasksRestored({ tasks: [...tasks].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : byOrder(a, b))) });
}

/** An event as the log takes it: a bulk event too large for one row becomes several, in order. */
export function splitForLog(event: TaskEvent): TaskEvent[] {
  if (tasksRestored.match(event) && event.payload.tasks.length > 1) {
    return chunked(event.payload.tasks, taskSize).map((tasks) => tasksRestored({ tasks }));
  }
  if (tasksDeleted.match(event) && event.payload.ids.length > 1) {
    return chunked(event.payload.ids, idSize).map((ids) => tasksDeleted({ ids }));
  }
  if (tasksRolledOver.match(event) && event.payload.ids.length > 1) {
    return chunked(event.payload.ids, idSize).map((ids) => tasksRolledOver({ ids, to: event.payload.to }));
  }
  return [event];
}
