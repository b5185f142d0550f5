import { redoRequested, undoRequested } from '../../src/features/history/historySlice';
import { seriesEventsToward } from '../../src/features/series/inverse';
import { loadSeries, SERIES_KEY, serializeSeries } from '../../src/features/series/seriesHost';
import { SERIES_BACKUP_KEY } from '../../src/features/series/seriesListeners';
import { occurrenceCompletionSet, occurrenceEdited, occurrenceMoved, occurrenceSkipped, seriesDeleted, type SeriesState } from '../../src/features/series/seriesSlice';
import { editEvents, rescheduleEvents } from '../../src/features/series/scopes';
import { historyGroupEnded, historyGroupStarted } from '../../src/features/history/historySlice';
import { MemoryStorage, startStore } from './memoryStorage';
import { created, replay, rule } from './seriesFixtures';

// The series in the real store: stored under their own key beside the plain task array, read back at start,
// and undone and redone with new events like tasks.

const mondays = created('Water plants', '2026-11-02', rule('FREQ=WEEKLY;BYDAY=MO'));
const id = mondays.payload.series.id;
const ref = (originalDate: string) => ({ seriesId: id, originalDate });

async function storeOn(storage: MemoryStorage) {
  const made = await startStore(storage);
  await made.seriesReady;
  await loadSeries();
  return made;
}

describe('series in the store', () => {
  it('stores series under their own key and reads them back; the tasks key stays a plain array', async () => {
    const storage = new MemoryStorage({ 'weekly-planner-tasks': '[]' });
    const { store, persistor } = await storeOn(storage);
    store.dispatch(mondays);
    store.dispatch(occurrenceCompletionSet(ref('2026-11-09'), true, '2026-11-09'));
    persistor.flush();
    const saved = JSON.parse(storage.getItem(SERIES_KEY)!) as { version: number; series: unknown[]; exceptions: unknown[] };
    expect(saved).toMatchObject({ version: 1, series: [{ id }], exceptions: [{ seriesId: id, completed: true }] });
    expect(Array.isArray(JSON.parse(storage.getItem('weekly-planner-tasks')!))).toBe(true);

    const again = await storeOn(storage);
    expect(again.store.getState().series).toEqual(store.getState().series);
  });

  it('sets unreadable stored series aside and keeps what can be read', async () => {
    const good = serializeSeries(replay([mondays]));
    const raw = good.replace('"exceptions":[]', '"exceptions":[{"id":"nonsense"}]');
    const storage = new MemoryStorage({ [SERIES_KEY]: raw });
    const { store } = await storeOn(storage);
    expect(store.getState().series.series.ids).toEqual([id]);
    expect(storage.getItem(SERIES_BACKUP_KEY)).toBe(raw);
    expect(JSON.parse(storage.getItem(SERIES_KEY)!)).toEqual(JSON.parse(good));
  });

  it('undoes and redoes a completion, a move, a rename of all and a delete with new events', async () => {
    const { store } = await storeOn(new MemoryStorage());
    store.dispatch(mondays);
    const start = store.getState().series;
    const steps = [
      occurrenceCompletionSet(ref('2026-11-09'), true, '2026-11-09'),
      occurrenceMoved({ ...ref('2026-11-16'), to: 'someday' }),
      ...editEvents(start.series.entities[id]!, '2026-11-09', { title: 'Water ferns' }, 'all'),
      seriesDeleted({ id }),
    ];
    const states: SeriesState[] = [start];
    for (const event of steps) {
      store.dispatch(event);
      states.push(store.getState().series);
    }
    for (let i = steps.length - 1; i >= 0; i--) {
      store.dispatch(undoRequested());
      expect(store.getState().series).toEqual(states[i]);
    }
    for (let i = 1; i <= steps.length; i++) {
      store.dispatch(redoRequested());
      expect(store.getState().series).toEqual(states[i]);
    }
  });

  it("undoes 'This and following' (a split) as one step, within a group", async () => {
    const { store } = await storeOn(new MemoryStorage());
    store.dispatch(mondays);
    store.dispatch(occurrenceSkipped({ ...ref('2026-11-23'), skipped: true }));
    const before = store.getState().series;
    store.dispatch(historyGroupStarted());
    for (const event of rescheduleEvents(before.series.entities[id]!, '2026-11-16', rule('FREQ=WEEKLY;BYDAY=TU'), '2026-11-17', 'following')) store.dispatch(event);
    store.dispatch(occurrenceEdited({ ...ref('2026-11-02'), title: 'First' }));
    store.dispatch(historyGroupEnded());
    expect(store.getState().series.series.ids).toHaveLength(2);
    store.dispatch(undoRequested());
    expect(store.getState().series).toEqual(before);
  });
});

describe('seriesEventsToward', () => {
  it('gives no events between equal states, and only the fields that differ for one occurrence', () => {
    const base = replay([mondays, occurrenceEdited({ ...ref('2026-11-09'), title: 'Mine' })]);
    expect(seriesEventsToward(base, base)).toEqual([]);
    const done = replay([occurrenceCompletionSet(ref('2026-11-09'), true, '2026-11-10')], base);
    expect(seriesEventsToward(done, base).map((event) => event.type)).toEqual(['series/occurrenceCompletionSet']);
    expect(replay(seriesEventsToward(done, base), done)).toEqual(base);
  });
});
