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
  tasksReplaced,
  tasksReducer,
  replayTaskEvents,
  selectTaskIdsByDate,
  type TaskEvent,
} from '../../src/features/tasks/tasksSlice';
import { SOMEDAY } from '../../src/features/tasks/types';
import { MemoryStorage, startStore } from './memoryStorage';
import { MON, TUE, initialTasks, ordersByDate, replay, taskTitled, titlesByDate } from './taskFixtures';

describe('taskAdded', () => {
  it('adds an incomplete task with a trimmed title at the end of its day', () => {
    const state = replay([taskAdded('First', MON), taskAdded('  Second \n', MON), taskAdded('Elsewhere', TUE)]);
    expect(titlesByDate(state)).toEqual({ [MON]: ['First', 'Second'], [TUE]: ['Elsewhere'] });
    expect(ordersByDate(state)).toEqual({ [MON]: [0, 1], [TUE]: [0] });
    expect(taskTitled(state, 'Second')).toMatchObject({ date: MON, completed: false, order: 1 });
  });

  it('ignores empty and blank titles', () => {
    const state = replay([taskAdded('', MON), taskAdded('   \t', SOMEDAY)]);
    expect(state.ids).toEqual([]);
  });

  it('makes the id and createdAt in prepare, in the spec format', () => {
    const before = Date.now();
    const action = taskAdded('Write report', SOMEDAY);
    const after = Date.now();
    expect(action.payload.id).toMatch(/^task-\d+-[a-z0-9]+$/);
    expect(action.payload.createdAt).toBeGreaterThanOrEqual(before);
    expect(action.payload.createdAt).toBeLessThanOrEqual(after);
    expect(action.payload.id).toContain(`task-${action.payload.createdAt}-`);
    const task = replay([action]).entities[action.payload.id];
    expect(task).toEqual({ id: action.payload.id, title: 'Write report', date: SOMEDAY, completed: false, createdAt: action.payload.createdAt, order: 0 });
  });

  it('gives each task its own id', () => {
    const ids = new Set(Array.from({ length: 500 }, () => taskAdded('x', MON).payload.id));
    expect(ids.size).toBe(500);
  });

  it('ignores a replayed add of an id that already exists', () => {
    const add = taskAdded('Once', MON);
    const state = replay([add, add]);
    expect(state.ids).toEqual([add.payload.id]);
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
    expect(state.entities[add.payload.id]!.title).toBe('Buy oat milk');
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
    expect(once.entities[add.payload.id]!.completed).toBe(true);
    expect(replay([done], once)).toBe(once);
    const undone = replay([taskCompletionSet({ id: add.payload.id, completed: false })], once);
    expect(undone.entities[add.payload.id]!.completed).toBe(false);
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
    const b = full.entities[adds[1]!.payload.id]!;
    const state = replay([taskDeleted({ id: b.id }), taskRestored({ task: { ...b } })], full);
    expect(titlesByDate(state)).toEqual({ [MON]: ['A', 'B', 'C'] });
    expect(ordersByDate(state)).toEqual({ [MON]: [0, 1, 2] });
    expect(state.entities[b.id]).toEqual(b);
  });

  it('overwrites an existing task, moving it between days, and replays to the same state', () => {
    const adds = ['A', 'B'].map((title) => taskAdded(title, MON));
    const other = taskAdded('X', TUE);
    const full = replay([...adds, other]);
    const a = full.entities[adds[0]!.payload.id]!;
    const restore = taskRestored({ task: { ...a, title: 'A2', date: TUE, completed: true, order: 5 } });
    const once = replay([restore], full);
    expect(titlesByDate(once)).toEqual({ [MON]: ['B'], [TUE]: ['X', 'A2'] });
    expect(ordersByDate(once)).toEqual({ [MON]: [0], [TUE]: [0, 1] });
    expect(replay([restore], once).entities).toEqual(once.entities);
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
    expect(state.entities[adds[1]!.payload.id]).toBeUndefined();
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
    expect(state.ids).toEqual([task.id]);
    expect(state.entities[task.id]).toEqual(task);
    expect(state.drag).toBeNull();
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
    expect(initialTasks()).toEqual({ ids: [], entities: {}, drag: null });
  });
});

describe('completion and rename outside Immer', () => {
  // tasksReducer handles these two without Immer; replayTaskEvents runs the slice's own case reducers.
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

  it.each(cases.map((action) => [JSON.stringify(action.payload), action]))('%s gives what the case reducer gives', (_name, action) => {
    const start = tasksReducer(base, taskCompletionSet({ id: two!, completed: true }));
    const fast = tasksReducer(start, action);
    expect(fast).toEqual(replayTaskEvents(start, [action as TaskEvent]));
  });

  it('returns the same state when nothing changes, and keeps every other task object', () => {
    expect(tasksReducer(base, taskCompletionSet({ id: one!, completed: false }))).toBe(base);
    expect(tasksReducer(base, taskRenamed({ id: one!, title: ' One ' }))).toBe(base);
    const next = tasksReducer(base, taskCompletionSet({ id: one!, completed: true }));
    expect(next.entities[one!]).toMatchObject({ completed: true, title: 'One' });
    expect(next.entities[two!]).toBe(base.entities[two!]);
    expect(next.ids).toBe(base.ids);
    expect(base.entities[one!]!.completed).toBe(false);
  });

  it('leaves the new state frozen, as Immer would', () => {
    const next = tasksReducer(base, taskRenamed({ id: one!, title: 'New' }));
    expect(Object.isFrozen(next)).toBe(true);
    expect(Object.isFrozen(next.entities)).toBe(true);
    expect(Object.isFrozen(next.entities[one!])).toBe(true);
  });
});

