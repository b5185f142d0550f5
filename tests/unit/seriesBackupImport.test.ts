import { makeStore } from '../../src/app/store';
import { importBackup, readBackupFile } from '../../src/features/backup/backup';
import { loadSeries } from '../../src/features/series/seriesHost';
import { occurrenceSkipped, seriesCreated } from '../../src/features/series/seriesSlice';
import { taskAdded } from '../../src/features/tasks/events';
import { selectAllTasks } from '../../src/features/tasks/taskSelectors';
import { MemoryStorage } from './memoryStorage';

// Backups through the store (issue 30.7): a file with series brings them back with their exceptions, in one
// undo step; a plain array, as every backup before series, still imports its tasks.

const file = (text: string) => ({ size: text.length, text: async () => text });

async function storeWithSeries() {
  await loadSeries();
  const { store } = makeStore({ storage: () => new MemoryStorage(), tabLink: null });
  const made = seriesCreated({ template: { title: 'Stretch', notes: '' }, firstDate: '2026-11-23', repeat: { kind: 'rule', rule: 'FREQ=DAILY' } });
  store.dispatch(made);
  store.dispatch(occurrenceSkipped({ seriesId: made.payload.series.id, originalDate: '2026-11-24', skipped: true }));
  store.dispatch(taskAdded('Buy milk', '2026-11-25'));
  return { store, id: made.payload.series.id };
}

test('a backup with series replaces what is here with its tasks and series, and Ctrl+Z gives them back', async () => {
  const { store, id } = await storeWithSeries();
  const { serializeBackup } = await loadSeries();
  const text = serializeBackup(selectAllTasks(store.getState()), store.getState().series);
  const other = makeStore({ storage: () => new MemoryStorage(), tabLink: null }).store;
  other.dispatch(taskAdded('Old task', '2026-11-23'));
  const reading = await readBackupFile(file(text));
  if (!reading.ok) throw new Error(reading.error);
  other.dispatch(importBackup(reading.tasks, 'replace', reading.series));
  expect(selectAllTasks(other.getState()).map((task) => task.title)).toEqual(['Buy milk']);
  expect(other.getState().series.series.ids).toEqual([id]);
  expect(Object.values(other.getState().series.exceptions.entities)).toMatchObject([{ originalDate: '2026-11-24', skipped: true }]);
  expect(other.getState().history.undo).toHaveLength(2);
});

test('a plain array from before series still imports, and leaves the series here as they are', async () => {
  const { store, id } = await storeWithSeries();
  const plain = JSON.stringify([{ id: 't9', title: 'From an old backup', date: 'someday', completed: false, createdAt: 5, order: 0 }]);
  const reading = await readBackupFile(file(plain));
  if (!reading.ok) throw new Error(reading.error);
  expect(reading.series).toBeUndefined();
  store.dispatch(importBackup(reading.tasks, 'merge', reading.series));
  expect(selectAllTasks(store.getState()).map((task) => task.title).sort()).toEqual(['Buy milk', 'From an old backup']);
  expect(store.getState().series.series.ids).toEqual([id]);
});
