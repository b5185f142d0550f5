import { createEntityAdapter, createSelector, createSlice, isAnyOf, isDraft, original, type PayloadAction, type UnknownAction } from '@reduxjs/toolkit';
import { newTaskId } from '../../lib/ids';
import type { Task, TaskDate } from './types';

// Every change to the task list is one of the events below. Reducers are pure:
// ids and timestamps are made in `prepare`, so a recorded action log replays
// to the same state (Redux DevTools time travel, tests).

const tasksAdapter = createEntityAdapter<Task>();

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

export interface TasksState extends ReturnType<typeof tasksAdapter.getInitialState> {
  /** Set while a drag is in progress so a cancelled drag can restore the list. */
  drag: DragOrigin | null;
}

const initialState: TasksState = tasksAdapter.getInitialState({ drag: null });

function tasksOn(state: TasksState, date: TaskDate, exceptId?: string): Task[] {
  const list: Task[] = [];
  for (const id of state.ids) {
    const task = state.entities[id]!;
    if (task.date === date && task.id !== exceptId) list.push(task);
  }
  return list.sort(byOrder);
}

/**
 * The ids of a date's tasks in display order, read from the state this reducer call started
 * from: walking the draft would create a proxy for every one of thousands of tasks.
 */
function idsOn(state: TasksState, date: TaskDate, exceptId?: string): string[] {
  // In an Immer reducer the base state is immutable, so the memoized per-day lists apply (the column
  // selectors usually computed them for this very state): no walk over 5,000 tasks per drag step.
  // replayTaskEvents mutates a plain copy in place, which a memo keyed by identity must not see.
  if (isDraft(state)) {
    const ids = selectTaskIdsByDate({ tasks: original(state)! })[date] ?? [];
    return exceptId === undefined ? [...ids] : ids.filter((id) => id !== exceptId);
  }
  return tasksOn(state, date, exceptId).map((task) => task.id);
}

function countOn(state: TasksState, date: TaskDate): number {
  let count = 0;
  for (const id of state.ids) if (state.entities[id]!.date === date) count += 1;
  return count;
}

/** The state this reducer call started from (unlike the draft, walking it creates no proxies). */
const baseOf = (state: TasksState): TasksState => (isDraft(state) ? original(state)! : state);

