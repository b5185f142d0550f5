import { readBackupFile } from '../../src/features/backup/backup';
import { loadCatalog } from '../../src/features/catalog/catalogHost';
import { labelCreated } from '../../src/features/catalog/catalogSlice';
import { catalogImportEvents } from '../../src/features/catalog/catalogImport';
import { emptyCatalog } from '../../src/features/catalog/types';
import { occurrencesBetween } from '../../src/features/series/occurrences';
import { splitEvents } from '../../src/features/series/scopes';
import { loadSeries } from '../../src/features/series/seriesHost';
import { seriesLabelsSet, seriesRestored } from '../../src/features/series/seriesSlice';
import { parseStoredSeries, serializeSeries } from '../../src/features/series/storage';
import { isWellFormedSeriesEvent, readSeries } from '../../src/features/series/wire';
import { selectAllTasks } from '../../src/features/tasks/taskSelectors';
import { MemoryStorage, startStore } from './memoryStorage';
import { created, replay, rule } from './seriesFixtures';

// A series carries its labels to every occurrence (issue 43.2): the template's optional `labels`, set whole by
// `series/seriesLabelsSet`, read from storage, backups and the log, and given to each occurrence.

const mondays = created('Standup', '2026-11-02', rule('FREQ=WEEKLY;BYDAY=MO'));
const id = mondays.payload.series.id;
const november = (state: ReturnType<typeof replay>) => occurrencesBetween(state, '2026-11-01', '2026-11-30');

describe('series labels', () => {
  it('are set whole on the template and shown on every occurrence; [] removes the field', () => {
    const state = replay([mondays, seriesLabelsSet({ id, labels: ['label-work', 'label-work', 'label-team'] })]);
    expect(state.series.entities[id]!.template.labels).toEqual(['label-work', 'label-team']);
    expect(november(state).map((o) => o.labels)).toEqual(Array(5).fill(['label-work', 'label-team']));
    const cleared = replay([seriesLabelsSet({ id, labels: [] })], state);
    expect('labels' in cleared.series.entities[id]!.template).toBe(false);
    expect(november(cleared).every((o) => !('labels' in o))).toBe(true);
  });

  it('set, not toggle: replayed twice changes nothing more; about a series that is gone, nothing', () => {
    const set = seriesLabelsSet({ id, labels: ['label-work'] });
    const once = replay([mondays, set]);
    expect(replay([set], once)).toEqual(once);
    const before = replay([mondays]);
    expect(replay([seriesLabelsSet({ id: 'series-gone', labels: ['label-work'] })], before)).toEqual(before);
  });

  it('keeps at most 20 label ids, each once, dropping ones that are not ids', () => {
    const many = Array.from({ length: 25 }, (_, i) => `label-${i}`);
    const state = replay([mondays, seriesLabelsSet({ id, labels: [...many, '', 'x'.repeat(101)] })]);
    expect(state.series.entities[id]!.template.labels).toEqual(many.slice(0, 20));
  });

  it('go with "This and following" to the new series, and with a created one', () => {
    const labelled = replay([mondays, seriesLabelsSet({ id, labels: ['label-work'] })]);
    const [split] = splitEvents(labelled.series.entities[id]!, '2026-11-16', { template: { title: 'Weekly sync' } });
    const after = replay([split!], labelled);
    expect(november(after).map((o) => `${o.title} ${o.labels!.join()}`)).toEqual([
      'Standup label-work',
      'Standup label-work',
      'Weekly sync label-work',
      'Weekly sync label-work',
      'Weekly sync label-work',
    ]);
  });

  it('are checked from elsewhere: the event, a stored series, a series without them (older data)', () => {
    expect(isWellFormedSeriesEvent(seriesLabelsSet({ id, labels: ['label-work'] }))).toBe(true);
    expect(isWellFormedSeriesEvent({ type: 'series/seriesLabelsSet', payload: { id, labels: 'label-work' } })).toBe(false);
    expect(isWellFormedSeriesEvent({ type: 'series/seriesLabelsSet', payload: { id, labels: [3] } })).toBe(false);
    const series = { ...mondays.payload.series, template: { title: 'Standup', notes: '', labels: ['label-work'] } };
    expect(readSeries(series)).toEqual(series);
    expect(readSeries({ ...series, template: { title: 'Standup', notes: '', labels: 'work' } })).toBeNull();
    expect(readSeries(mondays.payload.series)).toEqual(mondays.payload.series);
    const stored = replay([seriesRestored({ series, exceptions: [] })]);
    expect(parseStoredSeries(serializeSeries(stored))).toEqual({ state: stored, unreadable: false });
    // Written by a version before series labels: no `labels` in the template.
    const older = JSON.stringify({ version: 1, series: [mondays.payload.series], exceptions: [] });
    expect(parseStoredSeries(older).state.series.entities[id]!.template).toEqual({ title: 'Standup', notes: '' });
  });

  it('are relabelled on import as tasks are: a file’s label named like one here becomes that one', () => {
    const here = [labelCreated('work', 'red', 'label-here')].reduce((state, event) => ({ ...state, labels: [...state.labels, { ...event.payload }] }), emptyCatalog);
    const incoming = { ...emptyCatalog, labels: [{ id: 'label-file', name: 'Work', colour: 'blue' as const, createdAt: 1 }] };
    const { relabel } = catalogImportEvents(here, incoming, [], 'merge');
    expect(relabel(['label-file', 'label-other'])).toEqual(['label-here', 'label-other']);
    expect(catalogImportEvents(here, undefined, [], 'merge').relabel(['label-file'])).toEqual(['label-file']);
  });
});

