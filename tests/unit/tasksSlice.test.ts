import fc from 'fast-check';
import { isDeepStrictEqual } from 'node:util';
import type { UnknownAction } from '@reduxjs/toolkit';
import {
  taskAdded,
  taskCompletionSet,
  taskDeleted,
  taskDragCancelled,
  taskDragEnded,
  taskDragStarted,
  taskMoved,
  taskMovedToEnd,
  taskRenamed,
  taskRestored,
  taskDragMovedTo,
  isTaskEvent,
  tasksDeleted,
  tasksReplaced,
  tasksRestored,
  tasksRolledOver,
} from '../../src/features/tasks/events';
import { allTasksOf, placedTask, taskIn } from '../../src/features/tasks/taskList';
import { selectTaskIdsByDate } from '../../src/features/tasks/taskSelectors';
import { tasksReducer } from '../../src/features/tasks/tasksReducer';
import { type TasksState, SOMEDAY, type Task, type TaskDate } from '../../src/features/tasks/types';
import { MemoryStorage, startStore } from './memoryStorage';
import { MON, TUE, WED, initialTasks, ordersByDate, replay, taskEntities, taskTitled, titlesByDate } from './taskFixtures';

/** Every task id, day by day in display order (the state keeps no list of all ids). */
const idsOf = (state: TasksState): string[] => allTasksOf(state.days).map((task) => task.id);

describe('taskAdded', () => {
  it('adds an incomplete task with a trimmed title at the end of its day', () => {
    const state = replay([taskAdded('First', MON), taskAdded('  Second \n', MON), taskAdded('Elsewhere', TUE)]);
    expect(titlesByDate(state)).toEqual({ [MON]: ['First', 'Second'], [TUE]: ['Elsewhere'] });
    expect(ordersByDate(state)).toEqual({ [MON]: [0, 1], [TUE]: [0] });
    expect(taskTitled(state, 'Second')).toMatchObject({ date: MON, completed: false, order: 1 });
  });

  it('ignores empty and blank titles', () => {
    const state = replay([taskAdded('', MON), taskAdded('   \t', SOMEDAY)]);
    expect(idsOf(state)).toEqual([]);
    expect(state.days).toEqual({});
  });

  it('makes the id and createdAt in prepare, in the spec format', () => {
    const before = Date.now();
    const action = taskAdded('Write report', SOMEDAY);
    const after = Date.now();
    expect(action.payload.id).toMatch(/^task-\d+-[a-z0-9]+$/);
    expect(action.payload.createdAt).toBeGreaterThanOrEqual(before);
    expect(action.payload.createdAt).toBeLessThanOrEqual(after);
    expect(action.payload.id).toContain(`task-${action.payload.createdAt}-`);
    const task = placedTask(replay([action]), action.payload.id);
    expect(task).toEqual({ id: action.payload.id, title: 'Write report', date: SOMEDAY, completed: false, createdAt: action.payload.createdAt, order: 0 });
  });

  it('gives each task its own id', () => {
    const ids = new Set(Array.from({ length: 500 }, () => taskAdded('x', MON).payload.id));
    expect(ids.size).toBe(500);
  });

  it('ignores a replayed add of an id that already exists', () => {
    const add = taskAdded('Once', MON);
    const state = replay([add, add]);
    expect(idsOf(state)).toEqual([add.payload.id]);
  });
});

describe('replaying a recorded log', () => {
  it('gives the same state every time', () => {
    const a = taskAdded('A', MON);
    const b = taskAdded('B', MON);
    const c = taskAdded('C', TUE);
    const log: UnknownAction[] = [
      a,
      b,
      c,
      taskRenamed({ id: a.payload.id, title: 'A renamed' }),
      taskCompletionSet({ id: b.payload.id, completed: true }),
      taskMoved({ id: c.payload.id, toDate: MON, toIndex: 0 }),
      taskDeleted({ id: b.payload.id }),
    ];
    const first = replay(log);
    const second = replay(JSON.parse(JSON.stringify(log)));
    expect(second).toEqual(first);
    expect(titlesByDate(first)).toEqual({ [MON]: ['C', 'A renamed'] });
  });
});

describe('taskRenamed', () => {
  const add = taskAdded('Buy milk', MON);
  const start = replay([add]);

  it('saves the trimmed title', () => {
    const state = replay([taskRenamed({ id: add.payload.id, title: '  Buy oat milk  ' })], start);
    expect(taskIn(state, add.payload.id)!.title).toBe('Buy oat milk');
  });

  it.each([['empty', ''], ['blank', '   '], ['unchanged', 'Buy milk'], ['unchanged once trimmed', ' Buy milk ']])(
    'ignores a title that is %s',
    (_label, title) => {
      expect(replay([taskRenamed({ id: add.payload.id, title })], start)).toBe(start);
    },
  );

  it('ignores an unknown id', () => {
    expect(replay([taskRenamed({ id: 'task-1-nope', title: 'x' })], start)).toBe(start);
  });
});

describe('taskCompletionSet', () => {
  it('sets completed to the given value, and a replay of the same event changes nothing', () => {
    const add = taskAdded('Call mum', TUE);
    const done = taskCompletionSet({ id: add.payload.id, completed: true });
    const once = replay([add, done]);
    expect(taskIn(once, add.payload.id)!.completed).toBe(true);
    expect(replay([done], once)).toBe(once);
    const undone = replay([taskCompletionSet({ id: add.payload.id, completed: false })], once);
    expect(taskIn(undone, add.payload.id)!.completed).toBe(false);
  });

  it('ignores a task that is gone', () => {
    const start = replay([taskAdded('A', MON)]);
    expect(replay([taskCompletionSet({ id: 'task-1-gone', completed: true })], start)).toBe(start);
  });
});

