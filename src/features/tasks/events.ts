import { createAction } from '@reduxjs/toolkit';
import { newTaskId } from '../../lib/ids';
import { isChecklistShape, newChecklistItemId } from './checklist';
import { isDayKey, listIdOf, SOMEDAY, wireDate, type Task, type TaskDate, type TaskDays } from './types';

// Every change to the task list is one of the events below (tasksReducer.ts says what each does). Ids and
// timestamps are made in `prepare`, so the reducer is pure and a recorded action log replays to the same state
// (Redux DevTools time travel, tests). Types keep the 'tasks/' prefix: they are stored in the cloud's log.

const taskAction = <P>(name: string) => createAction<P>(`tasks/${name}`);

// A named list's column (`list:<id>`) goes out as Some Day with `list` (types.ts wireDate): an older version reads it as
// Some Day, and the reducers read both back into the list's column (columnOf).
export const taskAdded = createAction('tasks/taskAdded', (title: string, date: TaskDate) => {
  const createdAt = Date.now();
  return { payload: { id: newTaskId(createdAt), title, ...wireDate(date), createdAt } };
});
export const taskRenamed = taskAction<{ id: string; title: string }>('taskRenamed');
/** The task's notes as they now read ('' clears them); sets, like a rename. */
export const taskNotesSet = taskAction<{ id: string; notes: string }>('taskNotesSet');
/** Notes longer than this are cut: an event of the log holds at most 8 KB. */
export const NOTES_MAX_LENGTH = 2000;
/**
 * The task's labels as they now are (ids of catalog labels; [] clears them): a set, never a toggle, so two devices'
 * changes replay to the last one in the log (docs/organize.md).
 */
export const taskLabelsSet = taskAction<{ id: string; labels: string[] }>('taskLabelsSet');
/** Completion is set, never toggled: a replayed or concurrent event states the intended value. */
export const taskCompletionSet = taskAction<{ id: string; completed: boolean }>('taskCompletionSet');
export const taskDeleted = taskAction<{ id: string }>('taskDeleted');
const wireMove = <P extends { toDate: TaskDate }>(move: P) => {
  const list = listIdOf(move.toDate);
  return { payload: (list ? { ...move, toDate: SOMEDAY, list } : move) as P & { list?: string } };
};
/** Move a task into `toDate` at `toIndex` (its index once it is removed from its old place); Some Day or a day drops its list. */
export const taskMoved = createAction('tasks/taskMoved', (move: { id: string; toDate: TaskDate; toIndex: number }) => wireMove(move));
/** Move a task to the end of `toDate` (a drop on a column rather than on a task). */
export const taskMovedToEnd = createAction('tasks/taskMovedToEnd', (move: { id: string; toDate: TaskDate }) => wireMove(move));
/**
 * Puts a whole task back as given (creating or overwriting it) at index `order` of its day: undo of a
 * delete, an imported backup, tasks that existed before sync began. A PUT, so replaying it is harmless.
 */
export const taskRestored = taskAction<{ task: Task }>('taskRestored');
/**
 * Checklist events (issue 43.4, docs/checklists.md): each names its task (`id`) and its item (`itemId`), so two
 * devices editing one checklist offline merge by the log's order. An event about a task or an item that is gone
 * does nothing; one past the caps (checklist.ts) does nothing either.
 */
export const checklistItemAdded = createAction(
  'tasks/checklistItemAdded',
  (id: string, text: string, index?: number, done = false) => {
    const item = { id: newChecklistItemId(), text, done };
    return { payload: { id, item, ...(index === undefined ? {} : { index }) } };
  },
);
export const checklistItemTextSet = taskAction<{ id: string; itemId: string; text: string }>('checklistItemTextSet');
/** Ticked or not: set, never toggled. */
export const checklistItemDoneSet = taskAction<{ id: string; itemId: string; done: boolean }>('checklistItemDoneSet');
/** To `toIndex` of the list without it. */
export const checklistItemMoved = taskAction<{ id: string; itemId: string; toIndex: number }>('checklistItemMoved');
export const checklistItemDeleted = taskAction<{ id: string; itemId: string }>('checklistItemDeleted');
/**
 * 'Make a task': the item leaves the checklist and becomes a task titled with its text (as it reads when the
 * event is replayed), at the end of `date`. The new task's id and time are made here.
 */
