import { backupFileName, importBackup, MAX_BACKUP_BYTES, readBackup, readBackupFile } from '../../src/features/backup/backup';
import { undoRequested, redoRequested } from '../../src/features/history/historySlice';
import { selectAllTasks } from '../../src/features/tasks/taskSelectors';
import type { Task } from '../../src/features/tasks/types';
import { MemoryStorage, startStore } from './memoryStorage';
import { syncBaseLoaded, syncStarted } from '../../src/features/sync/syncSlice';
import { MON, TUE } from './taskFixtures';

const task = (id: string, fields: Partial<Task> = {}): Task => ({ id, title: id, date: MON, completed: false, createdAt: 1, order: 0, ...fields });

const failure = (text: string) => {
  const reading = readBackup(text);
  if (reading.ok) throw new Error('read as a backup');
  return reading.error;
};

describe('reading a backup', () => {
  it('reads the list as storage holds it, legacy orders numbered', () => {
    const reading = readBackup(JSON.stringify([task('a', { order: 0 }), { ...task('b', { createdAt: 5 }), order: undefined }, task('c', { date: 'someday' })]));
    expect(reading).toEqual({ ok: true, tasks: [task('a'), task('b', { createdAt: 5, order: 1 }), task('c', { date: 'someday' })] });
  });

  it.each([
    ['text that is not JSON', 'hello, world', 'This file is not a Weekly Planner backup. It does not hold JSON.'],
    ['JSON that is not a list', '{"tasks": []}', 'This file is not a Weekly Planner backup. It does not hold a list of tasks.'],
    ['a list of other things', '[{"name": "x"}]', 'This file is not a Weekly Planner backup. Entry 1 is not a task.'],
    ['a task without an id', JSON.stringify([task('a'), { ...task('b'), id: 7 }]), 'This file is not a Weekly Planner backup. Entry 2 is not a task.'],
    ['the same id twice', JSON.stringify([task('a'), task('b'), task('a', { title: 'again' })]), 'This file is not a Weekly Planner backup. It lists the task a more than once.'],
    ['a task without a title', JSON.stringify([task('a', { title: '  ' })]), 'This file is not a Weekly Planner backup. Entry 1 has no title or no valid day.'],
    ['a task on no day', JSON.stringify([task('a', { date: 'tomorrow' })]), 'This file is not a Weekly Planner backup. Entry 1 has no title or no valid day.'],
    ['an empty list', '[]', 'This backup holds no tasks.'],
  ])('refuses %s with a clear message', (_name, text, message) => {
    expect(failure(text)).toBe(message);
  });

  it('refuses an oversized file before reading it', async () => {
    const text = jest.fn(async () => '[]');
    expect(await readBackupFile({ size: MAX_BACKUP_BYTES + 1, text })).toEqual({ ok: false, error: 'This file is too large to be a Weekly Planner backup (the limit is 5 MB).' });
    expect(text).not.toHaveBeenCalled();
    expect(failure(`[${' '.repeat(MAX_BACKUP_BYTES)}]`)).toMatch(/too large/);
    const fine = JSON.stringify([task('a')]);
    expect(await readBackupFile({ size: fine.length, text: async () => fine })).toEqual({ ok: true, tasks: [task('a')] });
  });

  it('names the file for the day', () => {
    expect(backupFileName(new Date(2026, 0, 5, 23, 59))).toBe('weekly-planner-backup-2026-01-05.json');
  });
});

async function storeWith(tasks: Task[]) {
  const { store } = await startStore(new MemoryStorage({ 'weekly-planner-tasks': JSON.stringify(tasks) }));
  const list = () => selectAllTasks(store.getState()).sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.order - b.order));
  return { store, list };
}

describe('importing a backup', () => {
  const here = [task('a', { title: 'a here', createdAt: 5 }), task('b', { title: 'b here', order: 1, createdAt: 5 }), task('c', { date: TUE })];
  const file = [task('a', { title: 'a newer', createdAt: 9, order: 0 }), task('b', { title: 'b older', createdAt: 1, order: 1 }), task('x', { order: 2 })];

  it('merges by id, the newer copy winning, and keeps what only this device has', async () => {
    const { store, list } = await storeWith(here);
    store.dispatch(importBackup(file, 'merge'));
    expect(list().map((one) => `${one.date} ${one.order} ${one.title}`)).toEqual([`${MON} 0 a newer`, `${MON} 1 b here`, `${MON} 2 x`, `${TUE} 0 c`]);
  });

  it('replaces the list with the file, and one undo brings the old list back', async () => {
    const { store, list } = await storeWith(here);
    const before = list();
    store.dispatch(importBackup(file, 'replace'));
    expect(list()).toEqual(file);
    expect(store.getState().history.undo).toHaveLength(1);
    store.dispatch(undoRequested());
    expect(list()).toEqual(before);
    store.dispatch(redoRequested());
    expect(list()).toEqual(file);
  });

  // How long it takes is a figure for `npm run bench`, not a timed test.
  it('imports 5,000 tasks, and undoes them as one step', async () => {
    const { store, list } = await storeWith(here);
    const many = Array.from({ length: 5000 }, (_, n) =>
      task(`task-${1764000000000 + n}-k${n.toString(36)}`, { title: `Imported task ${n}`, date: n % 8 === 7 ? 'someday' : `2026-11-${23 + (n % 7)}`, order: Math.floor(n / 8), createdAt: 1764000000000 + n }),
    );
    const reading = readBackup(JSON.stringify(many));
    if (!reading.ok) throw new Error(reading.error);
    store.dispatch(importBackup(reading.tasks, 'merge'));
    expect(list()).toHaveLength(5003);
    store.dispatch(undoRequested());
    expect(list()).toEqual(here.sort((a, b) => (a.date < b.date ? -1 : 1) || a.order - b.order));
  });

  it("goes to a subscriber's outbox as events the server takes, and applied from there gives the same list", async () => {
    const { store, list } = await storeWith([]);
    store.dispatch(syncStarted({ userId: 'u1', clientId: 'c1', pending: [], early: [], base: null }));
    store.dispatch(syncBaseLoaded({ lastSeq: 0, tasks: here, seed: [] }));
    const many = Array.from({ length: 500 }, (_, n) => task(`task-${n}-imported`, { title: `Imported ${n}`, order: n }));
    store.dispatch(importBackup(many, 'replace'));
    const outbox = store.getState().sync.outbox.map((entry) => entry.event);
    expect(outbox.length).toBeGreaterThan(5);
    for (const event of outbox) expect(JSON.stringify(event).replace(/([:,])/g, '$1 ').length).toBeLessThanOrEqual(8192);
    expect(list()).toEqual(many);
  });
});