describe('taskRestored', () => {
  it('puts a deleted task back at its place and renumbers the day', () => {
    const adds = ['A', 'B', 'C'].map((title) => taskAdded(title, MON));
    const full = replay(adds);
    const b = placedTask(full, adds[1]!.payload.id)!;
    expect(b.order).toBe(1);
    const state = replay([taskDeleted({ id: b.id }), taskRestored({ task: { ...b } })], full);
    expect(titlesByDate(state)).toEqual({ [MON]: ['A', 'B', 'C'] });
    expect(ordersByDate(state)).toEqual({ [MON]: [0, 1, 2] });
    expect(placedTask(state, b.id)).toEqual(b);
  });

  it('overwrites an existing task, moving it between days, and replays to the same state', () => {
    const adds = ['A', 'B'].map((title) => taskAdded(title, MON));
    const other = taskAdded('X', TUE);
    const full = replay([...adds, other]);
    const a = taskIn(full, adds[0]!.payload.id)!;
    const restore = taskRestored({ task: { ...a, title: 'A2', date: TUE, completed: true, order: 5 } });
    const once = replay([restore], full);
    expect(titlesByDate(once)).toEqual({ [MON]: ['B'], [TUE]: ['X', 'A2'] });
    expect(ordersByDate(once)).toEqual({ [MON]: [0], [TUE]: [0, 1] });
    expect(replay([restore], once).days).toEqual(once.days);
  });

  it('ignores a task without a title', () => {
    const start = replay([taskAdded('A', MON)]);
    const restore = taskRestored({ task: { id: 'task-1-x', title: '  ', date: MON, completed: false, createdAt: 1, order: 0 } });
    expect(replay([restore], start)).toBe(start);
  });
});

describe('taskDragMovedTo', () => {
  it('moves only while a drag is in progress and is not a log event', () => {
    const a = taskAdded('A', MON);
    const start = replay([a]);
    expect(replay([taskDragMovedTo({ id: a.payload.id, toDate: TUE })], start)).toBe(start);
    const dragging = replay([taskDragStarted({ id: a.payload.id }), taskDragMovedTo({ id: a.payload.id, toDate: TUE, toIndex: 0 })], start);
    expect(titlesByDate(dragging)).toEqual({ [TUE]: ['A'] });
    expect(isTaskEvent(taskDragMovedTo({ id: a.payload.id, toDate: TUE }))).toBe(false);
    expect(isTaskEvent(taskMoved({ id: a.payload.id, toDate: TUE, toIndex: 0 }))).toBe(true);
  });
});

describe('taskDeleted', () => {
  it('removes the task and renumbers its day from 0', () => {
    const adds = ['A', 'B', 'C', 'D'].map((title) => taskAdded(title, MON));
    const other = taskAdded('Other', TUE);
    const state = replay([...adds, other, taskDeleted({ id: adds[1]!.payload.id })]);
    expect(titlesByDate(state)).toEqual({ [MON]: ['A', 'C', 'D'], [TUE]: ['Other'] });
    expect(ordersByDate(state)).toEqual({ [MON]: [0, 1, 2], [TUE]: [0] });
    expect(taskIn(state, adds[1]!.payload.id)).toBeUndefined();
    expect(taskEntities(state)[adds[1]!.payload.id]).toBeUndefined();
  });

  it('ignores an unknown id', () => {
    const start = replay([taskAdded('A', MON)]);
    expect(replay([taskDeleted({ id: 'task-1-nope' })], start)).toBe(start);
  });
});

describe('tasksReplaced', () => {
  it('replaces the whole list and forgets a drag in progress', () => {
    const add = taskAdded('Old', MON);
    const dragging = replay([add, taskDragStarted({ id: add.payload.id })]);
    const task = { id: 'task-1-cloud', title: 'From cloud', date: TUE, completed: true, createdAt: 1, order: 0 };
    const state = replay([tasksReplaced({ tasks: [task] })], dragging);
    expect(idsOf(state)).toEqual([task.id]);
    expect(placedTask(state, task.id)).toEqual(task);
    // The store keeps a task without its order: its index in the day's ids is that.
    const { id, title, date, completed, createdAt } = task;
    expect(state.days).toEqual({ [TUE]: { ids: [task.id], entities: { [task.id]: { id, title, date, completed, createdAt } } } });
    expect(state.drag).toBeNull();
  });

  it('renumbers each day 0..n-1 by order (then createdAt, then id), the first task of an id winning', () => {
    const t = (id: string, date: TaskDate, order: number, createdAt = 1): Task => ({ id, title: id, date, completed: false, createdAt, order });
    const tasks = [t('c', MON, 7), t('a', MON, 2), t('x', TUE, -4), t('b', MON, 7, 0), t('d', MON, 7), t('a', TUE, 0), t('y', TUE, 9)];
    const state = replay([tasksReplaced({ tasks })]);
    expect(titlesByDate(state)).toEqual({ [MON]: ['a', 'b', 'c', 'd'], [TUE]: ['x', 'y'] });
    expect(ordersByDate(state)).toEqual({ [MON]: [0, 1, 2, 3], [TUE]: [0, 1] });
    expect(placedTask(state, 'a')).toEqual(t('a', MON, 0));
    expect(Object.isFrozen(state.days) && Object.isFrozen(state.days[MON]) && Object.isFrozen(state.days[MON]!.entities['c'])).toBe(true);
  });
});