export const checklistItemMadeTask = createAction('tasks/checklistItemMadeTask', (id: string, itemId: string, date: TaskDate) => {
  const createdAt = Date.now();
  return { payload: { id, itemId, newTask: { id: newTaskId(createdAt), ...wireDate(date), createdAt } } };
});
/** Many taskRestored at once, in the given order (an import, the undo of one): the same result as one per task. */
export const tasksRestored = taskAction<{ tasks: Task[] }>('tasksRestored');
/** Many taskDeleted at once (an import that replaces the list, the undo of an import). */
export const tasksDeleted = taskAction<{ ids: string[] }>('tasksDeleted');
/**
 * Rollover: each listed task that is still unfinished and dated before `to` goes to the end of `to`,
 * in the listed order. A task already moved (by this event replayed, or another device's) stays put.
 */
export const tasksRolledOver = taskAction<{ ids: string[]; to: TaskDate }>('tasksRolledOver');
/**
 * A move shown while a drag is in progress, not an event of the log: the drop records one
 * taskMoved with the final place (see dnd/taskSource.ts), so a drag across five columns is one event.
 */
export const taskDragMovedTo = taskAction<{ id: string; toDate: TaskDate; toIndex?: number }>('taskDragMovedTo');
export const taskDragStarted = taskAction<{ id: string }>('taskDragStarted');
export const taskDragEnded = createAction('tasks/taskDragEnded');
/** A drop outside every target: put every task back where it stood when the drag began. */
export const taskDragCancelled = createAction('tasks/taskDragCancelled');
/** The list sync shows (its log with this device's unsent events on top); local, never logged. */
export const tasksRebased = taskAction<{ days: TaskDays }>('tasksRebased');
/** The whole list replaced: tasks loaded from the cloud, or from storage. */
export const tasksReplaced = taskAction<{ tasks: Task[] }>('tasksReplaced');

/**
 * The events of the task log: facts that replay on anyone's state (set, not toggle; a change to a
 * task that is gone does nothing). Drag previews, drag start/end/cancel and list replacement are local.
 */
export const taskEvents = [
  taskAdded,
  taskRenamed,
  taskNotesSet,
  taskLabelsSet,
  taskCompletionSet,
  taskDeleted,
  taskMoved,
  taskMovedToEnd,
  taskRestored,
  tasksRestored,
  tasksDeleted,
  tasksRolledOver,
  checklistItemAdded,
  checklistItemTextSet,
  checklistItemDoneSet,
  checklistItemMoved,
  checklistItemDeleted,
  checklistItemMadeTask,
] as const;

export type TaskEvent = ReturnType<(typeof taskEvents)[number]>;

export const TASK_EVENT_TYPES: readonly string[] = taskEvents.map((creator) => creator.type);

// By type: every dispatch asks (history, sync, listeners), and isAnyOf runs each creator's match in turn.
const taskEventTypes: ReadonlySet<string> = new Set(TASK_EVENT_TYPES);
export const isTaskEventType = (type: unknown) => typeof type === 'string' && taskEventTypes.has(type);

/** Matches the events of the task log (the sync listener sends these). */
export const isTaskEvent = (action: unknown): action is TaskEvent =>
  typeof action === 'object' && action !== null && isTaskEventType((action as { type?: unknown }).type);

