import { checklistItemAdded, taskRestored, tasksDeleted, tasksRestored, tasksRolledOver, type TaskEvent } from './events';
import type { Task } from './types';

export { restoreEvent } from './restoreEvent';

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

/** Bytes of a text in UTF-8 (the server counts octets): é is two, a CJK letter three, an emoji four. */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let n = 0; n < text.length; n++) {
    const code = text.charCodeAt(n);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code < 0xdc00) {
      bytes += 4;
      n++;
    } else bytes += 3;
  }
  return bytes;
}

// Every ':' and ',' may gain a space in the stored form: a task has about 14 of them, each checklist item 4.
const taskSize = (task: Task) => (task.checklist?.length ? utf8Length(JSON.stringify(task)) + 16 + 4 * task.checklist.length : JSON.stringify(task).length + 16);
const idSize = (id: string) => JSON.stringify(id).length + 2;

/** An item put back with its id and tick, as it was (not a new item: checklistItemAdded's creator makes a new id). */
const itemRestored = (id: string, item: { id: string; text: string; done: boolean }): TaskEvent => ({ type: checklistItemAdded.type, payload: { id, item } });

/**
 * Tasks whose checklist makes them too large for one row go without it, their items following one event each
 * (a full checklist is ~25 KB): the same list once all are applied, in order.
 */
function withoutLargeChecklists(tasks: Task[]): { tasks: Task[]; items: TaskEvent[] } {
  const items: TaskEvent[] = [];
  const slim = tasks.map((task) => {
    if (!task.checklist?.length || taskSize(task) <= EVENT_BUDGET) return task;
    const { checklist, ...rest } = task;
    for (const item of checklist) items.push(itemRestored(task.id, item));
    return rest;
  });
  return { tasks: slim, items };
}

/** An event as the log takes it: a bulk event too large for one row becomes several, in order. */
export function splitForLog(event: TaskEvent): TaskEvent[] {
  if (taskRestored.match(event) && event.payload.task.checklist?.length && taskSize(event.payload.task) > EVENT_BUDGET) {
    const { tasks, items } = withoutLargeChecklists([event.payload.task]);
    return [taskRestored({ task: tasks[0]! }), ...items];
  }
  if (tasksRestored.match(event) && (event.payload.tasks.length > 1 || event.payload.tasks.some((task) => taskSize(task) > EVENT_BUDGET))) {
    const { tasks, items } = withoutLargeChecklists(event.payload.tasks);
    return [...chunked(tasks, taskSize).map((chunk) => tasksRestored({ tasks: chunk })), ...items];
  }
  if (tasksDeleted.match(event) && event.payload.ids.length > 1) {
    return chunked(event.payload.ids, idSize).map((ids) => tasksDeleted({ ids }));
  }
  if (tasksRolledOver.match(event) && event.payload.ids.length > 1) {
    return chunked(event.payload.ids, idSize).map((ids) => tasksRolledOver({ ids, to: event.payload.to }));
  }
  return [event];
}