describe('every task action', () => {
  it('survives a JSON round trip unchanged (Redux DevTools, time travel)', () => {
    const task = { id: 'task-1-a', title: 'T', date: MON, completed: false, createdAt: 1, order: 0 };
    const actions = [
      taskAdded('A', MON),
      taskRenamed({ id: 'x', title: 'y' }),
      taskCompletionSet({ id: 'x', completed: true }),
      taskDeleted({ id: 'x' }),
      taskMoved({ id: 'x', toDate: SOMEDAY, toIndex: 2 }),
      taskMovedToEnd({ id: 'x', toDate: TUE }),
      taskDragStarted({ id: 'x' }),
      taskDragEnded(),
      taskDragCancelled(),
      tasksReplaced({ tasks: [task] }),
    ];
    for (const action of actions) expect(JSON.parse(JSON.stringify(action))).toEqual(action);
  });

  it('passes the serializability check of the real store', async () => {
    const warn = jest.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const { store } = await startStore(new MemoryStorage());
      const add = taskAdded('A', MON);
      for (const action of [add, taskDragStarted({ id: add.payload.id }), taskMoved({ id: add.payload.id, toDate: TUE, toIndex: 0 }), taskDragCancelled()]) {
        store.dispatch(action);
      }
      expect(warn).not.toHaveBeenCalled();
    } finally {
      warn.mockRestore();
    }
  });

  it('leaves the state serializable, including a drag snapshot', () => {
    const add = taskAdded('A', MON);
    const state = replay([add, taskAdded('B', TUE), taskDragStarted({ id: add.payload.id }), taskMoved({ id: add.payload.id, toDate: TUE, toIndex: 0 })]);
    expect(JSON.parse(JSON.stringify(state))).toEqual(state);
  });

  it('starts from an empty list with no drag', () => {
    expect(initialTasks()).toEqual({ days: {}, drag: null });
  });
});

// ---------------------------------------------------------------------------------------------------
// The reducer against a reference model: the events' semantics (as events.ts documents them) on a
// plain array of tasks, written naively. Each day's orders are 0..n-1 after every event of the model.

interface Model {
  tasks: Task[];
  /** A drag is in progress (the model does not follow the drag's snapshot, so it never cancels one). */
  dragging: boolean;
}

const emptyModel: Model = { tasks: [], dragging: false };

/** A day's tasks in display order. */
const modelDay = (tasks: Task[], date: TaskDate): Task[] => tasks.filter((task) => task.date === date).sort((a, b) => a.order - b.order);

/** `tasks` with `date`'s tasks numbered 0..n-1 in their display order. */
function renumbered(tasks: Task[], date: TaskDate): Task[] {
  const day = modelDay(tasks, date);
  return tasks.map((task) => (task.date === date ? { ...task, order: day.indexOf(task) } : task));
}

/** Takes a task out of its day and closes the gap. */
function modelRemove(tasks: Task[], id: string): Task[] {
  const task = tasks.find((candidate) => candidate.id === id);
  return task ? renumbered(tasks.filter((other) => other !== task), task.date) : tasks;
}

/** Puts `task` (on no day now) into its day at `index`, clamped to the day, and renumbers the day. */
function modelInsert(tasks: Task[], task: Task, index: number): Task[] {
  const day = modelDay(tasks, task.date);
  const at = index < 0 ? 0 : index > day.length ? day.length : index;
  day.splice(at, 0, task);
  return [...tasks.filter((other) => other.date !== task.date), ...day.map((other, order) => ({ ...other, order }))];
}

function modelMove(tasks: Task[], id: string, toDate: TaskDate, toIndex: number): Task[] {
  const task = tasks.find((candidate) => candidate.id === id);
  return task ? modelInsert(modelRemove(tasks, id), { ...task, date: toDate }, toIndex) : tasks;
}

function modelRestore(tasks: Task[], given: Task): Task[] {
  if (!given || typeof given.id !== 'string' || typeof given.date !== 'string') return tasks;
  const title = String(given.title ?? '').trim();
  if (!title) return tasks;
  const createdAt = Number.isFinite(given.createdAt) ? given.createdAt : 0;
  const task: Task = { id: given.id, title, date: given.date, completed: given.completed === true, createdAt, order: 0 };
  return modelInsert(modelRemove(tasks, given.id), task, Number.isFinite(given.order) ? Math.trunc(given.order) : Infinity);
}

const modelDayKey = /^\d{4}-\d{2}-\d{2}$/;

