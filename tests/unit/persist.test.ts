import { taskAdded, taskCompletionSet, taskDeleted, taskRenamed } from '../../src/features/tasks/events';
import { allTasksOf, daysFrom } from '../../src/features/tasks/taskList';
import { selectAllTasks } from '../../src/features/tasks/taskSelectors';
import { tasksReducer } from '../../src/features/tasks/tasksReducer';
import { type Task, SOMEDAY } from '../../src/features/tasks/types';
import { DRAG_QUIET_MS, DRAG_WAIT_MS, tasksPersistence } from '../../src/features/tasks/persist';
import { serializeDays } from '../../src/features/tasks/storage';
import { TABS_KEY } from '../../src/features/tasks/tabMerge';
import { MemoryStorage, settle, startStore } from './memoryStorage';
import { MON, TUE, ordersByDate, titlesByDate } from './taskFixtures';

const KEY = 'weekly-planner-tasks';

const task = (fields: Partial<Task> & Pick<Task, 'id'>): Task => ({ title: fields.id, date: MON, completed: false, createdAt: 1, order: 0, ...fields });
const stored = (storage: Storage) => JSON.parse(storage.getItem(KEY)!) as unknown;

describe('the stored form', () => {
  it('is one key holding a plain JSON array of the tasks, beside only the tabs\' record of which events it holds', async () => {
    const storage = new MemoryStorage();
    const { store, persistor } = await startStore(storage);
    const a = taskAdded('Plan week', MON);
    store.dispatch(a);
    store.dispatch(taskAdded('Someday maybe', SOMEDAY));
    store.dispatch(taskCompletionSet({ id: a.payload.id, completed: true }));
    store.dispatch(taskRenamed({ id: a.payload.id, title: 'Plan the week' }));
    await persistor.flush();

    expect(storage.keys()).toEqual([KEY, TABS_KEY]);
    const saved = stored(storage);
    expect(Array.isArray(saved)).toBe(true);
    expect(saved).toEqual(selectAllTasks(store.getState()));
    expect(saved).toEqual([
      { id: a.payload.id, title: 'Plan the week', date: MON, completed: true, createdAt: a.payload.createdAt, order: 0 },
      expect.objectContaining({ title: 'Someday maybe', date: SOMEDAY, completed: false, order: 0 }),
    ]);
    expect(storage.getItem(KEY)).not.toContain('_persist');
  });

  it('is written within the throttle without an explicit flush', async () => {
    const storage = new MemoryStorage();
    const { store } = await startStore(storage);
    store.dispatch(taskAdded('Soon saved', TUE));
    await settle();
    expect(stored(storage)).toEqual([expect.objectContaining({ title: 'Soon saved', date: TUE })]);
  });

  it('coalesces a burst of events into few writes', async () => {
    const storage = new MemoryStorage();
    const { store, persistor } = await startStore(storage);
    await settle();
    const listWrites = () => storage.writes.filter(([key]) => key === KEY).length;
    const before = listWrites();
    for (let i = 0; i < 50; i++) store.dispatch(taskAdded(`Task ${i}`, MON));
    await persistor.flush();
    expect(listWrites() - before).toBeLessThanOrEqual(2);
    expect(stored(storage)).toHaveLength(50);
  });

  it('follows deletes', async () => {
    const storage = new MemoryStorage();
    const { store, persistor } = await startStore(storage);
    const a = taskAdded('Gone soon', MON);
    store.dispatch(a);
    await persistor.flush();
    store.dispatch(taskDeleted({ id: a.payload.id }));
    await persistor.flush();
    expect(stored(storage)).toEqual([]);
  });
});