describe('delete outside Immer', () => {
  // tasksReducer deletes without Immer; replayTaskEvents runs the slice's own case reducer.
  const days = [MON, TUE, SOMEDAY];
  const base = replay(Array.from({ length: 30 }, (_, i) => taskAdded(`T${i}`, days[i % 3]!)));

  it('gives what the case reducer gives, deleting every task in a shuffled order', () => {
    const order = [...base.ids].sort((a, b) => (a.charCodeAt(a.length - 1) % 7) - (b.charCodeAt(b.length - 1) % 7) || (a < b ? -1 : 1));
    let state = tasksReducer(base, taskMoved({ id: base.ids[4]!, toDate: MON, toIndex: 0 }));
    for (const id of [...order, 'missing']) {
      const action = taskDeleted({ id });
      const next = tasksReducer(state, action);
      expect(next).toEqual(replayTaskEvents(state, [action]));
      // The per-day lists the selector hands over from the reducer equal a fresh sort.
      expect(titlesByDate(next)).toEqual(titlesByDate(replayTaskEvents(state, [action])));
      state = next;
    }
    expect(state.ids).toEqual([]);
  });

  it('keeps the other days’ task objects, returns the state for an unknown id, and freezes what it makes', () => {
    expect(tasksReducer(base, taskDeleted({ id: 'missing' }))).toBe(base);
    const gone = base.ids[0]!;
    const next = tasksReducer(base, taskDeleted({ id: gone }));
    expect(next.entities[gone]).toBeUndefined();
    expect(next.entities[base.ids[1]!]).toBe(base.entities[base.ids[1]!]); // Tuesday: untouched
    expect(Object.isFrozen(next.ids) && Object.isFrozen(next.entities) && Object.isFrozen(next.entities[base.ids[3]!])).toBe(true);
  });
});

describe('moves outside Immer', () => {
  // tasksReducer moves without Immer; replayTaskEvents runs the slice's own case reducers.
  const days = [MON, TUE, SOMEDAY];
  const base = replay(Array.from({ length: 30 }, (_, i) => taskAdded(`T${i}`, days[i % 3]!)));
  const ids = base.ids;

  it('gives what the case reducers give, for 300 random moves in a row', () => {
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    let state = base;
    for (let step = 0; step < 300; step++) {
      const id = step % 17 === 0 ? 'missing' : ids[random(ids.length)]!;
      const toDate = days[random(3)]!;
      const action = step % 5 === 0 ? taskMovedToEnd({ id, toDate }) : taskMoved({ id, toDate, toIndex: random(14) - 2 });
      const next = tasksReducer(state, action);
      expect(next).toEqual(replayTaskEvents(state, [action]));
      expect(ordersByDate(next)).toEqual(Object.fromEntries(Object.entries(ordersByDate(next)).map(([day, orders]) => [day, orders.map((_, i) => i)])));
      state = next;
    }
  });

  it('returns the same state for a move to where the task already is, and keeps untouched tasks', () => {
    const first = base.entities[ids[0]!]!;
    expect(tasksReducer(base, taskMoved({ id: first.id, toDate: first.date, toIndex: first.order }))).toBe(base);
    const next = tasksReducer(base, taskMoved({ id: first.id, toDate: TUE, toIndex: 0 }));
    expect(Object.isFrozen(next.entities)).toBe(true);
    expect(next.entities[ids[2]!]).toBe(base.entities[ids[2]!]); // Some Day: untouched
  });

  it('hands the per-day lists the days it changed: the same lists as a fresh sort, other days keep their arrays', () => {
    let state = base;
    const fresh = (s: typeof base) =>
      Object.fromEntries(days.map((day) => [day, s.ids.filter((id) => s.entities[id]!.date === day).sort((a, b) => s.entities[a]!.order - s.entities[b]!.order)]));
    for (let i = 0; i < 20; i++) {
      const before = selectTaskIdsByDate({ tasks: state });
      const id = ids[(i * 7) % ids.length]!;
      const toDate = days[i % 3]!;
      state = tasksReducer(state, taskMoved({ id, toDate, toIndex: (i * 5) % 11 }));
      const after = selectTaskIdsByDate({ tasks: state });
      expect(after).toEqual(fresh(state));
      for (const day of days) if (day !== toDate && !before[day]!.includes(id)) expect(after[day]).toBe(before[day]);
    }
  });

  it('moves a drag preview only while a drag is in progress', () => {
    const id = ids[0]!;
    expect(tasksReducer(base, taskDragMovedTo({ id, toDate: SOMEDAY }))).toBe(base);
    const dragging = tasksReducer(base, taskDragStarted({ id }));
    const moved = tasksReducer(dragging, taskDragMovedTo({ id, toDate: SOMEDAY, toIndex: 1 }));
    expect(moved.entities).toEqual(tasksReducer(base, taskMoved({ id, toDate: SOMEDAY, toIndex: 1 })).entities);
    // The day entered is recorded once; a further move among recorded days keeps the snapshot.
    expect(moved.drag?.days).toEqual([base.entities[id]!.date, SOMEDAY]);
    expect(tasksReducer(moved, taskDragMovedTo({ id, toDate: SOMEDAY, toIndex: 0 })).drag).toBe(moved.drag);
  });
});
