import { createAction, createEntityAdapter, createSelector, type UnknownAction } from '@reduxjs/toolkit';
import { newTaskId } from '../../lib/ids';
import type { Task, TaskDate, TaskEntity } from './types';

// Every change to the task list is one of the events below. The reducer is pure: ids and timestamps
// are made in `prepare`, so a recorded action log replays to the same state (Redux DevTools time
// travel, tests).
//
// The tasks are normalized per day: each day is an entity adapter's state whose `ids` are the day's
// display order. A task's `order` is its index there, written out only in the list that is stored and
// synced (allTasksOf, placedTask): kept in the entities, a delete or move renumbered the day's later tasks,
// a new object each. An event copies only the day it touches. One
// `entities` object for every task made each event copy all of them: with 5,000 tasks that copy (a
// dictionary of 5,000 keys) was the largest part of a click, ~1-1.5 ms in Chromium, and every drag step
// and delete paid it too. The whole list, as stored and synced, is the days' tasks (allTasksOf).

const dayAdapter = createEntityAdapter<TaskEntity>();

/** One day's tasks: `ids` in display order (a task's index there is its `order` in the list written out). */
export type DayTasks = ReturnType<typeof dayAdapter.getInitialState>;
/** Every day that has tasks (a day key or 'someday'), and only those. */
export type TaskDays = Record<TaskDate, DayTasks>;

/**
 * A day's entities as an object without a prototype. V8 keeps an object of hundreds of keys as a hash table; one
 * without a prototype starts as one, where a `{}` filled key by key changes its layout on the way (and is read
 * slower after). An edit copies its day's entities: a 625-key copy took ~0.1-0.4 ms in a click's first runs
 * this way, and ~0.02 ms from one without a prototype.
 */
const newEntities = (): DayTasks['entities'] => Object.create(null) as DayTasks['entities'];

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

const NO_DAYS: TaskDays = Object.freeze({}) as TaskDays;
const initialState: TasksState = Object.freeze({ days: NO_DAYS, drag: null });