describe('rehydration', () => {
  it('loads the stored array into the store', async () => {
    const tasks = [task({ id: 'task-1-a', order: 1 }), task({ id: 'task-2-b', order: 0, completed: true }), task({ id: 'task-3-c', date: SOMEDAY })];
    const storage = new MemoryStorage({ [KEY]: JSON.stringify(tasks) });
    const { store } = await startStore(storage);
    // Stored day by day in display order (the list the app writes back).
    expect(selectAllTasks(store.getState())).toEqual([tasks[1], tasks[0], tasks[2]]);
    expect(titlesByDate(store.getState().tasks)).toEqual({ [MON]: ['task-2-b', 'task-1-a'], [SOMEDAY]: ['task-3-c'] });
    expect(store.getState().tasks.drag).toBeNull();
  });

  it('survives a reload: what one store saves, the next one reads', async () => {
    const storage = new MemoryStorage();
    const first = await startStore(storage);
    first.store.dispatch(taskAdded('Keep me', MON));
    first.store.dispatch(taskAdded('Me too', MON));
    await first.persistor.flush();
    const second = await startStore(storage);
    expect(selectAllTasks(second.store.getState())).toEqual(selectAllTasks(first.store.getState()));
  });

  it('keeps the new task at the end of a loaded day', async () => {
    const storage = new MemoryStorage({ [KEY]: JSON.stringify([task({ id: 'task-1-a', order: 0 }), task({ id: 'task-2-b', order: 1 })]) });
    const { store } = await startStore(storage);
    store.dispatch(taskAdded('Third', MON));
    expect(titlesByDate(store.getState().tasks)[MON]).toEqual(['task-1-a', 'task-2-b', 'Third']);
  });
});

describe('legacy data without order', () => {
  const legacy = [
    { id: 'task-30-c', title: 'C', date: MON, completed: false, createdAt: 30 },
    { id: 'task-10-a', title: 'A', date: MON, completed: false, createdAt: 10 },
    { id: 'task-20-b', title: 'B', date: MON, completed: true, createdAt: 20 },
    { id: 'task-5-s', title: 'S', date: SOMEDAY, completed: false, createdAt: 5 },
    { id: 'task-1-t', title: 'T', date: TUE, completed: false, createdAt: 1, order: 0 },
  ];

  it('groups by date, sorts by createdAt and renumbers from 0', async () => {
    const { store } = await startStore(new MemoryStorage({ [KEY]: JSON.stringify(legacy) }));
    expect(titlesByDate(store.getState().tasks)).toEqual({ [MON]: ['A', 'B', 'C'], [SOMEDAY]: ['S'], [TUE]: ['T'] });
    expect(ordersByDate(store.getState().tasks)).toEqual({ [MON]: [0, 1, 2], [SOMEDAY]: [0], [TUE]: [0] });
  });

  it('saves the migrated list back at once, before any event', async () => {
    const storage = new MemoryStorage({ [KEY]: JSON.stringify(legacy) });
    await startStore(storage);
    expect(storage.writes[0]?.[0]).toBe(KEY);
    const saved = JSON.parse(storage.writes[0]![1]) as Task[];
    expect(saved.every((entry) => typeof entry.order === 'number')).toBe(true);
    expect(saved.find((entry) => entry.id === 'task-10-a')).toEqual({ ...legacy[1], order: 0 });
    expect(saved.find((entry) => entry.id === 'task-30-c')?.order).toBe(2);
  });

  it('sets nothing aside when the data was readable', async () => {
    const storage = new MemoryStorage({ [KEY]: JSON.stringify([task({ id: 'task-1-a' })]) });
    await startStore(storage);
    expect(storage.writes.filter(([key]) => key !== KEY)).toEqual([]);
    expect(storage.keys()).toEqual([KEY]);
  });
});