function modelApply(model: Model, action: UnknownAction): Model {
  const { tasks } = model;
  const find = (id: string) => tasks.find((task) => task.id === id);
  const edit = (next: Task[]): Model => ({ ...model, tasks: next });
  if (taskAdded.match(action)) {
    const { id, title, date, createdAt } = action.payload;
    const trimmed = String(title ?? '').trim();
    if (!trimmed || find(id)) return model;
    return edit(modelInsert(tasks, { id, title: trimmed, date, completed: false, createdAt, order: 0 }, Infinity));
  }
  if (taskRenamed.match(action)) {
    const title = String(action.payload.title ?? '').trim();
    const task = find(action.payload.id);
    if (!task || !title || title === task.title) return model;
    return edit(tasks.map((other) => (other === task ? { ...task, title } : other)));
  }
  if (taskCompletionSet.match(action)) {
    const completed = action.payload.completed === true;
    const task = find(action.payload.id);
    if (!task || task.completed === completed) return model;
    return edit(tasks.map((other) => (other === task ? { ...task, completed } : other)));
  }
  if (taskDeleted.match(action)) return edit(modelRemove(tasks, action.payload.id));
  if (tasksDeleted.match(action)) return edit(action.payload.ids.reduce(modelRemove, tasks));
  if (taskMoved.match(action)) return edit(modelMove(tasks, action.payload.id, action.payload.toDate, action.payload.toIndex));
  if (taskMovedToEnd.match(action)) return edit(modelMove(tasks, action.payload.id, action.payload.toDate, Infinity));
  if (taskDragMovedTo.match(action)) {
    const { id, toDate, toIndex } = action.payload;
    return model.dragging ? edit(modelMove(tasks, id, toDate, toIndex ?? Infinity)) : model;
  }
  if (taskRestored.match(action)) return edit(modelRestore(tasks, action.payload.task));
  if (tasksRestored.match(action)) return edit(action.payload.tasks.reduce(modelRestore, tasks));
  if (tasksRolledOver.match(action)) {
    const { ids, to } = action.payload;
    if (!modelDayKey.test(to)) return model;
    let next = tasks;
    for (const id of new Set(ids)) {
      const task = next.find((candidate) => candidate.id === id);
      if (task && !task.completed && modelDayKey.test(task.date) && task.date < to) next = modelMove(next, id, to, Infinity);
    }
    return edit(next);
  }
  if (tasksReplaced.match(action)) {
    const seen = new Set<string>();
    const kept = action.payload.tasks.filter((task) => !seen.has(task.id) && seen.add(task.id));
    const tieBreak = (a: Task, b: Task) => a.order - b.order || a.createdAt - b.createdAt || (a.id < b.id ? -1 : 1);
    const dates = [...new Set(kept.map((task) => task.date))];
    return { tasks: dates.flatMap((date) => kept.filter((task) => task.date === date).sort(tieBreak).map((task, order) => ({ ...task, order }))), dragging: false };
  }
  if (taskDragStarted.match(action)) return find(action.payload.id) ? { ...model, dragging: true } : model;
  if (taskDragEnded.match(action)) return { ...model, dragging: false };
  throw new Error(`the model has no ${action.type}`);
}

/** The model's tasks as allTasksOf lists them: days in key order, each in display order. */
const modelTasks = (model: Model): Task[] =>
  [...model.tasks].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.order - b.order));

/** The days an event may touch (copy), from the model before it; every other day must keep its object. */
function touchedDays(model: Model, action: UnknownAction): Set<TaskDate> {
  const dateOf = (id: string) => model.tasks.find((task) => task.id === id)?.date;
  const days = new Set<TaskDate | undefined>();
  const payload = action.payload as Record<string, unknown> | undefined;
  if (typeof payload?.id === 'string') days.add(dateOf(payload.id));
  if (typeof payload?.date === 'string') days.add(payload.date);
  if (typeof payload?.toDate === 'string') days.add(payload.toDate);
  if (typeof payload?.to === 'string') days.add(payload.to);
  if (Array.isArray(payload?.ids)) for (const id of payload.ids as string[]) days.add(dateOf(id));
  const restored = tasksRestored.match(action) ? action.payload.tasks : taskRestored.match(action) ? [action.payload.task] : [];
  for (const task of restored) days.add(task.date).add(dateOf(task.id));
  days.delete(undefined);
  return days as Set<TaskDate>;
}

/** The ids an event names; every other task whose fields stay the same must keep its object. */
function namedIds(action: UnknownAction): Set<string> {
  const payload = action.payload as Record<string, unknown> | undefined;
  const ids = new Set<string>();
  if (typeof payload?.id === 'string') ids.add(payload.id);
  if (Array.isArray(payload?.ids)) for (const id of payload.ids as string[]) ids.add(id);
  if (taskRestored.match(action)) ids.add(action.payload.task.id);
  if (tasksRestored.match(action)) for (const task of action.payload.tasks) ids.add(task.id);
  return ids;
}

/**
 * What is wrong with the state's shape, if anything: only days with tasks, each day's ids and entities in
 * step, each task dated its day with its index as its order, everything frozen. Plain checks, as this runs
 * after every step of every run.
 */
function shapeProblem(state: TasksState): string | null {
  if (!Object.isFrozen(state) || !Object.isFrozen(state.days)) return 'the state or its days are not frozen';
  for (const [date, day] of Object.entries(state.days)) {
    if (day.ids.length === 0) return `empty day ${date}`;
    if (!Object.isFrozen(day) || !Object.isFrozen(day.ids) || !Object.isFrozen(day.entities)) return `day ${date} is not frozen`;
    const keys = Object.keys(day.entities);
    if (keys.length !== day.ids.length || new Set(day.ids).size !== day.ids.length) return `ids ${day.ids} and entities ${keys} of ${date} differ`;
    for (const [order, id] of day.ids.entries()) {
      const task = day.entities[id];
      if (!task || task.id !== id || task.date !== date || 'order' in task) return `task ${id} at ${date} #${order} reads ${JSON.stringify(task)}`;
      if (!Object.isFrozen(task)) return `task ${id} is not frozen`;
    }
  }
  return null;
}

/**
 * Reduces `action` and checks the result against the model: the same tasks (all fields) on the same days
 * in the same order, a drag in progress when the model has one, a well-formed frozen state, every day the
 * event does not touch and every task it does not name (unless it changed place) kept as the same object,
 * and a completion or rename keeping every day's list. Returns the next state and model. Each check calls
 * expect only on a mismatch: this runs for every step of hundreds of runs, and more while shrinking.
 */