export function byOrder(a: Task, b: Task): number {
  return a.order - b.order || a.createdAt - b.createdAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

const DAY_KEY = /^\d{4}-\d{2}-\d{2}$/;
export const isDayKey = (value: unknown): value is string => typeof value === 'string' && DAY_KEY.test(value);

/** Unfinished and dated before `today` (day keys compare as strings); Some Day is never overdue. */
export const isOverdue = <T extends TaskEntity>(task: T | undefined, today: TaskDate): task is T =>
  !!task && !task.completed && isDayKey(task.date) && task.date < today;

/** The task with this id, looked for first on `hint` (the day a caller expects it on), then on every day. */
export function taskIn(tasks: Pick<TasksState, 'days'>, id: string, hint?: TaskDate): TaskEntity | undefined {
  const { days } = tasks;
  if (hint !== undefined) {
    const task = days[hint]?.entities[id];
    if (task) return task;
  }
  for (const date in days) {
    const task = days[date]!.entities[id];
    if (task) return task;
  }
  return undefined;
}

/** The days in key order (dated days by date, then 'someday'): the order of the stored and synced list. */
export const datesInOrder = (days: TaskDays): TaskDate[] => Object.keys(days).sort();

/**
 * The task with this id as written out, its `order` its index on its day; looked for as by taskIn. For what
 * needs a task's place (history); a card needs only taskIn's.
 */
export function placedTask(tasks: Pick<TasksState, 'days'>, id: string, hint?: TaskDate): Task | undefined {
  const task = taskIn(tasks, id, hint);
  return task && taskAt(task, tasks.days[task.date]!.ids.indexOf(id));
}

/** A task as written out at `order`, field by field in one shape (what storage has always held, key order included). */
export const taskAt = (task: TaskEntity, order: number): Task => ({
  id: task.id,
  title: task.title,
  date: task.date,
  completed: task.completed,
  createdAt: task.createdAt,
  order,
});

/** Every task, day by day (days in key order, each in display order): what is stored, exported and synced. */
export function allTasksOf(days: TaskDays): Task[] {
  const list: Task[] = [];
  for (const date of datesInOrder(days)) {
    const { ids, entities } = days[date]!;
    ids.forEach((id, order) => list.push(taskAt(entities[id]!, order)));
  }
  return list;
}

/** The days of a list of tasks, each in order (their `order`, then when made); the first task of an id wins. */
export function daysFrom(tasks: readonly Task[]): TaskDays {
  const byDate = new Map<TaskDate, Task[]>();
  const seen = new Set<string>();
  for (const task of tasks) {
    if (seen.has(task.id)) continue;
    seen.add(task.id);
    const list = byDate.get(task.date);
    if (list) list.push(task);
    else byDate.set(task.date, [task]);
  }
  const days: TaskDays = {};
  for (const [date, list] of byDate) {
    const ids: string[] = [];
    const entities = newEntities();
    for (const task of list.sort(byOrder)) {
      ids.push(task.id);
      entities[task.id] = entityOf(task);
    }
    days[date] = Object.freeze({ ids: Object.freeze(ids) as string[], entities: Object.freeze(entities) });
  }
  return Object.freeze(days);
}

// ---------------------------------------------------------------------------------------------------
// Copy-on-write edits: what a reduction changes is copied once, everything else is shared with the
// state it started from, and the result is frozen.

/** A state being edited by one reduction (or, in replayTaskEvents, by many events in a row). */
class TaskEdit {
  private days: TaskDays;
  private daysCopied = false;
  /** Days whose DayTasks, `ids` or `entities` are copies this edit owns (and may change in place). */
  private readonly ownDay = new Set<TaskDate>();
  private readonly ownIds = new Set<TaskDate>();
  private readonly ownEntities = new Set<TaskDate>();
  private readonly touched = new Map<TaskDate, Set<string>>();
  /** Task objects made by this edit (changed in place rather than copied again). */
  private readonly fresh = new Set<TaskEntity>();
  drag: DragOrigin | null;
  /** The last task looked for and its day (see dayOf); kept current by remove, insert and attach. */
  private found: { id: string; date: TaskDate | undefined } | null = null;

  constructor(
    private readonly base: TasksState,
    /** Where each task is, for a long run of events (replayTaskEvents); otherwise days are searched. */
    private readonly where?: Map<string, TaskDate>,
  ) {
    this.days = base.days;
    this.drag = base.drag;
  }

  dayOf(id: string): TaskDate | undefined {
    if (this.where) return this.where.get(id);
    // An event looks its task up, then changes it: the search through the days is made once.
    if (this.found && this.found.id === id) return this.found.date;
    let date: TaskDate | undefined;
    for (const key in this.days) {
      if (this.days[key]!.entities[id]) {
        date = key;
        break;
      }
    }
    this.found = { id, date };
    return date;
  }

  get(id: string): TaskEntity | undefined {
    const date = this.dayOf(id);
    return date === undefined ? undefined : this.days[date]!.entities[id];
  }

  /** The ids of a day in display order (read only). */
  idsOn(date: TaskDate): readonly string[] {
    return this.days[date]?.ids ?? [];
  }

  /** Changes fields of a task other than its day. */
  update(id: string, fields: Partial<Pick<TaskEntity, 'title' | 'completed'>>): void {
    const date = this.dayOf(id);
    if (date === undefined) return;
    const entities = this.entitiesOf(date);
    const task = entities[id]!;
    this.touchedOn(date).add(id);
    if (this.fresh.has(task)) Object.assign(task, fields);
    else entities[id] = this.made({ ...task, ...fields });
  }

  /** Takes a task out of its day. */
  remove(id: string): TaskEntity | undefined {
    const date = this.dayOf(id);
    if (date === undefined) return undefined;
    const task = this.days[date]!.entities[id]!;
    const ids = this.idsOf(date);
    const at = ids.indexOf(id);
    if (at >= 0) ids.splice(at, 1);
    delete this.entitiesOf(date)[id];
    this.touchedOn(date).add(id);
    this.where?.delete(id);
    if (this.found?.id === id) this.found = null;
    return task;
  }

  /** Puts a task (not on any day now) on `task.date` at `index` (clamped; the end by default). */
  insert(task: TaskEntity, index = Number.MAX_SAFE_INTEGER): void {
    const date = task.date;
    const ids = this.idsOf(date);
    ids.splice(Math.max(0, Math.min(index, ids.length)), 0, task.id);
    this.entitiesOf(date)[task.id] = this.adopted(task);
    this.touchedOn(date).add(task.id);
    this.where?.set(task.id, date);
    if (this.found?.id === task.id) this.found = null;
  }

  /** Moves a task to `toDate` at `toIndex` (its index once it is out of its old place). */
  move(id: string, toDate: TaskDate, toIndex: number): void {
    if (this.placedAt(id, toDate, toIndex)) return;
    const task = this.remove(id);
    if (!task) return;
    const moved = task.date === toDate ? task : this.fresh.has(task) ? Object.assign(task, { date: toDate }) : { ...task, date: toDate };
    this.insert(moved, toIndex);
  }

  /** Whether the task is on `date` already, where a move to `index` (clamped, as by move) would put it. */
  placedAt(id: string, date: TaskDate, index: number): boolean {
    const ids = this.idsOn(date);
    const at = ids.indexOf(id);
    return at >= 0 && at === Math.max(0, Math.min(index, ids.length - 1));
  }

  /** Replaces a day's display order (the same tasks, or tasks now dated `date` put on it by `attach`). */
  setOrder(date: TaskDate, ids: string[]): void {
    this.idsOf(date).splice(0, Infinity, ...ids);
  }

  /** Puts a task on `task.date`'s entities without placing it in the day's order (see setOrder). */
  attach(task: TaskEntity): void {
    this.entitiesOf(task.date)[task.id] = this.adopted(task);
    this.touchedOn(task.date).add(task.id);
    this.where?.set(task.id, task.date);
    if (this.found?.id === task.id) this.found = null;
  }

  /** The state the edit made: the days it touched frozen, the rest as they were. */
  finish(keepSame = false): TasksState {
    if (!this.daysCopied) return this.drag === this.base.drag ? this.base : Object.freeze({ ...this.base, drag: this.drag });
    const days = this.days;
    for (const date of this.ownDay) {
      const day = days[date]!;
      if (day.ids.length === 0) {
        delete days[date];
        continue;
      }
      // The tasks this edit made or changed (title, completion, presence: what cards show).
      const touched = this.touchedOn(date);
      const before = this.base.days[date]?.entities;
      for (const id of touched) {
        const task = day.entities[id];
        if (!task || !this.fresh.has(task)) continue;
        // A long replay may leave a task as it was: it keeps its object, so its card does not render again.
        const old = keepSame ? before?.[id] : undefined;
        if (old && sameTask(old, task)) this.entitiesOf(date)[id] = old;
        else Object.freeze(task);
      }
      Object.freeze(day.ids);
      Object.freeze(day.entities);
      Object.freeze(day);
      dayChanges.set(day.entities, { from: before, ids: touched });
    }
    return Object.freeze({ ...this.base, days: Object.freeze(days), drag: this.drag });
  }

  /** The ids of the tasks this edit made, changed, put or took away on `date`. */
  private touchedOn(date: TaskDate): Set<string> {
    let ids = this.touched.get(date);
    if (!ids) this.touched.set(date, (ids = new Set()));
    return ids;
  }

  private made(task: TaskEntity): TaskEntity {
    this.fresh.add(task);
    return task;
  }

  /** A task to keep: a frozen one is shared as it is, a new one from the caller becomes this edit's. */
  private adopted(task: TaskEntity): TaskEntity {
    return Object.isFrozen(task) || this.fresh.has(task) ? task : this.made(task);
  }

  private ownDays(): TaskDays {
    if (!this.daysCopied) {
      this.days = { ...this.days };
      this.daysCopied = true;
    }
    return this.days;
  }

  private dayToEdit(date: TaskDate): DayTasks {
    const days = this.ownDays();
    if (this.ownDay.has(date)) return days[date]!;
    this.ownDay.add(date);
    const day = days[date];
    if (!day) {
      this.ownIds.add(date);
      this.ownEntities.add(date);
      return (days[date] = { ...dayAdapter.getInitialState(), entities: newEntities() });
    }
    return (days[date] = { ...day });
  }

  private idsOf(date: TaskDate): string[] {
    const day = this.dayToEdit(date);
    if (!this.ownIds.has(date)) {
      day.ids = [...day.ids];
      this.ownIds.add(date);
    }
    return day.ids;
  }

  private entitiesOf(date: TaskDate): DayTasks['entities'] {
    const day = this.dayToEdit(date);
    if (!this.ownEntities.has(date)) {
      // Key by key from ids into a hash table from the start (newEntities): V8 spreads such objects slowly.
      const copy = newEntities();
      for (const id of day.ids) copy[id] = day.entities[id]!;
      day.entities = copy;
      this.ownEntities.add(date);
    }
    return day.entities;
  }
}

type DayEntities = DayTasks['entities'];

/**
 * For each day's entities an edit made: the entities it started from and the ids of the tasks it edited. A
 * card subscription (useLiveTask) then compares those few tasks rather than every card of the day.
 */
const dayChanges = new WeakMap<DayEntities, { from: DayEntities | undefined; ids: ReadonlySet<string> }>();

/**
 * The ids whose title, completion or presence may differ between a day's `before` and `after` entities, when
 * `after` was made from `before` by one edit.
 */
export function changedIdsOf(after: DayEntities, before: DayEntities | undefined): ReadonlySet<string> | undefined {
  const change = dayChanges.get(after);
  return change && change.from === before ? change.ids : undefined;
}

/** A task as the store keeps it (no `order`), frozen, built field by field (one shape for all; a spread is twice as slow). */
const entityOf = (task: TaskEntity): TaskEntity =>
  Object.freeze({ id: task.id, title: task.title, date: task.date, completed: task.completed, createdAt: task.createdAt });

const sameTask = (a: TaskEntity, b: TaskEntity) =>
  a.title === b.title && a.date === b.date && a.completed === b.completed && a.createdAt === b.createdAt && a.id === b.id;

// ---------------------------------------------------------------------------------------------------
// The events. Types keep the 'tasks/' prefix: they are stored in the cloud's log.

const taskAction = <P>(name: string) => createAction<P>(`tasks/${name}`);

export const taskAdded = createAction('tasks/taskAdded', (title: string, date: TaskDate) => {
  const createdAt = Date.now();
  return { payload: { id: newTaskId(createdAt), title, date, createdAt } };
});
export const taskRenamed = taskAction<{ id: string; title: string }>('taskRenamed');
/** Completion is set, never toggled: a replayed or concurrent event states the intended value. */
export const taskCompletionSet = taskAction<{ id: string; completed: boolean }>('taskCompletionSet');
export const taskDeleted = taskAction<{ id: string }>('taskDeleted');
/** Move a task into `toDate` at `toIndex` (its index once it is removed from its old place). */
export const taskMoved = taskAction<{ id: string; toDate: TaskDate; toIndex: number }>('taskMoved');
/** Move a task to the end of `toDate` (a drop on a column rather than on a task). */
export const taskMovedToEnd = taskAction<{ id: string; toDate: TaskDate }>('taskMovedToEnd');
/**
 * Puts a whole task back as given (creating or overwriting it) at index `order` of its day: undo of a
 * delete, an imported backup, tasks that existed before sync began. A PUT, so replaying it is harmless.
 */
export const taskRestored = taskAction<{ task: Task }>('taskRestored');
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

/** A restored task as the list keeps it, or null when it is not one. */
function restoredTask(given: Task | undefined): TaskEntity | null {
  if (!given || typeof given.id !== 'string' || typeof given.date !== 'string') return null;
  const title = String(given.title ?? '').trim();
  if (!title) return null;
  return { id: given.id, title, date: given.date, completed: given.completed === true, createdAt: Number.isFinite(given.createdAt) ? given.createdAt : 0 };
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
  if (edit.drag?.taskId === id) recordDay(edit, toDate);
  edit.move(id, toDate, toIndex);
}

type Apply = (edit: TaskEdit, action: UnknownAction) => void;

/** What each event does, on an edit of the state (one reduction, or a replay of many events). */
const apply: Record<string, Apply> = {
  [taskAdded.type]: (edit, action) => {
    const { id, title, date, createdAt } = (action as ReturnType<typeof taskAdded>).payload;
    const trimmed = String(title ?? '').trim();
    if (!trimmed || typeof id !== 'string' || typeof date !== 'string' || edit.get(id)) return;
    edit.insert({ id, title: trimmed, date, completed: false, createdAt });
  },
  [taskRenamed.type]: (edit, action) => {
    const { id, title } = (action as ReturnType<typeof taskRenamed>).payload;
    const task = edit.get(id);
    const trimmed = String(title ?? '').trim();
    if (task && trimmed && trimmed !== task.title) edit.update(id, { title: trimmed });
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
    const { id, toDate, toIndex } = (action as ReturnType<typeof taskMoved>).payload;
    moveInDrag(edit, id, toDate, toIndex);
  },
  [taskMovedToEnd.type]: (edit, action) => {
    const { id, toDate } = (action as ReturnType<typeof taskMovedToEnd>).payload;
    moveInDrag(edit, id, toDate, Number.MAX_SAFE_INTEGER);
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

/** The tasks' reducer: one copy-on-write edit per event, no Immer (see the note at the top). */
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
 * The events of the task log: facts that replay on anyone's state (set, not toggle; a change to a
 * task that is gone does nothing). Drag previews, drag start/end/cancel and list replacement are local.
 */
export const taskEvents = [
  taskAdded,
  taskRenamed,
  taskCompletionSet,
  taskDeleted,
  taskMoved,
  taskMovedToEnd,
  taskRestored,
  tasksRestored,
  tasksDeleted,
  tasksRolledOver,
] as const;

export type TaskEvent = ReturnType<(typeof taskEvents)[number]>;

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

export const TASK_EVENT_TYPES: readonly string[] = taskEvents.map((creator) => creator.type);

// By type: every dispatch asks (history, sync, listeners), and isAnyOf runs each creator's match in turn.
const taskEventTypes: ReadonlySet<string> = new Set(TASK_EVENT_TYPES);
const isTaskEventType = (type: unknown) => typeof type === 'string' && taskEventTypes.has(type);

/** Matches the events of the task log (the sync listener sends these). */
export const isTaskEvent = (action: unknown): action is TaskEvent =>
  typeof action === 'object' && action !== null && isTaskEventType((action as { type?: unknown }).type);

/** Anything that changes the list shown: log events and the local drag moves (persistence writes after these). */
export const isTaskListChange = (action: unknown): action is TaskEvent | ReturnType<typeof taskDragMovedTo> | ReturnType<typeof taskDragCancelled> =>
  isTaskEvent(action) || taskDragMovedTo.match(action) || taskDragCancelled.match(action);

// ---------------------------------------------------------------------------------------------------
// Selectors

type WithTasks = { tasks: Pick<TasksState, 'days'> & Partial<TasksState> };

const selectTaskDays = (state: WithTasks) => state.tasks.days;
export const selectAllTasks = createSelector([selectTaskDays], allTasksOf);
/** A task by id; `hint` is the day it is expected on (a card's), which saves looking through the other days. */
export const selectTaskById = (state: WithTasks, id: string, hint?: TaskDate): TaskEntity | undefined => taskIn(state.tasks, id, hint);
export const selectDraggedTaskId = (state: { tasks: TasksState }) => state.tasks.drag?.taskId ?? null;

type IdsByDate = Record<TaskDate, string[]>;

/** Task ids per date in display order; each day's array is the day's own, so it changes only with that day's list. */
export const selectTaskIdsByDate = createSelector([selectTaskDays], (days): IdsByDate => {
  const byDate: IdsByDate = {};
  for (const date in days) byDate[date] = days[date]!.ids;
  return byDate;
});

const NO_IDS: string[] = Object.freeze([]) as unknown as string[];

/** Sorted ids of one day: the day's own array, the same while its list is unchanged. */
export const makeSelectTaskIdsOn = () => (state: WithTasks, date: TaskDate) => state.tasks.days[date]?.ids ?? NO_IDS;

const NO_TASKS: TaskEntity[] = Object.freeze([]) as unknown as TaskEntity[];

/**
 * One day's tasks in display order, for its column, which passes each card its task. The array changes
 * only when the day's list does (a task added, removed or moved; equal lists keep the array): a completion
 * or rename leaves it alone, and the card shows its task's current title and completion through its own
 * subscription (useLiveTask), so a click among thousands of tasks re-renders one card, not its column.
 * The objects in the array may so be older than the store's for those two fields, never for their date.
 */
export const makeSelectTasksOn = () => {
  let last: { ids: readonly string[]; tasks: TaskEntity[] } | null = null;
  return (state: WithTasks, date: TaskDate): TaskEntity[] => {
    const day = state.tasks.days[date];
    if (!day) return (last = null), NO_TASKS;
    if (last && (last.ids === day.ids || sameIds(last.ids, day.ids))) {
      if (last.ids !== day.ids) last = { ids: day.ids, tasks: last.tasks };
      return last.tasks;
    }
    last = { ids: day.ids, tasks: day.ids.map((id) => day.entities[id]!) };
    return last.tasks;
  };
};

function sameIds(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((id, i) => id === b[i]);
}
