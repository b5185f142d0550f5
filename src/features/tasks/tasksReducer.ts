import type { UnknownAction } from '@reduxjs/toolkit';
import {
  isTaskEventType,
  taskAdded,
  taskCompletionSet,
  taskDeleted,
  taskDragCancelled,
  taskDragEnded,
  taskDragMovedTo,
  taskDragStarted,
  taskMoved,
  taskMovedToEnd,
  taskRenamed,
  taskNotesSet,
  taskLabelsSet,
  NOTES_MAX_LENGTH,
  taskRestored,
  tasksDeleted,
  tasksRebased,
  tasksReplaced,
  tasksRestored,
  tasksRolledOver,
  checklistItemAdded,
  checklistItemDeleted,
  checklistItemDoneSet,
  checklistItemMadeTask,
  checklistItemMoved,
  checklistItemTextSet,
  type TaskEvent,
} from './events';
import { addItem, deleteItem, moveItem, readChecklist, setItemDone, setItemText, type ChecklistItem } from './checklist';
import { TaskEdit, sameTask } from './taskEdit';
import { daysFrom } from './taskList';
import { columnOf, isDayKey, isOverdue, labelsField, type Task, type TaskDate, type TaskDays, type TaskEntity, type TasksState } from './types';

const NO_DAYS: TaskDays = Object.freeze({}) as TaskDays;
const initialState: TasksState = Object.freeze({ days: NO_DAYS, drag: null });

/** A restored task as the list keeps it, or null when it is not one. */
function restoredTask(given: Task | undefined): TaskEntity | null {
  if (!given || typeof given.id !== 'string' || typeof given.date !== 'string') return null;
  const title = String(given.title ?? '').trim();
  if (!title) return null;
  const notes = typeof given.notes === 'string' && given.notes !== '' ? { notes: given.notes.slice(0, NOTES_MAX_LENGTH) } : {};
  const checklist = readChecklist(given.checklist);
  return {
    id: given.id,
    title,
    date: columnOf(given.date, given.list),
    completed: given.completed === true,
    createdAt: Number.isFinite(given.createdAt) ? given.createdAt : 0,
    ...notes,
    ...(checklist ? { checklist } : {}),
    ...labelsField(given.labels),
  };
}

const placeOf = (given: Task, length: number) =>
  Number.isFinite(given.order) ? Math.max(0, Math.min(Math.trunc(given.order), length)) : length;

/** The dragged task's move into `toDate` first records that day's positions (see DragOrigin). */
function recordDay(edit: TaskEdit, date: TaskDate): void {
  const drag = edit.drag;
  if (!drag || drag.days.includes(date)) return;
  const positions = { ...drag.positions };
  edit.idsOn(date).forEach((id, order) => {
    positions[id] ??= { date, order };
  });
  edit.drag = Object.freeze({ ...drag, positions: Object.freeze(positions), days: Object.freeze([...drag.days, date]) as TaskDate[] });
}

function moveInDrag(edit: TaskEdit, id: string, toDate: TaskDate, toIndex: number): void {
  // A dragged task deleted mid-drag (another device, another tab) does not move: nothing to record either.
  if (edit.drag?.taskId === id && edit.get(id)) recordDay(edit, toDate);
  edit.move(id, toDate, toIndex);
}

type Apply = (edit: TaskEdit, action: UnknownAction) => void;

/** A checklist event on its task's list: a task that is gone, or a change that changes nothing, leaves all as it was. */
function editChecklist(edit: TaskEdit, id: unknown, change: (list: readonly ChecklistItem[] | undefined) => readonly ChecklistItem[] | null): void {
  const task = typeof id === 'string' ? edit.get(id) : undefined;
  if (!task) return;
  const next = change(task.checklist);
  if (next) edit.update(task.id, { checklist: next });
}

type Payload<C extends (...args: never[]) => { payload: unknown }> = ReturnType<C>['payload'];