describe('writes off the interaction', () => {
  // The browser's idle callbacks, run by hand (jsdom has none; without them writes go out on a timer).
  let idle: Array<{ run: () => void; timeout?: number }>;
  beforeEach(() => {
    idle = [];
    globalThis.requestIdleCallback = (run, options) => idle.push({ run: () => run({} as IdleDeadline), timeout: options?.timeout });
    globalThis.cancelIdleCallback = (handle) => void idle.splice(handle - 1, 1, { run: () => {} });
  });
  afterEach(() => {
    delete (globalThis as Partial<typeof globalThis>).requestIdleCallback;
    delete (globalThis as Partial<typeof globalThis>).cancelIdleCallback;
  });

  // Writes of the list (the tabs' record beside it is written with each).
  const listWrites = (storage: MemoryStorage) => storage.writes.filter(([key]) => key === KEY);

  it('waits for idle time, at most a second, and then writes the latest list once', async () => {
    const storage = new MemoryStorage();
    const { store } = await startStore(storage);
    const before = listWrites(storage).length;
    store.dispatch(taskAdded('First', MON));
    await settle();
    store.dispatch(taskAdded('Second', MON));
    await settle();
    expect(listWrites(storage)).toHaveLength(before);
    expect(idle.every(({ timeout }) => timeout !== undefined && timeout <= 1000)).toBe(true);
    // (Stores of earlier tests may have asked for idle time too; each writes to its own storage.)
    idle.forEach((callback) => callback.run());
    expect(listWrites(storage)).toHaveLength(before + 1);
    expect(stored(storage)).toEqual(selectAllTasks(store.getState()));
    expect(stored(storage)).toHaveLength(2);
  });

  it('goes out at once on flush (the page being hidden or closed)', async () => {
    const storage = new MemoryStorage();
    const { store, persistor } = await startStore(storage);
    store.dispatch(taskAdded('Not lost', TUE));
    await settle();
    expect(storage.getItem(KEY)).toBeNull();
    await persistor.flush();
    expect(stored(storage)).toEqual([expect.objectContaining({ title: 'Not lost', date: TUE })]);
    idle.forEach((callback) => callback.run());
    expect(listWrites(storage)).toHaveLength(1);
  });
});

describe('during a drag', () => {
  // tasksPersistence on its own, with fake timers: jsdom has no idle callbacks, so idle time is a 0 ms timer.
  const list = (ids: string[]) => ({ days: daysFrom(ids.map((id, order) => task({ id, order }))) });
  let now = 0;
  beforeEach(() => {
    jest.useFakeTimers();
    now = 1_000_000;
    jest.spyOn(Date, 'now').mockImplementation(() => now);
  });
  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
  });
  const advance = (ms: number) => {
    for (let t = 0; t < ms; t += 50) {
      now += 50;
      jest.advanceTimersByTime(50);
    }
  };
  const setup = (dragging: { value: boolean }) => {
    const storage = new MemoryStorage();
    const { config } = tasksPersistence(() => storage, () => dragging.value);
    const setItem = (ids: string[]) => void config.storage.setItem(KEY, list(ids) as never);
    return { storage, setItem };
  };

  it('waits while the drag moves cards, and writes the dropped list once the drag is over', () => {
    const dragging = { value: true };
    const { storage, setItem } = setup(dragging);
    for (let step = 0; step < 20; step++) {
      setItem(['a', 'b', `step${step}`]);
      advance(200);
    }
    expect(storage.writes).toHaveLength(0);
    dragging.value = false;
    setItem(['a', 'b', 'dropped']);
    advance(DRAG_QUIET_MS / 2);
    expect(storage.writes).toHaveLength(1);
    expect(stored(storage)).toEqual([expect.objectContaining({ id: 'a' }), expect.objectContaining({ id: 'b' }), expect.objectContaining({ id: 'dropped' })]);
  });

  it('never waits for good: a drag state that outlives the drop (no more changes) lets the write go after a quiet second', () => {
    const dragging = { value: true };
    const { storage, setItem } = setup(dragging);
    setItem(['a', 'dropped']);
    advance(DRAG_QUIET_MS - 100);
    expect(storage.writes).toHaveLength(0);
    advance(DRAG_QUIET_MS / 2);
    expect(storage.writes).toHaveLength(1);
    expect(stored(storage)).toEqual([expect.objectContaining({ id: 'a' }), expect.objectContaining({ id: 'dropped' })]);
  });

  it('writes at most DRAG_WAIT_MS after the write was due, however long the drag keeps moving', () => {
    const dragging = { value: true };
    const { storage, setItem } = setup(dragging);
    for (let t = 0; t < DRAG_WAIT_MS + 1000; t += 200) {
      setItem(['a', `at${t}`]);
      advance(200);
    }
    expect(storage.writes.length).toBeGreaterThanOrEqual(1);
    expect(storage.writes.length).toBeLessThanOrEqual(2);
  });
});

