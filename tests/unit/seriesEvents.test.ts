import { occurrencesBetween, somedayOccurrences } from '../../src/features/series/occurrences';
import { occurrencesToRollOver } from '../../src/features/series/rollover';
import { deleteEvents, editEvents, stopRepeatingEvents } from '../../src/features/series/scopes';
import {
  occurrenceCompletionSet,
  occurrenceMoved,
  occurrenceSkipped,
  occurrencesRolledOver,
  seriesDeleted,
  seriesRestored,
} from '../../src/features/series/seriesSlice';
import { validateRepeat } from '../../src/features/series/validate';
import { created, replay, rule, shown } from './seriesFixtures';

// Weeks of November 2026: Mon 2 … Sun 8, Mon 9 … Sun 15, Mon 16 … Sun 22.
const mondays = created('Water plants', '2026-11-02', rule('FREQ=WEEKLY;BYDAY=MO'));
const id = mondays.payload.series.id;
const ref = (originalDate: string) => ({ seriesId: id, originalDate });
const week = (state: ReturnType<typeof replay>, monday: string, sunday: string) => shown(occurrencesBetween(state, monday, sunday));

describe('series events', () => {
  it('computes occurrences for the week on screen, none before the first date', () => {
    const state = replay([mondays]);
    expect(week(state, '2026-10-26', '2026-11-01')).toEqual([]);
    expect(week(state, '2026-11-09', '2026-11-15')).toEqual(['2026-11-09 Water plants']);
  });

  it('sets completion (a replayed event changes nothing more) and records the day it was done', () => {
    const done = occurrenceCompletionSet(ref('2026-11-09'), true, '2026-11-10');
    const once = replay([mondays, done]);
    expect(replay([done], once)).toEqual(once);
    expect(week(once, '2026-11-09', '2026-11-15')).toEqual(['2026-11-09 Water plants ✓']);
    expect(replay([occurrenceCompletionSet(ref('2026-11-09'), false, '2026-11-11')], once).exceptions.ids).toEqual([]);
  });

  it('shows a moved occurrence where it went, in every week, and not where it came from; back home clears the move', () => {
    const moved = replay([mondays, occurrenceMoved({ ...ref('2026-11-09'), to: '2026-11-18' })]);
    expect(week(moved, '2026-11-09', '2026-11-15')).toEqual([]);
    expect(week(moved, '2026-11-16', '2026-11-22')).toEqual(['2026-11-16 Water plants', '2026-11-18 Water plants']);
    const back = replay([occurrenceMoved({ ...ref('2026-11-09'), to: '2026-11-09' })], moved);
    expect(week(back, '2026-11-09', '2026-11-15')).toEqual(['2026-11-09 Water plants']);
    expect(back.exceptions.ids).toEqual([]);
  });

  it('moves an occurrence to Some Day and skips one', () => {
    const state = replay([mondays, occurrenceMoved({ ...ref('2026-11-09'), to: 'someday' }), occurrenceSkipped({ ...ref('2026-11-16'), skipped: true })]);
    expect(shown(somedayOccurrences(state))).toEqual(['someday Water plants']);
    expect(week(state, '2026-11-09', '2026-11-22')).toEqual([]);
    expect(week(replay([occurrenceSkipped({ ...ref('2026-11-16'), skipped: false })], state), '2026-11-16', '2026-11-22')).toEqual(['2026-11-16 Water plants']);
  });

  it("renames 'This task', 'All' (completed ones keep the name they were done with) and 'This and following'", () => {
    const base = replay([mondays, occurrenceCompletionSet(ref('2026-11-02'), true, '2026-11-02')]);
    const series = base.series.entities[id]!;
    const thisOne = replay(editEvents(series, '2026-11-09', { title: 'Water ferns' }, 'this'), base);
    expect(week(thisOne, '2026-11-02', '2026-11-22')).toEqual(['2026-11-02 Water plants ✓', '2026-11-09 Water ferns', '2026-11-16 Water plants']);
    const all = replay(editEvents(series, '2026-11-09', { title: 'Water cacti' }, 'all'), base);
    expect(week(all, '2026-11-02', '2026-11-22')).toEqual(['2026-11-02 Water plants ✓', '2026-11-09 Water cacti', '2026-11-16 Water cacti']);
    const following = replay([occurrenceMoved({ ...ref('2026-11-16'), to: '2026-11-17' }), ...editEvents(series, '2026-11-09', { title: 'Mist' }, 'following')], base);
    expect(week(following, '2026-11-02', '2026-11-22')).toEqual(['2026-11-02 Water plants ✓', '2026-11-09 Mist', '2026-11-17 Mist']);
    expect(following.series.entities[id]!.lastDate).toBe('2026-11-08');
  });

  it("carries a COUNT over a 'This and following' split: the two together happen as often as the one did", () => {
    const three = created('Physio', '2026-11-02', rule('FREQ=WEEKLY;COUNT=3;BYDAY=MO'));
    const state = replay([three]);
    const split = replay(editEvents(state.series.entities[three.payload.series.id]!, '2026-11-09', { title: 'Physio (new)' }, 'following'), state);
    expect(week(split, '2026-11-01', '2026-12-31')).toEqual(['2026-11-02 Physio', '2026-11-09 Physio (new)', '2026-11-16 Physio (new)']);
  });

  it("deletes this one (a skip), this and following (an end), all; 'Stop repeating' keeps the past and today", () => {
    const state = replay([mondays]);
    const series = state.series.entities[id]!;
    expect(week(replay(deleteEvents(series, '2026-11-09', 'this'), state), '2026-11-02', '2026-11-22')).toEqual(['2026-11-02 Water plants', '2026-11-16 Water plants']);
    expect(week(replay(deleteEvents(series, '2026-11-09', 'following'), state), '2026-11-02', '2026-11-22')).toEqual(['2026-11-02 Water plants']);
    expect(replay(deleteEvents(series, '2026-11-09', 'all'), state)).toEqual(replay([]));
    expect(week(replay(stopRepeatingEvents(series, '2026-11-09'), state), '2026-11-02', '2026-12-31')).toEqual(['2026-11-02 Water plants', '2026-11-09 Water plants']);
  });

  it('ignores events about a series that is gone, and a restore brings it back as it was', () => {
    const done = replay([mondays, occurrenceCompletionSet(ref('2026-11-09'), true, '2026-11-09')]);
    const gone = replay([seriesDeleted({ id })], done);
    expect(replay([occurrenceCompletionSet(ref('2026-11-16'), true, '2026-11-16'), occurrenceMoved({ ...ref('2026-11-09'), to: 'someday' })], gone)).toEqual(gone);
    expect(replay([seriesRestored({ series: done.series.entities[id]!, exceptions: Object.values(done.exceptions.entities) })], gone)).toEqual(done);
  });

  it("repeats N days after completion, counting from the day it was done", () => {
    const every3 = created('Clean filter', '2026-11-02', { kind: 'afterCompletion', days: 3 });
    const sid = every3.payload.series.id;
    const state = replay([every3, occurrenceCompletionSet({ seriesId: sid, originalDate: '2026-11-02' }, true, '2026-11-04')]);
    expect(week(state, '2026-11-02', '2026-11-15')).toEqual(['2026-11-02 Clean filter ✓', '2026-11-07 Clean filter']);
  });
});

