import { makeStore } from '../../src/app/store';
import { undoRequested } from '../../src/features/history/historySlice';
import { ROLLOVER_KEY, rolloverSet } from '../../src/features/rollover/rolloverSlice';
import { untilMidnight } from '../../src/features/rollover/rolloverListeners';
import { isTaskEvent, type TaskEvent } from '../../src/features/tasks/events';
import { selectAllTasks } from '../../src/features/tasks/taskSelectors';
import { tasksReducer } from '../../src/features/tasks/tasksReducer';
import type { Task } from '../../src/features/tasks/types';
import { MemoryStorage } from './memoryStorage';

// Rollover with a fake clock: Wednesday 25 November 2026, late in the evening.
const EVENING = new Date(2026, 10, 25, 23, 59, 0);

const task = (id: string, date: string, order: number, fields: Partial<Task> = {}): Task => ({ id, title: id, date, completed: false, createdAt: 1, order, ...fields });

const stored = [
  task('mon-open', '2026-11-23', 0),
  task('mon-done', '2026-11-23', 1, { completed: true }),
  task('tue-open', '2026-11-24', 0),
  task('wed-open', '2026-11-25', 0),
  task('someday', 'someday', 0),
  task('thu-open', '2026-11-26', 0),
];

beforeEach(() => jest.useFakeTimers({ now: EVENING }));
afterEach(() => jest.useRealTimers());

async function start(setting: string | null) {
  const storage = new MemoryStorage({ 'weekly-planner-tasks': JSON.stringify(stored), ...(setting ? { [ROLLOVER_KEY]: setting } : {}) });
  const made = makeStore({ storage: () => storage });
  const events: TaskEvent[] = [];
  made.startAppListening({ predicate: isTaskEvent, effect: (action) => void events.push(action as TaskEvent) });
  await jest.advanceTimersByTimeAsync(0);
  const { store } = made;
  const where = () =>
    Object.fromEntries(
      selectAllTasks(store.getState())
        .sort((a, b) => a.order - b.order)
        .map((one) => [one.id, `${one.date}#${one.order}`]),
    );
  return { store, storage, events, where };
}

describe('rollover', () => {
  it('is off by default: past tasks stay where they are, also across midnight', async () => {
    const { where, events } = await start(null);
    await jest.advanceTimersByTimeAsync(2 * 60_000);
    expect(where()['mon-open']).toBe('2026-11-23#0');
    expect(events).toEqual([]);
  });

  it('moves unfinished past tasks to the end of today at load, oldest first; done ones and Some Day stay', async () => {
    const { where } = await start('on');
    expect(where()).toEqual({
      'mon-done': '2026-11-23#0',
      'wed-open': '2026-11-25#0',
      'mon-open': '2026-11-25#1',
      'tue-open': '2026-11-25#2',
      someday: 'someday#0',
      'thu-open': '2026-11-26#0',
    });
  });

  it('runs again when the day changes while the app is open', async () => {
    const { where, events } = await start('on');
    events.length = 0;
    await jest.advanceTimersByTimeAsync(30_000); // still Wednesday
    expect(events).toEqual([]);
    await jest.advanceTimersByTimeAsync(2 * 60_000); // past midnight: Thursday
    expect(events).toEqual([{ type: 'tasks/tasksRolledOver', payload: { ids: ['wed-open', 'mon-open', 'tue-open'], to: '2026-11-26' } }]);
    expect(where()).toMatchObject({ 'thu-open': '2026-11-26#0', 'wed-open': '2026-11-26#1', 'mon-open': '2026-11-26#2', 'tue-open': '2026-11-26#3' });
    await jest.advanceTimersByTimeAsync(24 * 3600_000); // and the night after
    expect(events).toHaveLength(2);
    expect(where()['thu-open']).toBe('2026-11-27#0');
  });

  it('changes nothing when its event is replayed, as a second device would', async () => {
    const { store, events } = await start('on');
    const after = store.getState().tasks;
    expect(tasksReducer(after, events[0]!)).toBe(after);
  });

  it('is remembered on the device, runs when switched on, and can be undone', async () => {
    const { store, storage, where } = await start(null);
    store.dispatch(rolloverSet(true));
    await jest.advanceTimersByTimeAsync(0);
    expect(storage.getItem(ROLLOVER_KEY)).toBe('on');
    expect(where()['mon-open']).toBe('2026-11-25#1');
    store.dispatch(undoRequested());
    expect(where()['mon-open']).toBe('2026-11-23#0');
    expect(where()['tue-open']).toBe('2026-11-24#0');
    store.dispatch(rolloverSet(false));
    expect(storage.getItem(ROLLOVER_KEY)).toBeNull();
    await jest.advanceTimersByTimeAsync(2 * 60_000);
    expect(where()['mon-open']).toBe('2026-11-23#0');
  });

  it('counts to midnight in local days', () => {
    expect(untilMidnight(new Date(2026, 10, 25, 23, 59, 0))).toBe(60_000);
  });
});
