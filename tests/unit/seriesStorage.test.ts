import { readFullBackup, serializeBackup, seriesImportEvents } from '../../src/features/series/backupFormat';
import { occurrenceCompletionSet, occurrenceMoved, seriesSplit, type SeriesEvent } from '../../src/features/series/seriesSlice';
import { parseStoredSeries, serializeSeries, storedSeriesOf } from '../../src/features/series/storage';
import { isWellFormedSeriesEvent } from '../../src/features/series/wire';
import { created, replay, rule } from './seriesFixtures';

const mondays = created('Water plants', '2026-11-02', rule('FREQ=WEEKLY;BYDAY=MO'), 'the ferns too');
const id = mondays.payload.series.id;
const state = replay([mondays, occurrenceCompletionSet({ seriesId: id, originalDate: '2026-11-09' }, true, '2026-11-09'), occurrenceMoved({ seriesId: id, originalDate: '2026-11-16', to: 'someday' })]);
const task = { id: 'task-1-a', title: 'Call mum', date: '2026-11-10', completed: false, createdAt: 1, order: 0 };

describe('stored series', () => {
  it('round-trips through its own key', () => {
    expect(parseStoredSeries(serializeSeries(state))).toEqual({ state, unreadable: false });
    expect(parseStoredSeries(null)).toEqual({ state: replay([]), unreadable: false });
  });

  it('keeps what it can read of corrupt data and says something was dropped', () => {
    const stored = storedSeriesOf(state);
    const raw = JSON.stringify({
      series: [...stored.series, { id: 'x' }, { ...stored.series[0], title: 'duplicate' }, { ...stored.series[0], id: 's2', repeat: rule('FREQ=SECONDLY') }],
      exceptions: [...stored.exceptions, { id: 'nope', seriesId: id, originalDate: '2026-11-23' }, { id: 'gone|2026-11-02', seriesId: 'gone', originalDate: '2026-11-02' }],
    });
    expect(parseStoredSeries(raw)).toEqual({ state, unreadable: true });
    for (const junk of ['{', '[]', '"text"', 'null', '{"series": 3}']) expect(parseStoredSeries(junk)).toEqual({ state: replay([]), unreadable: true });
  });
});

describe('backups with series', () => {
  it('holds tasks and series, and reads them back', () => {
    expect(readFullBackup(serializeBackup([task], state))).toEqual({ ok: true, tasks: [task], series: storedSeriesOf(state) });
  });

  it('still imports a plain array of tasks, with the messages it always had', () => {
    expect(readFullBackup(JSON.stringify([task]))).toEqual({ ok: true, tasks: [task], series: { series: [], exceptions: [] } });
    expect(readFullBackup('not json')).toEqual({ ok: false, error: 'This file is not a Weekly Planner backup. It does not hold JSON.' });
    expect(readFullBackup('[]')).toEqual({ ok: false, error: 'This backup holds no tasks.' });
  });

  it('refuses a file with a series it cannot read, or from a newer version', () => {
    const file = JSON.parse(serializeBackup([task], state));
    expect(readFullBackup(JSON.stringify({ ...file, series: [{ id: 'x' }] })).ok).toBe(false);
    expect(readFullBackup(JSON.stringify({ ...file, version: 3 }))).toEqual({ ok: false, error: 'This backup was made by a newer version of Weekly Planner.' });
    expect(readFullBackup(JSON.stringify({ ...file, tasks: [{ id: 'bad' }] })).ok).toBe(false);
  });

  it('merges series not here, and replaces everything on replace', () => {
    const other = created('Bins', '2026-11-03', rule('FREQ=WEEKLY;BYDAY=TU'));
    const here = replay([other]);
    const merged = replay(seriesImportEvents(here, storedSeriesOf(state), 'merge'), here);
    expect(merged.series.ids).toEqual([other.payload.series.id, id]);
    expect(merged.exceptions).toEqual(state.exceptions);
    const replaced = replay(seriesImportEvents(replay([mondays]), storedSeriesOf(state), 'replace'), replay([mondays]));
    expect(replaced).toEqual(state);
    expect(seriesImportEvents(state, storedSeriesOf(state), 'merge')).toEqual([]);
  });
});

describe('series events from elsewhere', () => {
  it('accepts every event the app makes, as it crosses the wire', () => {
    const events: SeriesEvent[] = [mondays, occurrenceCompletionSet({ seriesId: id, originalDate: '2026-11-09' }, true, '2026-11-09'), seriesSplit(id, '2026-11-08', { ...mondays.payload.series, firstDate: '2026-11-09' })];
    for (const event of events) expect(isWellFormedSeriesEvent(JSON.parse(JSON.stringify(event)))).toBe(true);
  });

  it('refuses what this version cannot reduce', () => {
    for (const event of [
      { type: 'series/seriesCreated', payload: { series: { ...mondays.payload.series, repeat: rule('FREQ=HOURLY') } } },
      { type: 'series/occurrenceMoved', payload: { seriesId: id, originalDate: '2026-11-09', to: 'tuesday' } },
      { type: 'series/occurrenceCompletionSet', payload: { seriesId: id, originalDate: '2026-02-30', completed: true, on: '2026-11-09' } },
      { type: 'series/unknown', payload: {} },
      { type: 'tasks/taskAdded', payload: {} },
      null,
    ]) {
      expect(isWellFormedSeriesEvent(event)).toBe(false);
    }
  });
});