/** What each event does, on an edit of the state (one reduction, or a replay of many events). */
const apply: Record<string, Apply> = {
  [taskAdded.type]: (edit, action) => {
    const { id, title, date, list, createdAt } = (action as ReturnType<typeof taskAdded>).payload;
    const trimmed = String(title ?? '').trim();
    if (!trimmed || typeof id !== 'string' || typeof date !== 'string' || edit.get(id)) return;
    edit.insert({ id, title: trimmed, date: columnOf(date, list), completed: false, createdAt });
  },
  [taskRenamed.type]: (edit, action) => {
    const { id, title } = (action as ReturnType<typeof taskRenamed>).payload;
    const task = edit.get(id);
    const trimmed = String(title ?? '').trim();
    if (task && trimmed && trimmed !== task.title) edit.update(id, { title: trimmed });
  },
  [taskNotesSet.type]: (edit, action) => {
    const { id, notes } = (action as ReturnType<typeof taskNotesSet>).payload;
    const task = edit.get(id);
    const text = String(notes ?? '').slice(0, NOTES_MAX_LENGTH);
    if (task && text !== (task.notes ?? '')) edit.update(id, { notes: text });
  },
  [taskLabelsSet.type]: (edit, action) => {
    const { id, labels } = (action as ReturnType<typeof taskLabelsSet>).payload;
    const task = edit.get(id);
    if (!task) return;
    const next = labelsField(labels).labels;
    const same = (next?.length ?? 0) === (task.labels?.length ?? 0) && (next ?? []).every((label, i) => label === task.labels![i]);
    if (same) return;
    edit.update(id, { labels: next ?? [] });
  },
  [taskCompletionSet.type]: (edit, action) => {
    const { id, completed } = (action as ReturnType<typeof taskCompletionSet>).payload;
    const task = edit.get(id);
    if (task && task.completed !== (completed === true)) edit.update(id, { completed: completed === true });
  },
  [taskDeleted.type]: (edit, action) => {
    edit.remove((action as ReturnType<typeof taskDeleted>).payload.id);
  },
  [taskMoved.type]: (edit, action) => {
    const { id, toDate, toIndex, list } = (action as ReturnType<typeof taskMoved>).payload;
    moveInDrag(edit, id, columnOf(toDate, list), toIndex);
  },
  [taskMovedToEnd.type]: (edit, action) => {
    const { id, toDate, list } = (action as ReturnType<typeof taskMovedToEnd>).payload;
    moveInDrag(edit, id, columnOf(toDate, list), Number.MAX_SAFE_INTEGER);
  },
  [taskRestored.type]: (edit, action) => {
    const given = (action as ReturnType<typeof taskRestored>).payload.task;
    const task = restoredTask(given);
    if (!task) return;
    const existing = edit.get(task.id);
    // A PUT of what is there already (a replayed seed) changes nothing, so nothing re-renders or is written.
    if (existing && sameTask(existing, task) && edit.placedAt(task.id, task.date, placeOf(given, edit.idsOn(task.date).length - 1))) return;
    edit.remove(task.id);
    edit.insert(task, placeOf(given, edit.idsOn(task.date).length));
  },
  [tasksRestored.type]: (edit, action) => {
    const given = (action as ReturnType<typeof tasksRestored>).payload.tasks;
    for (const one of Array.isArray(given) ? given : []) {
      const task = restoredTask(one);
      if (!task) continue;
      edit.remove(task.id);
      edit.insert(task, placeOf(one, edit.idsOn(task.date).length));
    }
  },
  [tasksDeleted.type]: (edit, action) => {
    const ids = (action as ReturnType<typeof tasksDeleted>).payload.ids;
    for (const id of Array.isArray(ids) ? ids : []) edit.remove(id);
  },
  [tasksRolledOver.type]: (edit, action) => {
    const { ids, to } = (action as ReturnType<typeof tasksRolledOver>).payload;
    if (!Array.isArray(ids) || !isDayKey(to)) return;
    for (const id of new Set(ids)) if (isOverdue(edit.get(id), to)) edit.move(id, to, Number.MAX_SAFE_INTEGER);
  },
  [checklistItemAdded.type]: (edit, action) => {
    const { id, item, index } = action.payload as Payload<typeof checklistItemAdded> & { index?: number };
    if (item && typeof item === 'object') editChecklist(edit, id, (list) => addItem(list, { id: item.id, text: item.text, done: item.done === true }, index));
  },
  [checklistItemTextSet.type]: (edit, action) => {
    const { id, itemId, text } = action.payload as Payload<typeof checklistItemTextSet>;
    editChecklist(edit, id, (list) => setItemText(list, itemId, text));
  },
  [checklistItemDoneSet.type]: (edit, action) => {
    const { id, itemId, done } = action.payload as Payload<typeof checklistItemDoneSet>;
    editChecklist(edit, id, (list) => setItemDone(list, itemId, done === true));
  },
  [checklistItemMoved.type]: (edit, action) => {
    const { id, itemId, toIndex } = action.payload as Payload<typeof checklistItemMoved>;
    editChecklist(edit, id, (list) => moveItem(list, itemId, toIndex));
  },
  [checklistItemDeleted.type]: (edit, action) => {
    const { id, itemId } = action.payload as Payload<typeof checklistItemDeleted>;
    editChecklist(edit, id, (list) => deleteItem(list, itemId));
  },
  [checklistItemMadeTask.type]: (edit, action) => {
    const { id, itemId, newTask } = action.payload as Payload<typeof checklistItemMadeTask>;
    const task = typeof id === 'string' ? edit.get(id) : undefined;
    const item = task?.checklist?.find((one) => one.id === itemId);
    if (!task || !item || !newTask || typeof newTask.id !== 'string' || edit.get(newTask.id) || typeof newTask.date !== 'string') return;
    edit.update(task.id, { checklist: deleteItem(task.checklist, item.id)! });
    edit.insert({ id: newTask.id, title: item.text, date: columnOf(newTask.date, (newTask as { list?: string }).list), completed: item.done, createdAt: Number(newTask.createdAt) || 0 });
  },
  [taskDragMovedTo.type]: (edit, action) => {
    const { id, toDate, toIndex } = (action as ReturnType<typeof taskDragMovedTo>).payload;
    if (edit.drag) moveInDrag(edit, id, toDate, toIndex ?? Number.MAX_SAFE_INTEGER);
  },
  [taskDragStarted.type]: (edit, action) => {
    const task = edit.get((action as ReturnType<typeof taskDragStarted>).payload.id);
    if (!task) return;
    edit.drag = { taskId: task.id, positions: {}, days: [] };
    recordDay(edit, task.date);
  },
  [taskDragEnded.type]: (edit) => {
    edit.drag = null;
  },
  [taskDragCancelled.type]: (edit) => {
    if (!edit.drag) return;
    const { positions } = edit.drag;
    const entries = Object.entries(positions);
    // Where each of the drag's tasks stands, read before any is put back: one index a day, not a search a task.
    const dates = entries.map(([id]) => edit.dayOf(id));
    const indexOn = new Map<TaskDate, Map<string, number>>();
    for (const date of new Set(dates)) if (date !== undefined) indexOn.set(date, new Map(edit.idsOn(date).map((id, index) => [id, index])));
    const touched = new Set<TaskDate>();
    entries.forEach(([id, position], n) => {
      const date = dates[n];
      if (date === undefined || (date === position.date && indexOn.get(date)!.get(id) === position.order)) return;
      touched.add(date).add(position.date);
      if (date === position.date) return;
      const task = edit.remove(id)!;
      edit.attach({ ...task, date: position.date });
    });
    // A task deleted during the drag leaves a gap, one added during it a tie: the drag's tasks first, in
    // their places, then the others as they stand.
    for (const date of touched) {
      const here = Object.entries(positions)
        .filter(([id, position]) => position.date === date && edit.dayOf(id) === date)
        .sort(([, a], [, b]) => a.order - b.order)
        .map(([id]) => id);
      edit.setOrder(date, [...here, ...edit.idsOn(date).filter((id) => !(id in positions))]);
    }
    edit.drag = null;
  },
};

/** The tasks' reducer: one copy-on-write edit per event, no Immer (see TaskDays in types.ts and TaskEdit). */
export function tasksReducer(state: TasksState | undefined, action: UnknownAction): TasksState {
  if (!state) state = initialState;
  if (tasksRebased.match(action)) return Object.freeze({ ...state, days: action.payload.days });
  if (tasksReplaced.match(action)) return Object.freeze({ days: daysFrom(action.payload.tasks), drag: null });
  const change = apply[action.type];
  if (!change) return state;
  const edit = new TaskEdit(state);
  change(edit, action);
  return edit.finish();
}

/**
 * The state after `events`, equal to reducing them one by one, in one edit: each touched day is copied
 * once, and a task the events left as it was keeps its object, so only changed cards and columns
 * re-render (a catch-up of 10,000 events).
 */
export function replayTaskEvents(state: TasksState, events: Iterable<TaskEvent>): TasksState {
  const where = new Map<string, TaskDate>();
  for (const date in state.days) for (const id of state.days[date]!.ids) where.set(id, date);
  const edit = new TaskEdit(state, where);
  for (const event of events) if (isTaskEventType(event.type)) apply[event.type]!(edit, event);
  return edit.finish(true);
}
