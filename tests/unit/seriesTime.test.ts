/**
 * @jest-environment ./tests/support/timeZoneEnvironment.cjs
 */
import fc from 'fast-check';
import { addDays, dayKeyOf, dayNumber, localDayKey } from '../../src/features/series/days';
import { occurrencesBetween } from '../../src/features/series/occurrences';
import { parseQuickAdd } from '../../src/features/series/quickAdd';
import { created, replay, rule } from './seriesFixtures';

// Daylight-saving changes: a day key is a calendar day wherever the device is, so a 23- or 25-hour local day
// moves no occurrence. Each zone is set before its tests run (the environment in the docblock can).

const ZONES = [
  { zone: 'Europe/Berlin', changes: ['2026-03-29', '2026-10-25'] },
  { zone: 'America/New_York', changes: ['2026-03-08', '2026-11-01'] },
];
declare const setTimeZone: (zone: string) => void;

describe.each(ZONES)('in $zone', ({ zone, changes }) => {
  beforeAll(() => {
    setTimeZone(zone);
  });

  it('really runs in that zone: the change day is not 24 hours long', () => {
    for (const change of changes) {
      const [y, m, d] = change.split('-').map(Number) as [number, number, number];
      expect(new Date(y, m - 1, d + 1).getTime() - new Date(y, m - 1, d).getTime()).not.toBe(86_400_000);
    }
  });

  it.each(changes)('shows a daily series once on each day of the week of %s, and a weekly one on its day', (change) => {
    const state = replay([created('Stretch', '2026-01-01', rule('FREQ=DAILY')), created('Review', '2026-01-04', rule('FREQ=WEEKLY;BYDAY=SU'))]);
    const monday = addDays(change, -((dayNumber(change) + 3) % 7));
    const days = Array.from({ length: 7 }, (_, i) => addDays(monday, i));
    const shown = occurrencesBetween(state, days[0]!, days[6]!).map((o) => `${o.date} ${o.title}`).sort();
    expect(shown).toEqual([...days.map((day) => `${day} Stretch`), `${days[6]} Review`].sort());
  });

  it.each(changes)('takes today as the local calendar day at either end of %s', (change) => {
    const [y, m, d] = change.split('-').map(Number) as [number, number, number];
    expect(localDayKey(new Date(y, m - 1, d, 0, 30))).toBe(change);
    expect(localDayKey(new Date(y, m - 1, d, 23, 30))).toBe(change);
    expect(parseQuickAdd('Call mum tomorrow', new Date(y, m - 1, d - 1, 23, 30))).toEqual({ kind: 'date', title: 'Call mum', date: change });
  });

  it('steps day keys as the local calendar does, across any change', () => {
    fc.assert(
      fc.property(fc.integer({ min: dayNumber('2020-01-01'), max: dayNumber('2030-12-31') }), fc.integer({ min: -400, max: 400 }), (day, step) => {
        const key = dayKeyOf(day);
        const [y, m, d] = key.split('-').map(Number) as [number, number, number];
        expect(addDays(key, step)).toBe(localDayKey(new Date(y, m - 1, d + step, 12)));
      }),
    );
  });
});