export function byOrder(a: Task, b: Task): number {
  return a.order - b.order || a.createdAt - b.createdAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

function renumber(list: Task[]): void {
  list.forEach((task, index) => {
    if (task.order !== index) task.order = index;
  });
}

/** Gives the listed tasks orders 0..n-1, drafting only those whose order changes (orders unchanged by this call so far). */
function renumberIds(state: TasksState, ids: string[]): void {
  const base = baseOf(state).entities;
  ids.forEach((id, index) => {
    if (base[id]?.order !== index) state.entities[id]!.order = index;
  });
}

// Written out rather than through the adapter: these also mutate the plain copy replayTaskEvents works on,
// where the adapter's methods would return a new state instead.
function addTask(state: TasksState, task: Task): void {
  state.ids.push(task.id);
  state.entities[task.id] = task;
}

function removeTask(state: TasksState, id: string): void {
  const index = state.ids.indexOf(id);
  if (index >= 0) state.ids.splice(index, 1);
  delete state.entities[id];
}

function moveTask(state: TasksState, id: string, toDate: TaskDate, toIndex: number): void {
  const task = state.entities[id];
  if (!task) return;
  const fromDate = task.date;
  const target = idsOn(state, toDate, id);
  target.splice(Math.max(0, Math.min(toIndex, target.length)), 0, id);
  task.date = toDate;
  renumberIds(state, target);
  if (fromDate !== toDate) renumberIds(state, idsOn(state, fromDate, id));
}

/** The ids of each given date's tasks in display order, from one pass over the list. */
function idsOnDates(base: TasksState, dates: Set<TaskDate>): Map<TaskDate, string[]> {
  const byDate = new Map<TaskDate, Task[]>([...dates].map((date) => [date, []]));
  for (const id of base.ids) {
    const task = base.entities[id]!;
    byDate.get(task.date)?.push(task);
  }
  return new Map([...byDate].map(([date, list]) => [date, list.sort(byOrder).map((task) => task.id)]));
}

const DAY_KEY = /^\d{4}-\d{2}-\d{2}$/;
export const isDayKey = (value: unknown): value is string => typeof value === 'string' && DAY_KEY.test(value);

/** Unfinished and dated before `today` (day keys compare as strings); Some Day is never overdue. */
export const isOverdue = (task: Task | undefined, today: TaskDate): task is Task =>
  !!task && !task.completed && isDayKey(task.date) && task.date < today;

const tasksSlice = createSlice({
  name: 'tasks',
  initialState,
  reducers: {
    taskAdded: {
      reducer(state, action: PayloadAction<{ id: string; title: string; date: TaskDate; createdAt: number }>) {
        const { id, title, date, createdAt } = action.payload;
        const trimmed = String(title ?? '').trim();
        if (!trimmed || state.entities[id]) return;
        const order = countOn(baseOf(state), date);
        addTask(state, { id, title: trimmed, date, completed: false, createdAt, order });
      },
      prepare(title: string, date: TaskDate) {
        const createdAt = Date.now();
        return { payload: { id: newTaskId(createdAt), title, date, createdAt } };
      },
    },
    taskRenamed(state, action: PayloadAction<{ id: string; title: string }>) {
      const task = state.entities[action.payload.id];
      const title = String(action.payload.title ?? '').trim();
      if (task && title && title !== task.title) task.title = title;
    },
    /** Completion is set, never toggled: a replayed or concurrent event states the intended value. */
    taskCompletionSet(state, action: PayloadAction<{ id: string; completed: boolean }>) {
      const task = state.entities[action.payload.id];
      const completed = action.payload.completed === true;
      if (task && task.completed !== completed) task.completed = completed;
    },
    taskDeleted(state, action: PayloadAction<{ id: string }>) {
      const task = state.entities[action.payload.id];
      if (!task) return;
      removeTask(state, task.id);
      renumberIds(state, idsOn(state, task.date, task.id));
    },
    /** Move a task into `toDate` at `toIndex` (its index once it is removed from its old place). */
    taskMoved(state, action: PayloadAction<{ id: string; toDate: TaskDate; toIndex: number }>) {
      const { id, toDate, toIndex } = action.payload;
      if (state.drag?.taskId === id && !state.drag.days.includes(toDate)) state.drag = recordDay(baseOf(state), toDate, idsOn(state, toDate)).drag;
      moveTask(state, id, toDate, toIndex);
    },
    /** Move a task to the end of `toDate` (a drop on a column rather than on a task). */
    taskMovedToEnd(state, action: PayloadAction<{ id: string; toDate: TaskDate }>) {
      const { id, toDate } = action.payload;
      if (state.drag?.taskId === id && !state.drag.days.includes(toDate)) state.drag = recordDay(baseOf(state), toDate, idsOn(state, toDate)).drag;
      moveTask(state, id, toDate, Number.MAX_SAFE_INTEGER);
    },
    /**
     * Puts a whole task back as given (creating or overwriting it) at index `order` of its day: undo of a
     * delete, an imported backup, tasks that existed before sync began. A PUT, so replaying it is harmless.
     */
    taskRestored(state, action: PayloadAction<{ task: Task }>) {
      const given = action.payload.task;
      if (!given || typeof given.id !== 'string' || typeof given.date !== 'string') return;
      const title = String(given.title ?? '').trim();
      if (!title) return;
      const existing = state.entities[given.id];
      const fromDate = existing?.date;
      const target = idsOn(state, given.date, given.id);
      const index = Number.isFinite(given.order) ? Math.max(0, Math.min(Math.trunc(given.order), target.length)) : target.length;
      target.splice(index, 0, given.id);
      const task: Task = {
        id: given.id,
        title,
        date: given.date,
        completed: given.completed === true,
        createdAt: Number.isFinite(given.createdAt) ? given.createdAt : 0,
        order: index,
      };
      if (existing) Object.assign(existing, task);
      else addTask(state, task);
      renumberIds(state, target);
      if (fromDate !== undefined && fromDate !== given.date) renumberIds(state, idsOn(state, fromDate, given.id));
    },
    /**
     * Many taskRestored at once, in the given order (an import, the undo of one): the same result as
     * one taskRestored per task, with each touched day sorted and renumbered once rather than per task.
     */
    tasksRestored(state, action: PayloadAction<{ tasks: Task[] }>) {
      const given = (Array.isArray(action.payload.tasks) ? action.payload.tasks : []).filter(
        (task) => task && typeof task.id === 'string' && typeof task.date === 'string' && String(task.title ?? '').trim(),
      );
      if (given.length === 0) return;
      const base = baseOf(state);
      const touched = new Set<TaskDate>();
      for (const task of given) {
        touched.add(task.date);
        const existing = base.entities[task.id];
        if (existing) touched.add(existing.date);
      }
      const lists = idsOnDates(base, touched);
      const where = new Map<string, TaskDate>();
      for (const task of given) {
        const from = where.get(task.id) ?? base.entities[task.id]?.date;
        if (from !== undefined) {
          const list = lists.get(from)!;
          list.splice(list.indexOf(task.id), 1);
        }
        const target = lists.get(task.date)!;
        const index = Number.isFinite(task.order) ? Math.max(0, Math.min(Math.trunc(task.order), target.length)) : target.length;
        target.splice(index, 0, task.id);
        where.set(task.id, task.date);
        const restored: Task = {
          id: task.id,
          title: String(task.title).trim(),
          date: task.date,
          completed: task.completed === true,
          createdAt: Number.isFinite(task.createdAt) ? task.createdAt : 0,
          order: index,
        };
        const current = state.entities[task.id];
        if (current) Object.assign(current, restored);
        else addTask(state, restored);
      }
      // Tasks put back here were just written; the others are drafted only when their order moves.
      for (const list of lists.values()) {
        list.forEach((id, index) => {
          if (where.has(id) ? state.entities[id]!.order !== index : base.entities[id]!.order !== index) state.entities[id]!.order = index;
        });
      }
    },
    /** Many taskDeleted at once (an import that replaces the list, the undo of an import). */
    tasksDeleted(state, action: PayloadAction<{ ids: string[] }>) {
      const base = baseOf(state);
      const gone = new Set((Array.isArray(action.payload.ids) ? action.payload.ids : []).filter((id) => base.entities[id]));
      if (gone.size === 0) return;
      const touched = new Set([...gone].map((id) => base.entities[id]!.date));
      for (const id of gone) delete state.entities[id];
      state.ids = state.ids.filter((id) => !gone.has(id));
      for (const list of idsOnDates(base, touched).values()) renumberIds(state, list.filter((id) => !gone.has(id)));
    },
    /**
     * Rollover: each listed task that is still unfinished and dated before `to` goes to the end of `to`,
     * in the listed order. A task already moved (by this event replayed, or another device's) stays put.
     */
    tasksRolledOver(state, action: PayloadAction<{ ids: string[]; to: TaskDate }>) {
      const { ids, to } = action.payload;
      if (!Array.isArray(ids) || !isDayKey(to)) return;
      const base = baseOf(state);
      const moving = [...new Set(ids)].filter((id) => isOverdue(base.entities[id], to));
      if (moving.length === 0) return;
      const from = new Set(moving.map((id) => base.entities[id]!.date));
      const lists = idsOnDates(base, new Set([...from, to]));
      for (const id of moving) state.entities[id]!.date = to;
      const moved = new Set(moving);
      for (const date of from) renumberIds(state, lists.get(date)!.filter((id) => !moved.has(id)));
      renumberIds(state, [...lists.get(to)!, ...moving]);
    },
    /**
     * A move shown while a drag is in progress, not an event of the log: the drop records one
     * taskMoved with the final place (see useTaskDnd), so a drag across five columns is one event.
     */
    taskDragMovedTo(state, action: PayloadAction<{ id: string; toDate: TaskDate; toIndex?: number }>) {
      const { id, toDate, toIndex } = action.payload;
      if (!state.drag) return;
      if (state.drag.taskId === id && !state.drag.days.includes(toDate)) state.drag = recordDay(baseOf(state), toDate, idsOn(state, toDate)).drag;
      moveTask(state, id, toDate, toIndex ?? Number.MAX_SAFE_INTEGER);
    },
    // tasksReducer handles the start (dragStarted) and the recording of days (recordDay) outside Immer; these
    // case reducers give the same results, for a reducer built from the slice alone.
    taskDragStarted(state, action: PayloadAction<{ id: string }>) {
      const task = baseOf(state).entities[action.payload.id];
      if (task) state.drag = recordDay({ ...baseOf(state), drag: { taskId: task.id, positions: {}, days: [] } }, task.date, idsOn(state, task.date)).drag;
    },
    taskDragEnded(state) {
      state.drag = null;
    },
    /** A drop outside every target: put every task back where it stood when the drag began. */
    taskDragCancelled(state) {
      if (!state.drag) return;
      const { positions } = state.drag;
      const touched = new Set<TaskDate>();
      for (const [id, position] of Object.entries(positions)) {
        const task = state.entities[id];
        if (task && (task.date !== position.date || task.order !== position.order)) {
          touched.add(task.date).add(position.date);
          task.date = position.date;
          task.order = position.order;
        }
      }
      // A task deleted during the drag leaves a gap, one added during it a tie: renumber, the added ones last.
      for (const date of touched) {
        const list = tasksOn(state, date);
        renumber([...list.filter((task) => task.id in positions), ...list.filter((task) => !(task.id in positions))]);
      }
      state.drag = null;
    },
    /** The list sync shows (its log with this device's unsent events on top); local, never logged. */
    tasksRebased(state, action: PayloadAction<Pick<TasksState, 'ids' | 'entities'>>) {
      return { ...state, ids: action.payload.ids, entities: action.payload.entities };
    },
    /** The whole list replaced: tasks loaded from the cloud, or from storage. */
    tasksReplaced(state, action: PayloadAction<{ tasks: Task[] }>) {
      tasksAdapter.setAll(state, action.payload.tasks);
      state.drag = null;
    },
  },
});

export const {
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
  taskDragMovedTo,
  taskDragStarted,
  taskDragEnded,
  taskDragCancelled,
  tasksReplaced,
  tasksRebased,
} = tasksSlice.actions;

type Entities = TasksState['entities'];

/**
 * Entities made by setTaskFields, with the entities they were copied from and the one task changed (its
 * date and order unchanged): selectTaskIdsByDate and selectTasksByDate then know what changed without
 * comparing all 5,000 tasks.
 */
const fieldChanges = new WeakMap<Entities, { from: Entities; id: string }>();

/**
 * The one task whose title or completion made `entities` out of `from`, if the reducer recorded it (see
 * setTaskFields); undefined when the change is another or unknown. Cards' subscriptions (useLiveTask) use it
 * to wake one card rather than compare thousands.
 */
export function fieldChangeOf(entities: Entities, from: Entities): string | undefined {
  const change = fieldChanges.get(entities);
  return change && change.from === from ? change.id : undefined;
}

/**
 * A shallow copy of `entities`, made key by key from `ids` (the adapter keeps both in step). With thousands
 * of keys the object is in V8's dictionary mode, and spreading it (`{ ...entities }`) takes a slow runtime
 * path: in Chromium 156, 1.5-3.5 ms for 5,000 tasks against 0.35-0.5 ms for this loop.
 */
function copyEntities(state: TasksState): Entities {
  const { ids, entities } = state;
  const copy: Entities = {};
  for (let i = 0; i < ids.length; i++) copy[ids[i]!] = entities[ids[i]!]!;
  return copy;
}

/**
 * Completing or renaming one task among thousands, outside Immer: Immer finishes a draft by walking
 * every key of the copied `entities` and freezing it, which doubled the cost of the one copy this
 * state shape needs. Same result as the case reducers (tests/unit/tasksSlice.test.ts compares them).
 */
function setTaskFields(state: TasksState, id: string, fields: Partial<Pick<Task, 'title' | 'completed'>>): TasksState {
  const task = state.entities[id]!;
  const entities = copyEntities(state);
  entities[id] = Object.freeze({ ...task, ...fields });
  fieldChanges.set(entities, { from: state.entities, id });
  return Object.freeze({ ...state, entities: Object.freeze(entities) });
}

/**
 * Entities made by withoutTask, with the entities they came from, the day that lost a task and that day's
 * ids after it: selectTaskIdsByDate takes the list as it is rather than walk and sort all tasks again.
 */
const listChanges = new WeakMap<Entities, { from: Entities; date: TaskDate; ids: string[] }>();

/**
 * taskDeleted outside Immer: Immer's splice of the 5,000-id draft array ran a proxy trap per shifted element,
 * each renumbered task of the day (all later ones, hundreds) became a draft, and finishing walked and froze
 * every entity: ~20 ms per delete with 5,000 tasks. The same result as the case reducer
 * (tests/unit/tasksSlice.test.ts compares them).
 */
function withoutTask(state: TasksState, id: string): TasksState {
  const task = state.entities[id];
  if (!task) return state;
  const day = (selectTaskIdsByDate({ tasks: state })[task.date] ?? []).filter((other) => other !== id);
  const ids = state.ids.filter((other) => other !== id);
  const entities: Entities = {};
  for (let i = 0; i < ids.length; i++) entities[ids[i]!] = state.entities[ids[i]!]!;
  day.forEach((other, order) => {
    const current = entities[other]!;
    if (current.order !== order) entities[other] = Object.freeze({ ...current, order });
  });
  listChanges.set(entities, { from: state.entities, date: task.date, ids: day });
  return Object.freeze({ ...state, ids: Object.freeze(ids) as string[], entities: Object.freeze(entities) });
}

/**
 * moveTask outside Immer, for the moves a drag makes at every step: Immer proxied each renumbered task
 * (all later tasks of a day of hundreds, when the task leaves it) and walked all 5,000 entities to
 * finalize and freeze them. The same result (tests/unit/tasksSlice.test.ts compares with the case reducers).
 */
function movedTo(state: TasksState, id: string, toDate: TaskDate, toIndex: number): TasksState {
  const task = state.entities[id];
  if (!task) return state;
  const lists = selectTaskIdsByDate({ tasks: state });
  const target = (lists[toDate] ?? []).filter((other) => other !== id);
  target.splice(Math.max(0, Math.min(toIndex, target.length)), 0, id);
  let entities: TasksState['entities'] | null = null;
  const place = (ids: string[], date: TaskDate) =>
    ids.forEach((taskId, order) => {
      const current = state.entities[taskId]!;
      if (current.order === order && current.date === date) return;
      entities ??= copyEntities(state);
      entities[taskId] = Object.freeze({ ...current, date, order });
    });
  place(target, toDate);
  const days = new Map([[toDate, target]]);
  if (task.date !== toDate) {
    const source = (lists[task.date] ?? []).filter((other) => other !== id);
    place(source, task.date);
    days.set(task.date, source);
  }
  if (!entities) return state;
  Object.freeze(entities);
  moveChanges.set(entities, { from: state.entities, lists: days });
  return Object.freeze({ ...state, entities });
}

/**
 * Entities made by movedTo, with the entities they were copied from and the new sorted ids of the one or
 * two days the move changed: the per-day selectors take those lists instead of walking and sorting all
 * 5,000 tasks for each changed day (~8 ms per step of a drag here).
 */
const moveChanges = new WeakMap<Entities, { from: Entities; lists: Map<TaskDate, string[]> }>();

/**
 * The drag's snapshot: the dragged task's day, as it stands (a plain record of one day's few hundred
 * positions rather than, through Immer, all 5,000: ~20 ms at the start of every drag).
 */
function dragStarted(state: TasksState, id: string): TasksState {
  const task = state.entities[id];
  if (!task) return state;
  const drag: DragOrigin = { taskId: id, positions: {}, days: [] };
  return recordDay({ ...state, drag }, task.date);
}

/**
 * The drag's snapshot with `date`'s positions added, before the dragged task first moves into that day.
 * `ids` are the day's tasks; by default from the memoized per-day lists, which only an immutable state may use.
 */
function recordDay(state: TasksState, date: TaskDate, ids: readonly string[] = selectTaskIdsByDate({ tasks: state })[date] ?? []): TasksState {
  const drag = state.drag;
  if (!drag || drag.days.includes(date)) return state;
  const positions = { ...drag.positions };
  for (const id of ids) {
    const task = state.entities[id]!;
    positions[id] ??= { date: task.date, order: task.order };
  }
  return Object.freeze({ ...state, drag: Object.freeze({ ...drag, positions: Object.freeze(positions), days: Object.freeze([...drag.days, date]) as TaskDate[] }) });
}

/** A move of the dragged task (live, or the drop's event) first records the day it enters. */
const recordTarget = (state: TasksState, id: string, toDate: TaskDate) => (state.drag?.taskId === id ? recordDay(state, toDate) : state);

export function tasksReducer(state: TasksState | undefined, action: UnknownAction): TasksState {
  if (state && taskMoved.match(action)) {
    const { id, toDate, toIndex } = action.payload;
    return movedTo(recordTarget(state, id, toDate), id, toDate, toIndex);
  }
  if (state && taskMovedToEnd.match(action)) {
    const { id, toDate } = action.payload;
    return movedTo(recordTarget(state, id, toDate), id, toDate, Number.MAX_SAFE_INTEGER);
  }
  if (state && taskDragMovedTo.match(action)) {
    const { id, toDate, toIndex } = action.payload;
    return state.drag ? movedTo(recordTarget(state, id, toDate), id, toDate, toIndex ?? Number.MAX_SAFE_INTEGER) : state;
  }
  if (state && taskDeleted.match(action)) return withoutTask(state, action.payload.id);
  if (state && taskDragStarted.match(action)) return dragStarted(state, action.payload.id);
  if (state && taskCompletionSet.match(action)) {
    const task = state.entities[action.payload.id];
    const completed = action.payload.completed === true;
    return task && task.completed !== completed ? setTaskFields(state, task.id, { completed }) : state;
  }
  if (state && taskRenamed.match(action)) {
    const task = state.entities[action.payload.id];
    const title = String(action.payload.title ?? '').trim();
    return task && title && title !== task.title ? setTaskFields(state, task.id, { title }) : state;
  }
  return tasksSlice.reducer(state, action);
}

export const tasksSliceName = tasksSlice.name;

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
 * The state after `events`, equal to reducing them one by one, but on one plain copy: immer finishes a draft
 * per reduced event by walking every entity, which made a catch-up of 10,000 events take ~10 s with 2,000 tasks.
 * Tasks the events left as they were keep their objects, so only changed cards and columns re-render.
 */
export function replayTaskEvents(state: TasksState, events: Iterable<TaskEvent>): TasksState {
  const work: TasksState = { ...state, ids: [...state.ids], entities: {} };
  for (const id of state.ids) work.entities[id] = { ...state.entities[id]! };
  let changed = false;
  for (const event of events) {
    const reduce = caseReducers[event.type];
    if (reduce) {
      reduce(work, event);
      changed = true;
    }
  }
  if (!changed) return state;
  for (const id of work.ids) {
    const before = state.entities[id];
    const after = work.entities[id]!;
    if (before && sameTask(before, after)) work.entities[id] = before;
  }
  return work;
}

const caseReducers: Record<string, ((state: TasksState, event: TaskEvent) => void) | undefined> = Object.fromEntries(
  taskEvents.map((creator) => [creator.type, tasksSlice.caseReducers[creator.type.slice(tasksSlice.name.length + 1) as keyof typeof tasksSlice.caseReducers] as (state: TasksState, event: TaskEvent) => void]),
);

const sameTask = (a: Task, b: Task) =>
  a.title === b.title && a.date === b.date && a.completed === b.completed && a.order === b.order && a.createdAt === b.createdAt && a.id === b.id;

export const TASK_EVENT_TYPES: readonly string[] = taskEvents.map((creator) => creator.type);

/** Matches the events of the task log (the sync listener sends these). */
export const isTaskEvent = isAnyOf(...taskEvents);

/** Anything that changes the list shown: log events and the local drag moves (persistence writes after these). */
export const isTaskListChange = isAnyOf(...taskEvents, taskDragMovedTo, taskDragCancelled);

type WithTasks = { tasks: TasksState };

const adapterSelectors = tasksAdapter.getSelectors((state: WithTasks) => state.tasks);
export const selectAllTasks = adapterSelectors.selectAll;
// A plain lookup rather than the adapter's memoized selectById: every card calls it on every dispatch.
export const selectTaskById = (state: WithTasks, id: string): Task | undefined => state.tasks.entities[id];
export const selectTaskEntities = adapterSelectors.selectEntities;
export const selectTaskCount = adapterSelectors.selectTotal;
export const selectDraggedTaskId = (state: WithTasks) => state.tasks.drag?.taskId ?? null;

type IdsByDate = Record<TaskDate, string[]>;

let lastByDate: { ids: TasksState['ids']; entities: TasksState['entities']; byDate: IdsByDate } | null = null;

/**
 * Task ids per date, each list sorted by order, memoized. A date's list is rebuilt only when one of
 * its tasks was added, removed or changed date or order: completing or renaming a task among
 * thousands re-sorts nothing, and untouched dates keep their arrays.
 */
export function selectTaskIdsByDate(state: WithTasks): IdsByDate {
  const { ids, entities } = state.tasks;
  const last = lastByDate;
  if (last && last.ids === ids && last.entities === entities) return last.byDate;
  // A delete or a move hands over the new lists of the days it changed.
  const listed = listChanges.get(entities);
  if (last && listed && listed.from === last.entities) {
    const byDate = { ...last.byDate };
    if (listed.ids.length > 0) byDate[listed.date] = listed.ids;
    else delete byDate[listed.date];
    lastByDate = { ids, entities, byDate };
    return byDate;
  }
  const moved = moveChanges.get(entities);
  if (last && moved && last.ids === ids && moved.from === last.entities) {
    const byDate = { ...last.byDate };
    for (const [date, list] of moved.lists) {
      if (list.length > 0) byDate[date] = list;
      else delete byDate[date];
    }
    lastByDate = { ids, entities, byDate };
    return byDate;
  }
  const dirty = last ? datesChanged(last, ids, entities) : null;
  let byDate: IdsByDate;
  if (last && dirty!.size === 0) byDate = last.byDate;
  else if (last && dirty!.size <= 2) {
    byDate = { ...last.byDate };
    for (const date of dirty!) {
      const list = tasksOn(state.tasks, date).map((task) => task.id);
      if (list.length > 0) byDate[date] = list;
      else delete byDate[date];
    }
  } else byDate = groupIdsByDate(ids, entities);
  lastByDate = { ids, entities, byDate };
  return byDate;
}

/** Dates whose list of tasks, or their order, may differ between the last state and this one. */
function datesChanged(last: NonNullable<typeof lastByDate>, ids: TasksState['ids'], entities: TasksState['entities']): Set<TaskDate> {
  const dirty = new Set<TaskDate>();
  if (last.ids === ids && fieldChanges.get(entities)?.from === last.entities) return dirty;
  for (const id of ids) {
    const before = last.entities[id];
    const after = entities[id]!;
    if (before === after) continue;
    if (!before) dirty.add(after.date);
    else if (before.date !== after.date || before.order !== after.order || before.createdAt !== after.createdAt) dirty.add(before.date).add(after.date);
  }
  if (last.ids !== ids) {
    for (const id of last.ids) if (!entities[id]) dirty.add(last.entities[id]!.date);
  }
  return dirty;
}

function groupIdsByDate(ids: TasksState['ids'], entities: TasksState['entities']): IdsByDate {
  const byDate = new Map<TaskDate, Task[]>();
  for (const id of ids) {
    const task = entities[id]!;
    const list = byDate.get(task.date);
    if (list) list.push(task);
    else byDate.set(task.date, [task]);
  }
  const result: IdsByDate = {};
  for (const [date, list] of byDate) result[date] = list.sort(byOrder).map((task) => task.id);
  return result;
}

const NO_IDS: string[] = [];

/** Sorted ids of one day. Stable reference while that day's list is unchanged. */
export const makeSelectTaskIdsOn = () =>
  createSelector([selectTaskIdsByDate, (_state: WithTasks, date: TaskDate) => date], (byDate, date) => byDate[date] ?? NO_IDS, {
    memoizeOptions: { resultEqualityCheck: shallowEqualIds },
  });

type TasksByDate = Partial<Record<TaskDate, Task[]>>;

let lastTasksByDate: { ids: TasksState['ids']; entities: TasksState['entities']; idsByDate: IdsByDate; byDate: TasksByDate } | null = null;

/**
 * Each day's tasks in display order. Only the days an event touched get a new array (a task of theirs
 * changed, or their list or order did); every other day keeps its array, so its column's selector
 * does not recompute and its column does not re-render.
 *
 * A completion or rename recorded by the reducer (setTaskFields) touches no day: the arrays may then hold
 * an older object of that task, with its old title or completion, and the card shows the task's current
 * fields through its own subscription (useLiveTask). The click that completes one task among thousands so
 * re-renders one card, not its column of hundreds.
 */
export function selectTasksByDate(state: WithTasks): TasksByDate {
  const { ids, entities } = state.tasks;
  const last = lastTasksByDate;
  if (last && last.ids === ids && last.entities === entities) return last.byDate;
  const idsByDate = selectTaskIdsByDate(state);
  const tasksOf = (list: string[]) => list.map((id) => entities[id]!);
  let byDate: TasksByDate;
  if (!last) {
    byDate = {};
    for (const [date, list] of Object.entries(idsByDate)) byDate[date] = tasksOf(list);
  } else {
    const dirty = new Set<TaskDate>();
    for (const date of Object.keys(idsByDate)) if (idsByDate[date] !== last.idsByDate[date]) dirty.add(date);
    for (const date of Object.keys(last.idsByDate)) if (!idsByDate[date]) dirty.add(date);
    const moved = moveChanges.get(entities);
    if (fieldChangeOf(entities, last.entities) !== undefined) {
      // One task's title or completion: its card follows it by itself (see above).
    } else if (moved && moved.from === last.entities) for (const date of moved.lists.keys()) dirty.add(date);
    else if (last.entities !== entities) {
      for (const id of ids) {
        const after = entities[id]!;
        if (last.entities[id] !== after) dirty.add(after.date);
      }
    }
    byDate = dirty.size > 0 ? { ...last.byDate } : last.byDate;
    for (const date of dirty) {
      const list = idsByDate[date];
      if (list) byDate[date] = tasksOf(list);
      else delete byDate[date];
    }
  }
  lastTasksByDate = { ids, entities, idsByDate, byDate };
  return byDate;
}

const NO_TASKS: Task[] = [];

/**
 * One day's tasks in display order, the same array until one of them changes. A column passes
 * each card its task: thousands of cards each selecting their own would run thousands of
 * selectors on every dispatch. Recomputes only when its day was touched (see selectTasksByDate).
 */
export const makeSelectTasksOn = () =>
  createSelector([(state: WithTasks, date: TaskDate) => selectTasksByDate(state)[date]], (tasks) => tasks ?? NO_TASKS, {
    // Returning its input is the point: the per-day array is already the memoized result.
    devModeChecks: { identityFunctionCheck: 'never' },
  });

function shallowEqualIds<T>(a: T[], b: T[]): boolean {
  return a === b || (a.length === b.length && a.every((item, i) => item === b[i]));
}