describe('serializeDays', () => {
  it('writes the same text as serializing every task, and re-serializes only the days an event changed', () => {
    const events = [
      taskAdded('a', MON),
      taskAdded('b', MON),
      taskAdded('c', TUE),
      taskAdded('d', SOMEDAY),
    ];
    let state = events.reduce(tasksReducer, tasksReducer(undefined, { type: '@@init' }));
    expect(serializeDays(state.days)).toBe(JSON.stringify(allTasksOf(state.days)));
    const [a] = allTasksOf(state.days);
    const stringify = jest.spyOn(JSON, 'stringify');
    state = tasksReducer(state, taskCompletionSet({ id: a!.id, completed: true }));
    expect(serializeDays(state.days)).toBe(JSON.stringify(allTasksOf(state.days)));
    // One call for Monday inside serializeDays; the second is the comparison's own.
    expect(stringify).toHaveBeenCalledTimes(2);
    stringify.mockRestore();
    state = tasksReducer(state, taskDeleted({ id: allTasksOf(state.days).find((task) => task.title === 'c')!.id }));
    expect(state.days[TUE]).toBeUndefined();
    expect(serializeDays(state.days)).toBe(JSON.stringify(allTasksOf(state.days)));
    expect(serializeDays({})).toBe('[]');
  });

  it('writes each task at its place on its day, in the stored shape, though the store keeps no order', () => {
    const adds = [taskAdded('a', MON), taskAdded('b', MON), taskAdded('c', MON)];
    const state = tasksReducer(adds.reduce(tasksReducer, tasksReducer(undefined, { type: '@@init' })), taskDeleted({ id: adds[0]!.payload.id }));
    expect(state.days[MON]!.entities[adds[1]!.payload.id]).not.toHaveProperty('order');
    const written = JSON.parse(serializeDays(state.days)) as Array<Record<string, unknown>>;
    expect(written.map((task) => Object.keys(task))).toEqual([0, 1].map(() => ['id', 'title', 'date', 'completed', 'createdAt', 'order']));
    expect(written.map((task) => [task.title, task.order])).toEqual([
      ['b', 0],
      ['c', 1],
    ]);
  });
});

describe('a write waiting for its lock', () => {
  it('is written at once by a pagehide flush, before the page can unload without it', async () => {
    jest.useFakeTimers();
    try {
      const storage = new MemoryStorage();
      const calls: Array<{ urgent: boolean; ids: string[] }> = [];
      // The lock is never granted: a non-urgent write does nothing yet; an urgent one writes.
      const writer = {
        loaded: (_raw: string | null, days: ReturnType<typeof daysFrom>) => days,
        write: (backing: Storage, days: ReturnType<typeof daysFrom>, urgent: boolean) => {
          calls.push({ urgent, ids: allTasksOf(days).map((t) => t.id) });
          if (urgent) backing.setItem(KEY, serializeDays(days));
          return urgent ? undefined : new Promise<void>(() => {});
        },
      };
      const { config, writeNow } = tasksPersistence(() => storage, () => false, writer);
      void config.storage.setItem(KEY, { days: daysFrom([task({ id: 'typed-before-reload' })]) } as never);
      jest.advanceTimersByTime(2000); // the idle write went for its lock
      expect(calls).toEqual([{ urgent: false, ids: ['typed-before-reload'] }]);
      expect(storage.getItem(KEY)).toBeNull();
      writeNow(); // pagehide
      expect(stored(storage)).toEqual([expect.objectContaining({ id: 'typed-before-reload' })]);
    } finally {
      jest.useRealTimers();
    }
  });
});