describe('series labels in the store', () => {
  beforeAll(async () => {
    await Promise.all([loadSeries(), loadCatalog()]);
  });

  it("'#name' with a repeat phrase labels the series, making the label when new, in one undo step", async () => {
    const { quickAdded } = await import('../../src/features/series/quickAddThunk');
    const { store } = await startStore(new MemoryStorage());
    store.dispatch(labelCreated('Work', 'blue', 'label-work'));
    await store.dispatch(quickAdded('Standup every weekday #work #daily', '2026-11-23'));
    const state = store.getState();
    expect(selectAllTasks(state)).toEqual([]);
    const [series] = Object.values(state.series.series.entities);
    const daily = state.catalog.labels.find((label) => label.name === 'daily')!;
    expect(series!.template).toEqual({ title: 'Standup', notes: '', labels: ['label-work', daily.id] });
    expect(state.history.undo).toHaveLength(1);
  });

  it('a backup carries them (relabelled on merge), and a backup from before them still imports', async () => {
    const { importBackup } = await import('../../src/features/backup/backup');
    const runtime = await loadSeries();
    const source = (await startStore(new MemoryStorage())).store;
    source.dispatch(labelCreated('Work', 'blue', 'label-file'));
    const made = source.dispatch(runtime.seriesCreated({ template: { title: 'Standup', notes: '', labels: ['label-file'] }, firstDate: '2026-11-23', repeat: rule('FREQ=DAILY') }));
    const text = runtime.serializeBackup([], source.getState().series, { version: 1, ...source.getState().catalog });
    const file = (content: string) => ({ size: content.length, text: async () => content });
    const reading = await readBackupFile(file(text));
    if (!reading.ok) throw new Error(reading.error);
    const target = (await startStore(new MemoryStorage())).store;
    target.dispatch(labelCreated('work', 'red', 'label-here'));
    target.dispatch(importBackup(reading.tasks, 'merge', reading.series, reading.catalog));
    expect(target.getState().series.series.entities[made.payload.series.id]!.template.labels).toEqual(['label-here']);
    // A version 2 backup written before series labels: the same series without the field.
    const older = JSON.stringify({ format: 'weekly-planner-backup', version: 2, tasks: [], series: [{ ...made.payload.series, template: { title: 'Standup', notes: '' } }], exceptions: [] });
    const olderReading = await readBackupFile(file(older));
    expect(olderReading).toMatchObject({ ok: true, series: { series: [{ template: { title: 'Standup', notes: '' } }] } });
  });
});