function stepBoth(state: TasksState, model: Model, action: UnknownAction): [TasksState, Model] {
  const next = tasksReducer(state, action);
  const expected = modelApply(model, action);
  const tasks = allTasksOf(next.days);
  if (!isDeepStrictEqual(tasks, modelTasks(expected))) expect(tasks).toEqual(modelTasks(expected));
  expect(next.drag !== null).toBe(expected.dragging);
  const problem = shapeProblem(next);
  if (problem) throw new Error(`after ${JSON.stringify(action)}: ${problem}`);
  if (!tasksReplaced.match(action)) {
    const touched = touchedDays(model, action);
    for (const date of Object.keys(state.days)) {
      if (!touched.has(date) && next.days[date] !== state.days[date]) throw new Error(`${JSON.stringify(action)} copied ${date}, a day it does not touch`);
    }
    // A task the event does not name keeps its object, wherever the event moved it on its day.
    const named = namedIds(action);
    const before = taskEntities(state);
    for (const [id, task] of Object.entries(taskEntities(next))) {
      const old = before[id];
      if (!named.has(id) && old && old.date === task!.date && task !== old) expect(task).toBe(old);
    }
  }
  if (taskCompletionSet.match(action) || taskRenamed.match(action)) {
    for (const date of Object.keys(state.days)) {
      if (next.days[date]?.ids !== state.days[date]!.ids) throw new Error(`${JSON.stringify(action)} made a new list of ${date}`);
    }
  }
  return [next, expected];
}

/** The model of a state the reducer made (only to start a comparison from a state built by other tests' means). */
const modelOf = (state: TasksState): Model => ({ tasks: allTasksOf(state.days), dragging: state.drag !== null });