describe('rollover of series', () => {
  it('moves nothing for a daily series missed for a week: today has its own occurrence', () => {
    const daily = replay([created('Stretch', '2026-11-02', rule('FREQ=DAILY'))]);
    expect(occurrencesToRollOver(daily, '2026-11-10')).toEqual([]);
  });

  it('moves only the latest missed occurrence of a series; older ones stay; a second device moves nothing more', () => {
    const state = replay([mondays]);
    const refs = occurrencesToRollOver(state, '2026-11-19');
    expect(refs).toEqual([ref('2026-11-16')]);
    const rolled = replay([occurrencesRolledOver({ items: refs, to: '2026-11-19' })], state);
    expect(week(rolled, '2026-11-02', '2026-11-22')).toEqual(['2026-11-02 Water plants', '2026-11-09 Water plants', '2026-11-19 Water plants']);
    expect(replay([occurrencesRolledOver({ items: refs, to: '2026-11-19' })], rolled)).toEqual(rolled);
    expect(occurrencesToRollOver(rolled, '2026-11-19')).toEqual([]);
  });

  it('moves nothing when the latest occurrence is done', () => {
    const state = replay([mondays, occurrenceCompletionSet(ref('2026-11-16'), true, '2026-11-16')]);
    expect(occurrencesToRollOver(state, '2026-11-19')).toEqual([]);
  });
});

describe('repeat validation', () => {
  const refused = (text: string, first = '2026-11-02') => {
    const check = validateRepeat(rule(text), first);
    return check.ok ? null : check.error;
  };

  it('refuses a rule that never falls on a day, an end before the start, and steps beyond reason', () => {
    expect(refused('FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30')).toMatch(/never falls on a day/);
    expect(refused('FREQ=DAILY;BYMONTH=4;BYMONTHDAY=31')).toMatch(/never falls on a day/);
    expect(refused('FREQ=WEEKLY;UNTIL=20261001')).toBe('The repeat ends before it starts: choose an end on or after 2026-11-02.');
    expect(refused('FREQ=WEEKLY;INTERVAL=10000')).toBe('Every 10,000 weeks is too far apart: at most every 520 weeks (ten years).');
    expect(refused('FREQ=MINUTELY')).toMatch(/by the day at most/);
    expect(validateRepeat({ kind: 'afterCompletion', days: 0 }, '2026-11-02')).toEqual({ ok: false, error: 'Repeat at least one day after completing.' });
  });

  it("runs 'on the 31st' on the last day of shorter months, and starts on the first day the rule gives", () => {
    const check = validateRepeat(rule('FREQ=MONTHLY;BYMONTHDAY=31'), '2027-01-15');
    expect(check).toEqual({ ok: true, repeat: rule('FREQ=MONTHLY;BYMONTHDAY=28,29,30,31;BYSETPOS=-1'), firstDate: '2027-01-31' });
    if (!check.ok) return;
    const state = replay([created('Invoice', check.firstDate, check.repeat)]);
    expect(shown(occurrencesBetween(state, '2027-01-01', '2027-04-30')).map((s) => s.slice(0, 10))).toEqual(['2027-01-31', '2027-02-28', '2027-03-31', '2027-04-30']);
  });

  it('keeps a yearly series started on 29 February on the 28th in other years', () => {
    const check = validateRepeat(rule('FREQ=YEARLY'), '2028-02-29');
    expect(check).toEqual({ ok: true, repeat: rule('FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=28,29;BYSETPOS=-1'), firstDate: '2028-02-29' });
    if (!check.ok) return;
    const state = replay([created('Leap', check.firstDate, check.repeat)]);
    expect(shown(occurrencesBetween(state, '2028-01-01', '2032-12-31')).map((s) => s.slice(0, 10))).toEqual(['2028-02-29', '2029-02-28', '2030-02-28', '2031-02-28', '2032-02-29']);
  });
});
