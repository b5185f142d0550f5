import { taskAdded } from '../../src/features/tasks/events';
import { selectAllTasks } from '../../src/features/tasks/taskSelectors';
import type { Task } from '../../src/features/tasks/types';
import { FullStorage, MemoryStorage, UnreadableStorage, settle, startStore } from './memoryStorage';
import { MON, TUE, ordersByDate, titlesByDate } from './taskFixtures';

// Spec §8: corrupt local storage is silently ignored, storage write failures are ignored.

const KEY = 'weekly-planner-tasks';
const BACKUP = 'weekly-planner-tasks-unreadable';

const valid = (id: string, order: number, date = MON): Task => ({ id, title: id, date, completed: false, createdAt: order, order });

/** The store still takes events and saves them. */
async function expectWorking(storage: MemoryStorage, made: Awaited<ReturnType<typeof startStore>>) {
  made.store.dispatch(taskAdded('Still works', TUE));
  await made.persistor.flush();
  expect(titlesByDate(made.store.getState().tasks)[TUE]).toContain('Still works');
  expect(JSON.parse(storage.getItem(KEY)!)).toEqual(selectAllTasks(made.store.getState()));
}

beforeEach(() => {
  jest.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => jest.restoreAllMocks());

describe('unreadable stored data', () => {
  it.each([
    ['invalid JSON', '{"not": json'],
    ['a JSON object', '{"tasks": []}'],
    ['a JSON string', '"tasks"'],
    ['JSON null', 'null'],
  ])('%s starts an empty planner and is kept aside', async (_label, raw) => {
    const storage = new MemoryStorage({ [KEY]: raw });
    const made = await startStore(storage);
    expect(selectAllTasks(made.store.getState())).toEqual([]);
    expect(storage.getItem(BACKUP)).toBe(raw);
    await expectWorking(storage, made);
    expect(storage.getItem(BACKUP)).toBe(raw);
  });

  it('keeps the valid tasks of an array with junk entries and sets the raw text aside', async () => {
    const raw = JSON.stringify([
      valid('task-1-a', 0),
      null,
      42,
      'task',
      [],
      { title: 'no id', date: MON },
      { id: 'task-2-x', title: 7, date: MON },
      { id: 'task-3-y', title: 'no date' },
      valid('task-4-b', 2),
      valid('task-5-c', 0, TUE),
    ]);
    const storage = new MemoryStorage({ [KEY]: raw });
    const made = await startStore(storage);
    expect(titlesByDate(made.store.getState().tasks)).toEqual({ [MON]: ['task-1-a', 'task-4-b'], [TUE]: ['task-5-c'] });
    expect(storage.getItem(BACKUP)).toBe(raw);
    expect(JSON.parse(storage.getItem(KEY)!).map((task: Task) => task.id)).toEqual(['task-1-a', 'task-4-b', 'task-5-c']);
    await expectWorking(storage, made);
  });

  it('keeps the first of tasks sharing an id', async () => {
    const raw = JSON.stringify([valid('task-1-a', 0), { ...valid('task-1-a', 1), title: 'twin' }, valid('task-2-b', 2)]);
    const storage = new MemoryStorage({ [KEY]: raw });
    const made = await startStore(storage);
    expect(selectAllTasks(made.store.getState()).map((task) => task.title)).toEqual(['task-1-a', 'task-2-b']);
    expect(storage.getItem(BACKUP)).toBe(raw);
  });

  it('leaves each loaded day numbered from 0 once entries were dropped', async () => {
    const raw = JSON.stringify([valid('task-1-a', 0), { ...valid('task-1-a', 1), title: 'twin' }, null, valid('task-2-b', 3)]);
    const made = await startStore(new MemoryStorage({ [KEY]: raw }));
    expect(ordersByDate(made.store.getState().tasks)).toEqual({ [MON]: [0, 1] });
  });

  it('fills missing or odd fields with safe values', async () => {
    const raw = JSON.stringify([{ id: 'task-1-a', title: 'A', date: MON, completed: 'yes', createdAt: 'soon', order: 0 }]);
    const made = await startStore(new MemoryStorage({ [KEY]: raw }));
    expect(selectAllTasks(made.store.getState())).toEqual([{ id: 'task-1-a', title: 'A', date: MON, completed: false, createdAt: 0, order: 0 }]);
  });
});

describe('a storage that fails', () => {
  it('ignores writes refused with QuotaExceededError and keeps working in memory', async () => {
    const storage = new FullStorage();
    const made = await startStore(storage);
    for (let i = 0; i < 5; i++) made.store.dispatch(taskAdded(`Task ${i}`, MON));
    await expect(made.persistor.flush()).resolves.toBeDefined();
    await settle();
    expect(storage.writes.length).toBeGreaterThan(0);
    expect(storage.keys()).toEqual([]);
    expect(titlesByDate(made.store.getState().tasks)[MON]).toHaveLength(5);
    made.store.dispatch(taskAdded('One more', MON));
    expect(titlesByDate(made.store.getState().tasks)[MON]).toHaveLength(6);
  });

  it('ignores a refused write of migrated legacy data', async () => {
    const storage = new FullStorage({ [KEY]: JSON.stringify([{ id: 'task-1-a', title: 'A', date: MON, completed: false, createdAt: 1 }]) });
    const made = await startStore(storage);
    expect(selectAllTasks(made.store.getState())).toEqual([{ id: 'task-1-a', title: 'A', date: MON, completed: false, createdAt: 1, order: 0 }]);
  });

  it('ignores a getItem that throws (private mode) and starts empty', async () => {
    const storage = new UnreadableStorage();
    const made = await startStore(storage);
    expect(selectAllTasks(made.store.getState())).toEqual([]);
    made.store.dispatch(taskAdded('Written anyway', MON));
    await made.persistor.flush();
    expect(storage.writes.map(([key]) => key)).toContain(KEY);
  });

  it('works without any storage at all', async () => {
    const { makeStore } = await import('../../src/app/store');
    const made = makeStore({ storage: () => undefined });
    await settle();
    made.store.dispatch(taskAdded('In memory', MON));
    await made.persistor.flush();
    expect(titlesByDate(made.store.getState().tasks)[MON]).toEqual(['In memory']);
  });
});
