import { makeStore } from '../../src/app/store';
import { ROLLOVER_KEY } from '../../src/features/rollover/rolloverSlice';
import { loadSeries, SERIES_KEY, serializeSeries } from '../../src/features/series/seriesHost';
import { occurrencesBetween } from '../../src/features/series/occurrences';
import { MemoryStorage } from './memoryStorage';
import { created, replay, rule, shown } from './seriesFixtures';

// 'Move unfinished tasks to today' with series (issue 30.5), on the real store: Wednesday 25 November 2026.
beforeAll(() => loadSeries());
beforeEach(() => jest.useFakeTimers({ now: new Date(2026, 10, 25, 9, 0) }));
afterEach(() => jest.useRealTimers());

const mondays = created('Water plants', '2026-11-02', rule('FREQ=WEEKLY;BYDAY=MO'));
const daily = created('Stretch', '2026-11-16', rule('FREQ=DAILY'));

async function start(setting: string | null) {
  const storage = new MemoryStorage({ [SERIES_KEY]: serializeSeries(replay([mondays, daily])), ...(setting ? { [ROLLOVER_KEY]: setting } : {}) });
  const made = makeStore({ storage: () => storage });
  await made.seriesReady;
  await jest.advanceTimersByTimeAsync(0);
  // Sorted: occurrences of one day come in series-id order, and the ids are random.
  return (from: string, to: string) => shown(occurrencesBetween(made.store.getState().series, from, to)).sort();
}

describe('rollover of series', () => {
  it("moves only each series' latest unfinished occurrence to today; older missed ones stay where they are", async () => {
    const week = await start('on');
    expect(week('2026-11-16', '2026-11-22')).toEqual([
      '2026-11-16 Stretch',
      '2026-11-16 Water plants',
      ...['17', '18', '19', '20', '21', '22'].map((day) => `2026-11-${day} Stretch`),
    ]);
    // The daily series has today's own occurrence, so nothing of it moves: one 'Stretch' today, not ten.
    expect(week('2026-11-23', '2026-11-25')).toEqual(['2026-11-23 Stretch', '2026-11-24 Stretch', '2026-11-25 Stretch', '2026-11-25 Water plants']);
  });

  it('moves nothing while the choice is off', async () => {
    const week = await start(null);
    expect(week('2026-11-23', '2026-11-25')).toEqual(['2026-11-23 Stretch', '2026-11-23 Water plants', '2026-11-24 Stretch', '2026-11-25 Stretch']);
  });
});