describe('tasksReducer against a plain-list model', () => {
  const dates = [MON, TUE, WED, SOMEDAY];
  const date = fc.constantFrom(...dates);
  // Mostly existing tasks; now and then one past the list (a stale event).
  const pick = fc.nat({ max: 24 });
  const index = fc.integer({ min: -3, max: 14 });
  const title = fc.constantFrom('a', 'b', ' c ', 'A longer title', '', '   ');
  const odd = fc.constantFrom<unknown>(true, false, 'yes', 1, undefined);
  const place = fc.oneof(index, fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, 1.7, -0.5));
  const restoreItem = fc.record({ pick, fresh: fc.boolean(), date, title, completed: odd, createdAt: fc.oneof(fc.nat({ max: 9 }), fc.constant(Number.NaN)), order: place });
  const steps = {
    add: fc.record({ kind: fc.constant('add' as const), date, title }),
    rename: fc.record({ kind: fc.constant('rename' as const), pick, title }),
    complete: fc.record({ kind: fc.constant('complete' as const), pick, value: odd }),
    delete: fc.record({ kind: fc.constant('delete' as const), pick }),
    move: fc.record({ kind: fc.constant('move' as const), pick, date, index }),
    moveToEnd: fc.record({ kind: fc.constant('moveToEnd' as const), pick, date }),
    restore: fc.record({ kind: fc.constant('restore' as const), item: restoreItem }),
    restoreMany: fc.record({ kind: fc.constant('restoreMany' as const), items: fc.array(restoreItem, { maxLength: 5 }) }),
    deleteMany: fc.record({ kind: fc.constant('deleteMany' as const), picks: fc.array(pick, { maxLength: 5 }) }),
    rollover: fc.record({ kind: fc.constant('rollover' as const), picks: fc.array(pick, { maxLength: 8 }), to: fc.constantFrom(TUE, WED, SOMEDAY) }),
    replace: fc.record({ kind: fc.constant('replace' as const), picks: fc.array(pick, { maxLength: 12 }), orders: fc.array(fc.integer({ min: -2, max: 4 }), { maxLength: 12 }) }),
    dragStart: fc.record({ kind: fc.constant('dragStart' as const), pick }),
    dragMove: fc.record({ kind: fc.constant('dragMove' as const), pick, date, index: fc.option(index, { nil: undefined }) }),
    dragEnd: fc.record({ kind: fc.constant('dragEnd' as const) }),
  };
  type Step = { [K in keyof typeof steps]: (typeof steps)[K] extends fc.Arbitrary<infer S> ? S : never }[keyof typeof steps];
  type RestoreItem = typeof restoreItem extends fc.Arbitrary<infer I> ? I : never;

  /** The action a step makes on `state`; ids and timestamps come from the step number, so a run replays. */
  function toAction(step: Step, state: TasksState, n: number): UnknownAction {
    const ids = idsOf(state);
    const idAt = (p: number) => ids[p] ?? `task-0-gone${p}`;
    const restored = (item: RestoreItem, k: number) =>
      ({ id: item.fresh ? `task-${n}-r${k}` : idAt(item.pick), title: item.title, date: item.date, completed: item.completed, createdAt: item.createdAt, order: item.order }) as Task;
    switch (step.kind) {
      case 'add':
        return { type: taskAdded.type, payload: { id: `task-${n}-a`, title: step.title, date: step.date, createdAt: n % 3 } };
      case 'rename':
        return taskRenamed({ id: idAt(step.pick), title: step.title });
      case 'complete':
        return taskCompletionSet({ id: idAt(step.pick), completed: step.value as boolean });
      case 'delete':
        return taskDeleted({ id: idAt(step.pick) });
      case 'move':
        return taskMoved({ id: idAt(step.pick), toDate: step.date, toIndex: step.index });
      case 'moveToEnd':
        return taskMovedToEnd({ id: idAt(step.pick), toDate: step.date });
      case 'restore':
        return taskRestored({ task: restored(step.item, 0) });
      case 'restoreMany':
        return tasksRestored({ tasks: step.items.map(restored) });
      case 'deleteMany':
        return tasksDeleted({ ids: step.picks.map(idAt) });
      case 'rollover':
        return tasksRolledOver({ ids: step.picks.map(idAt), to: step.to });
      case 'replace': {
        const all = taskEntities(state);
        const tasks = step.picks.filter((p) => ids[p]).map((p, k) => ({ ...all[ids[p]!]!, order: step.orders[k] ?? k }));
        return tasksReplaced({ tasks });
      }
      case 'dragStart':
        return taskDragStarted({ id: idAt(step.pick) });
      case 'dragMove':
        return taskDragMovedTo({ id: idAt(step.pick), toDate: step.date, toIndex: step.index });
      case 'dragEnd':
        return taskDragEnded();
    }
  }

  const addsFirst = fc.array(steps.add, { minLength: 3, maxLength: 15 });

  /** The action takes an existing task out and puts it in again (its own place may be where it goes), restarts a drag or replaces the list. */
  function remakes(model: Model, action: UnknownAction): boolean {
    if (tasksReplaced.match(action)) return true;
    const exists = (id: string) => model.tasks.some((task) => task.id === id);
    if (taskMoved.match(action) || taskMovedToEnd.match(action) || taskDragMovedTo.match(action) || taskDragStarted.match(action)) return exists(action.payload.id);
    const restored = tasksRestored.match(action) ? action.payload.tasks : taskRestored.match(action) ? [action.payload.task] : [];
    return restored.some((task) => String(task.title ?? '').trim() !== '');
  }

  it('gives what the model gives for random sequences of every event, copying only the days an event touches', () => {
    fc.assert(
      fc.property(addsFirst, fc.array(fc.oneof(...Object.values(steps)), { minLength: 10, maxLength: 60 }), (adds, rest) => {
        let state = initialTasks();
        let model = emptyModel;
        [...adds, ...rest].forEach((step, n) => {
          const action = toAction(step, state, n);
          const before = state;
          const modelBefore = model;
          [state, model] = stepBoth(state, model, action);
          // An event that changes nothing returns the very state it was given. Not checked here: a move of a task
          // to where it already is (the focused tests below), a restore that puts a task back as it was (a PUT,
          // which makes the task anew), a drag start while a drag is in progress (a new snapshot) and a
          // replacement of the whole list (new days, even for the same tasks).
          if (!remakes(modelBefore, action) && JSON.stringify(model) === JSON.stringify(modelBefore)) expect(state).toBe(before);
        });
      }),
      { numRuns: 300 },
    );
  });

  it('gives what the model gives from a replaced list with ties, for restores at fractional, negative and NaN places', () => {
    const start = replay([
      tasksReplaced({
        tasks: [
          { id: 'p', title: 'P', date: MON, completed: false, createdAt: 5, order: 3 },
          { id: 'q', title: 'Q', date: MON, completed: true, createdAt: 1, order: 3 },
          { id: 'r', title: 'R', date: SOMEDAY, completed: false, createdAt: 2, order: 0 },
        ],
      }),
    ]);
    let [state, model] = [start, modelOf(start)];
    const actions: UnknownAction[] = [
      tasksRolledOver({ ids: ['p', 'q', 'r', 'p'], to: WED }),
      taskMoved({ id: 'r', toDate: WED, toIndex: 0 }),
      taskRestored({ task: { id: 'q', title: ' Q2 ', date: WED, completed: true, createdAt: Number.NaN, order: 1.9 } }),
      tasksRestored({ tasks: [{ id: 's', title: 'S', date: MON, completed: false, createdAt: 3, order: -1 }, { id: 'p', title: 'P', date: MON, completed: false, createdAt: 5, order: Number.NaN }] }),
      tasksDeleted({ ids: ['r', 'zz', 'r'] }),
    ];
    for (const action of actions) [state, model] = stepBoth(state, model, action);
    expect(titlesByDate(state)).toEqual({ [MON]: ['S', 'P'], [WED]: ['Q2'] });
  });

  // Completion and rename change one task's fields: the day's list stays the very same array.
  describe('completion and rename', () => {
    const adds = [taskAdded('One', MON), taskAdded('Two', MON), taskAdded('Three', TUE)];
    const base = replay(adds);
    const [one, two] = adds.map((add) => add.payload.id);
    const cases: UnknownAction[] = [
      taskCompletionSet({ id: one!, completed: true }),
      taskCompletionSet({ id: one!, completed: false }),
      taskCompletionSet({ id: 'missing', completed: true }),
      taskCompletionSet({ id: two!, completed: 'yes' as unknown as boolean }),
      taskRenamed({ id: two!, title: '  Renamed \n' }),
      taskRenamed({ id: two!, title: 'Two' }),
      taskRenamed({ id: two!, title: '   ' }),
      taskRenamed({ id: 'missing', title: 'Ghost' }),
    ];

    it.each(cases.map((action) => [JSON.stringify(action.payload), action]))('%s gives what the model gives', (_name, action) => {
      const start = tasksReducer(base, taskCompletionSet({ id: two!, completed: true }));
      const [next] = stepBoth(start, modelOf(start), action);
      if (JSON.stringify(allTasksOf(next.days)) === JSON.stringify(allTasksOf(start.days))) expect(next).toBe(start);
      else expect(next.days[MON]!.ids).toBe(start.days[MON]!.ids);
    });

    it('returns the same state when nothing changes, and keeps every other task object', () => {
      expect(tasksReducer(base, taskCompletionSet({ id: one!, completed: false }))).toBe(base);
      expect(tasksReducer(base, taskRenamed({ id: one!, title: ' One ' }))).toBe(base);
      const next = tasksReducer(base, taskCompletionSet({ id: one!, completed: true }));
      expect(taskIn(next, one!)).toMatchObject({ completed: true, title: 'One' });
      expect(taskIn(next, two!)).toBe(taskIn(base, two!));
      expect(next.days[MON]!.ids).toBe(base.days[MON]!.ids);
      expect(taskIn(base, one!)!.completed).toBe(false);
    });

    it('leaves the new state frozen', () => {
      const next = tasksReducer(base, taskRenamed({ id: one!, title: 'New' }));
      expect(Object.isFrozen(next)).toBe(true);
      expect(Object.isFrozen(next.days)).toBe(true);
      expect(Object.isFrozen(next.days[MON])).toBe(true);
      expect(Object.isFrozen(next.days[MON]!.entities)).toBe(true);
      expect(Object.isFrozen(taskIn(next, one!))).toBe(true);
    });
  });

  describe('delete', () => {
    const days = [MON, TUE, SOMEDAY];
    const base = replay(Array.from({ length: 30 }, (_, i) => taskAdded(`T${i}`, days[i % 3]!)));

    it('gives what the model gives, deleting every task in a shuffled order', () => {
      const order = idsOf(base).sort((a, b) => (a.charCodeAt(a.length - 1) % 7) - (b.charCodeAt(b.length - 1) % 7) || (a < b ? -1 : 1));
      let [state, model] = stepBoth(base, modelOf(base), taskMoved({ id: taskTitled(base, 'T4').id, toDate: MON, toIndex: 0 }));
      for (const id of [...order, 'missing']) {
        const before = state;
        [state, model] = stepBoth(state, model, taskDeleted({ id }));
        if (id === 'missing') expect(state).toBe(before);
      }
      expect(idsOf(state)).toEqual([]);
      expect(state.days).toEqual({});
    });

    it('keeps the other days’ objects, returns the state for an unknown id, and freezes what it makes', () => {
      expect(tasksReducer(base, taskDeleted({ id: 'missing' }))).toBe(base);
      const gone = taskTitled(base, 'T0').id; // Monday
      const next = tasksReducer(base, taskDeleted({ id: gone }));
      expect(taskIn(next, gone)).toBeUndefined();
      expect(next.days[TUE]).toBe(base.days[TUE]);
      expect(next.days[SOMEDAY]).toBe(base.days[SOMEDAY]);
      expect(taskIn(next, taskTitled(base, 'T1').id)).toBe(taskIn(base, taskTitled(base, 'T1').id));
      const monday = next.days[MON]!;
      expect(Object.isFrozen(next.days) && Object.isFrozen(monday) && Object.isFrozen(monday.ids) && Object.isFrozen(monday.entities)).toBe(true);
      expect(monday.ids.every((id) => Object.isFrozen(monday.entities[id]))).toBe(true);
    });
  });

  describe('moves', () => {
    const days = [MON, TUE, SOMEDAY];
    const base = replay(Array.from({ length: 30 }, (_, i) => taskAdded(`T${i}`, days[i % 3]!)));
    const ids = idsOf(base);

    it('gives what the model gives, for 300 random moves in a row', () => {
      let seed = 7;
      const random = (n: number) => {
        seed = (seed * 1103515245 + 12345) % 2 ** 31;
        return seed % n;
      };
      let [state, model] = [base, modelOf(base)];
      for (let step = 0; step < 300; step++) {
        const id = step % 17 === 0 ? 'missing' : ids[random(ids.length)]!;
        const toDate = days[random(3)]!;
        const action = step % 5 === 0 ? taskMovedToEnd({ id, toDate }) : taskMoved({ id, toDate, toIndex: random(14) - 2 });
        const before = state;
        [state, model] = stepBoth(state, model, action);
        if (id === 'missing') expect(state).toBe(before);
      }
    });

    it('returns the same state for a move to where the task already is', () => {
      const first = placedTask(base, ids[0]!)!;
      expect(tasksReducer(base, taskMoved({ id: first.id, toDate: first.date, toIndex: first.order }))).toBe(base);
    });

    it('keeps untouched days and tasks, and freezes what it makes', () => {
      const first = taskIn(base, ids[0]!)!; // Monday
      const next = tasksReducer(base, taskMoved({ id: first.id, toDate: TUE, toIndex: 0 }));
      expect(Object.isFrozen(next.days[MON]!.entities) && Object.isFrozen(next.days[TUE]!.entities)).toBe(true);
      expect(next.days[SOMEDAY]).toBe(base.days[SOMEDAY]);
      const someday = taskTitled(base, 'T2').id;
      expect(taskIn(next, someday)).toBe(taskIn(base, someday));
      // Monday's first task left: the next one is first now.
      expect(placedTask(next, taskTitled(base, 'T3').id)).toMatchObject({ date: MON, order: 0 });
    });

    it('hands the per-day lists the days it changed: the same lists as a fresh sort, other days keep their arrays', () => {
      let state = base;
      const fresh = (s: TasksState) => {
        const all = Object.values(taskEntities(s)) as Task[];
        const lists = days.map((day) => [day, all.filter((task) => task.date === day).sort((a, b) => a.order - b.order).map((task) => task.id)] as const);
        return Object.fromEntries(lists.filter(([, list]) => list.length > 0));
      };
      for (let i = 0; i < 20; i++) {
        const before = selectTaskIdsByDate({ tasks: state });
        const id = ids[(i * 7) % ids.length]!;
        const toDate = days[i % 3]!;
        state = tasksReducer(state, taskMoved({ id, toDate, toIndex: (i * 5) % 11 }));
        const after = selectTaskIdsByDate({ tasks: state });
        expect(after).toEqual(fresh(state));
        for (const day of days) if (day !== toDate && before[day] && !before[day].includes(id)) expect(after[day]).toBe(before[day]);
      }
    });

    it('moves a drag preview only while a drag is in progress', () => {
      const id = ids[0]!;
      expect(tasksReducer(base, taskDragMovedTo({ id, toDate: SOMEDAY }))).toBe(base);
      const dragging = tasksReducer(base, taskDragStarted({ id }));
      expect(dragging.days).toBe(base.days);
      const moved = tasksReducer(dragging, taskDragMovedTo({ id, toDate: SOMEDAY, toIndex: 1 }));
      expect(moved.days).toEqual(tasksReducer(base, taskMoved({ id, toDate: SOMEDAY, toIndex: 1 })).days);
      expect(moved.days[TUE]).toBe(base.days[TUE]);
      // The day entered is recorded once; a further move among recorded days keeps the snapshot.
      expect(moved.drag?.days).toEqual([taskIn(base, id)!.date, SOMEDAY]);
      expect(tasksReducer(moved, taskDragMovedTo({ id, toDate: SOMEDAY, toIndex: 0 })).drag).toBe(moved.drag);
    });
  });

  describe('an event that changes nothing returns the very same state', () => {
    const base = replay([taskAdded('A', MON), taskAdded('B', MON), taskAdded('C', TUE)]);
    const [a, b, c] = ['A', 'B', 'C'].map((name) => taskTitled(base, name));
    const dragging = tasksReducer(base, taskDragStarted({ id: a!.id }));
    const cases: Array<[string, TasksState, UnknownAction]> = [
      ['a rename to the same title', base, taskRenamed({ id: a!.id, title: ' A ' })],
      ['a completion already set', base, taskCompletionSet({ id: a!.id, completed: false })],
      ['an add of an id that exists', base, { type: taskAdded.type, payload: { id: a!.id, title: 'Again', date: TUE, createdAt: 1 } }],
      ['an add with a blank title', base, taskAdded('  ', WED)],
      ['a delete of an unknown id', base, taskDeleted({ id: 'missing' })],
      ['a delete of unknown ids', base, tasksDeleted({ ids: ['missing', 'gone'] })],
      ['a move of an unknown id', base, taskMoved({ id: 'missing', toDate: MON, toIndex: 0 })],
      ['a restore without a title', base, taskRestored({ task: { ...c!, title: ' ' } })],
      ['a restore of nothing', base, tasksRestored({ tasks: [] })],
      ['a rollover of tasks not overdue', base, tasksRolledOver({ ids: [a!.id, c!.id], to: MON })],
      ['a rollover to Some Day', base, tasksRolledOver({ ids: [a!.id], to: SOMEDAY })],
      ['a drag preview without a drag', base, taskDragMovedTo({ id: a!.id, toDate: TUE })],
      ['a drag start of an unknown task', base, taskDragStarted({ id: 'missing' })],
      ['a drag end without a drag', base, taskDragEnded()],
      ['a drag cancel without a drag', base, taskDragCancelled()],
      ['a move to the end of the day of the task already last', base, taskMovedToEnd({ id: b!.id, toDate: MON })],
      ['a drag preview to where the dragged task is', dragging, taskDragMovedTo({ id: a!.id, toDate: MON, toIndex: 0 })],
      ['an unknown action', base, { type: 'tasks/somethingElse' }],
    ];

    it.each(cases)('%s', (_name, state, action) => {
      expect(tasksReducer(state, action)).toBe(state);
    });
  });

  it('a completion, a rename and a delete leave every other day’s DayTasks object identical', () => {
    const base = replay([MON, TUE, WED, SOMEDAY].flatMap((day) => ['1', '2', '3'].map((n) => taskAdded(`${day} ${n}`, day))));
    const target = taskTitled(base, `${TUE} 2`);
    for (const action of [
      taskCompletionSet({ id: target.id, completed: true }),
      taskRenamed({ id: target.id, title: 'Renamed' }),
      taskDeleted({ id: target.id }),
    ]) {
      const next = tasksReducer(base, action);
      expect(next).not.toBe(base);
      expect(next.days[TUE]).not.toBe(base.days[TUE]);
      for (const day of [MON, WED, SOMEDAY]) expect(next.days[day]).toBe(base.days[day]);
      // Tuesday's other tasks keep their objects too, except those a delete renumbers.
      expect(taskIn(next, taskTitled(base, `${TUE} 1`).id, TUE)).toBe(taskIn(base, taskTitled(base, `${TUE} 1`).id));
    }
    expect(titlesByDate(tasksReducer(base, taskDeleted({ id: target.id })))[TUE]).toEqual([`${TUE} 1`, `${TUE} 3`]);
  });
});