/** Anything that changes the list shown: log events and the local drag moves (persistence writes after these). */
export const isTaskListChange = (action: unknown): action is TaskEvent | ReturnType<typeof taskDragMovedTo> | ReturnType<typeof taskDragCancelled> =>
  isTaskEvent(action) || taskDragMovedTo.match(action) || taskDragCancelled.match(action);

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isText = (value: unknown): value is string => typeof value === 'string' && value.length > 0;
const isIndex = (value: unknown): boolean => typeof value === 'number' && Number.isInteger(value) && value >= 0;
const isListField = (value: unknown): boolean => value === undefined || isText(value);
const isTaskShape = (value: unknown): boolean =>
  isRecord(value) &&
  isText(value.id) &&
  typeof value.title === 'string' &&
  isText(value.date) &&
  typeof value.completed === 'boolean' &&
  typeof value.createdAt === 'number' &&
  Number.isFinite(value.createdAt) &&
  isIndex(value.order) &&
  (value.notes === undefined || typeof value.notes === 'string') &&
  (value.checklist === undefined || isChecklistShape(value.checklist)) &&
  (value.labels === undefined || (Array.isArray(value.labels) && value.labels.every(isText))) &&
  isListField(value.list);

/**
 * Whether a value read from elsewhere (the cloud log, another tab, a file) is a task event this
 * version understands, with the payload its reducer expects. Anything else is skipped, not applied.
 */
export function isWellFormedTaskEvent(value: unknown): value is TaskEvent {
  if (!isRecord(value) || typeof value.type !== 'string' || !TASK_EVENT_TYPES.includes(value.type)) return false;
  const payload = value.payload;
  if (!isRecord(payload)) return false;
  switch (value.type.slice('tasks/'.length)) {
    case 'taskAdded':
      return isText(payload.id) && typeof payload.title === 'string' && isText(payload.date) && typeof payload.createdAt === 'number' && isListField(payload.list);
    case 'taskRenamed':
      return isText(payload.id) && typeof payload.title === 'string';
    case 'taskNotesSet':
      return isText(payload.id) && typeof payload.notes === 'string';
    case 'taskLabelsSet':
      return isText(payload.id) && Array.isArray(payload.labels) && payload.labels.every(isText);
    case 'taskCompletionSet':
      return isText(payload.id) && typeof payload.completed === 'boolean';
    case 'taskDeleted':
      return isText(payload.id);
    case 'taskMoved':
      return isText(payload.id) && isText(payload.toDate) && isIndex(payload.toIndex) && isListField(payload.list);
    case 'taskMovedToEnd':
      return isText(payload.id) && isText(payload.toDate) && isListField(payload.list);
    case 'taskRestored':
      return isTaskShape(payload.task);
    case 'tasksRestored':
      return Array.isArray(payload.tasks) && payload.tasks.every(isTaskShape);
    case 'tasksDeleted':
      return Array.isArray(payload.ids) && payload.ids.every(isText);
    case 'tasksRolledOver':
      return Array.isArray(payload.ids) && payload.ids.every(isText) && isDayKey(payload.to);
    case 'checklistItemAdded':
      return isText(payload.id) && isRecord(payload.item) && isText(payload.item.id) && typeof payload.item.text === 'string' &&
        (payload.item.done === undefined || typeof payload.item.done === 'boolean') && (payload.index === undefined || isIndex(payload.index));
    case 'checklistItemTextSet':
      return isText(payload.id) && isText(payload.itemId) && typeof payload.text === 'string';
    case 'checklistItemDoneSet':
      return isText(payload.id) && isText(payload.itemId) && typeof payload.done === 'boolean';
    case 'checklistItemMoved':
      return isText(payload.id) && isText(payload.itemId) && isIndex(payload.toIndex);
    case 'checklistItemDeleted':
      return isText(payload.id) && isText(payload.itemId);
    case 'checklistItemMadeTask':
      return isText(payload.id) && isText(payload.itemId) && isRecord(payload.newTask) && isText(payload.newTask.id) &&
        (payload.newTask.date === SOMEDAY || isDayKey(payload.newTask.date)) && typeof payload.newTask.createdAt === 'number' && isListField(payload.newTask.list);
    default:
      return false;
  }
}
