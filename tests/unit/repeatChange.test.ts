import * as runtime from '../../src/features/series/runtime';
import { changeRepeatEvents, makeRepeatingEvents } from '../../src/features/series/repeatChange';
import { taskDeleted } from '../../src/features/tasks/events';
import { SOMEDAY } from '../../src/features/tasks/types';
import { created, replay, rule, shown } from './seriesFixtures';

// The repeat picker's choice applied to a task or a series (issue 30.1), through the real series code.

const template = { title: 'Water plants', notes: '' };
const week = (state: ReturnType<typeof replay>, from = '2026-11-23', to = '2026-12-06') => shown(runtime.occurrencesBetween(state, from, to));

describe('a plain task starts repeating', () => {
  it('on Mondays and Wednesdays from its own day: the task gives way to the series', () => {
    const result = makeRepeatingEvents(runtime, 't1', '2026-11-25', template, rule('FREQ=WEEKLY;BYDAY=MO,WE'), '2026-11-28');
    if (!result.ok) throw new Error(result.error);
    expect(result.events[1]).toEqual(taskDeleted({ id: 't1' }));
    expect(week(replay(result.events))).toEqual(['2026-11-25 Water plants', '2026-11-30 Water plants', '2026-12-02 Water plants']);
  });

  it('from today when it was on Some Day', () => {
    const result = makeRepeatingEvents(runtime, 't1', SOMEDAY, template, rule('FREQ=DAILY;COUNT=2'), '2026-11-28');
    if (!result.ok) throw new Error(result.error);
    expect(week(replay(result.events))).toEqual(['2026-11-28 Water plants', '2026-11-29 Water plants']);
  });

  it('some days after each completion', () => {
    const result = makeRepeatingEvents(runtime, 't1', '2026-11-24', template, { kind: 'afterCompletion', days: 10 }, '2026-11-28');
    if (!result.ok) throw new Error(result.error);
    expect(week(replay(result.events))).toEqual(['2026-11-24 Water plants']);
  });

  it.each([
    ['every 10,000 weeks', rule('FREQ=WEEKLY;INTERVAL=10000'), /too far apart/],
    ['an end before the start', rule('FREQ=DAILY;UNTIL=20261101'), /ends before it starts/],
    ['a day that never comes', rule('FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30'), /never falls on a day/],
    ['zero days after completing', { kind: 'afterCompletion' as const, days: 0 }, /at least one day/],
  ])('refuses %s with a message and no event', (_name, repeat, message) => {
    const result = makeRepeatingEvents(runtime, 't1', '2026-11-25', template, repeat, '2026-11-28');
    expect(result).toEqual({ ok: false, error: expect.stringMatching(message) });
  });
});

describe("a series' rule changes", () => {
  const mondays = created('Water plants', '2026-11-23', rule('FREQ=WEEKLY;BYDAY=MO'));
  const before = replay([mondays]);
  const series = before.series.entities[mondays.payload.series.id]!;

  it("'All' to Tuesdays: every occurrence moves to Tuesday, none is left on the old first Monday", () => {
    const result = changeRepeatEvents(runtime, series, '2026-11-30', {}, rule('FREQ=WEEKLY;BYDAY=TU'), 'all');
    if (!result.ok) throw new Error(result.error);
    expect(week(replay(result.events, before))).toEqual(['2026-11-24 Water plants', '2026-12-01 Water plants']);
  });

  it("'This and following' to Fridays from the second Monday: the first stays, then Fridays", () => {
    const result = changeRepeatEvents(runtime, series, '2026-11-30', { title: 'Water the plants' }, rule('FREQ=WEEKLY;BYDAY=FR'), 'following');
    if (!result.ok) throw new Error(result.error);
    expect(week(replay(result.events, before))).toEqual(['2026-11-23 Water plants', '2026-12-04 Water the plants']);
  });

  it('a refused rule changes nothing', () => {
    expect(changeRepeatEvents(runtime, series, '2026-11-30', {}, rule('FREQ=DAILY;INTERVAL=100000'), 'all').ok).toBe(false);
  });
});
