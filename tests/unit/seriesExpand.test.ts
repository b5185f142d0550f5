import fc from 'fast-check';
import { RRule } from 'rrule';
import { dayKeyOf, dayNumber } from '../../src/features/series/days';
import { firstRuleDay, ruleDays } from '../../src/features/series/expand';
import { formatRule, parseRule, type RuleSpec } from '../../src/features/series/rule';

// The expander against rrule itself (the reference RFC 5545 implementation the issue names), on random rules.

const keys = (days: number[]) => days.map(dayKeyOf);
const noon = (key: string) => new Date(Date.UTC(Number(key.slice(0, 4)), Number(key.slice(5, 7)) - 1, Number(key.slice(8, 10)), 12));

/** What rrule gives for the rule string started on `first`, between two days inclusive (dates as UTC noons). */
function viaRrule(rule: string, first: string, from: string, to: string): string[] {
  const options = RRule.parseString(rule);
  options.dtstart = noon(first);
  // A date-only UNTIL reads as midnight, before that day's noon occurrence: the day itself is meant.
  if (options.until) options.until = noon(options.until.toISOString().slice(0, 10));
  const between = new RRule(options, true).between(new Date(noon(from).getTime() - 13 * 3_600_000), new Date(noon(to).getTime() + 11 * 3_600_000), true);
  return between.map((date) => date.toISOString().slice(0, 10));
}

function spec(text: string): RuleSpec {
  const reading = parseRule(text);
  if (!reading.ok) throw new Error(reading.error);
  return reading.spec;
}
const days = (rule: string, first: string, from: string, to: string) => keys(ruleDays(spec(rule), dayNumber(first), dayNumber(from), dayNumber(to)));

const subset = <T>(values: T[]) => fc.subarray(values, { minLength: 0, maxLength: 3 });
const ruleArb = fc
  .record({
    freq: fc.constantFrom('DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY' as const),
    interval: fc.oneof(fc.constant(1), fc.integer({ min: 2, max: 5 })),
    weekdays: subset([0, 1, 2, 3, 4, 5, 6]),
    nth: fc.option(fc.constantFrom(-2, -1, 1, 2, 3, 4, 5), { nil: undefined }),
    byMonthDay: subset([1, 2, 15, 28, 29, 30, 31, -1, -2]),
    byMonth: fc.oneof({ arbitrary: fc.constant([] as number[]), weight: 3 }, { arbitrary: subset([1, 2, 3, 6, 9, 12]), weight: 1 }),
    bySetPos: fc.constantFrom([], [], [1], [-1], [2]),
    count: fc.option(fc.integer({ min: 1, max: 30 }), { nil: undefined }),
    untilAfter: fc.option(fc.integer({ min: 0, max: 900 }), { nil: undefined }),
  })
  .map((r): RuleSpec => {
    const numbered = r.freq === 'MONTHLY' || r.freq === 'YEARLY';
    return {
      freq: r.freq,
      interval: r.interval,
      byDay: r.weekdays.map((weekday) => (numbered && r.nth !== undefined ? { weekday, n: r.nth } : { weekday })),
      byMonthDay: r.freq === 'WEEKLY' ? [] : [...r.byMonthDay].sort((a, b) => a - b),
      byMonth: [...r.byMonth].sort((a, b) => a - b),
      bySetPos: [...r.bySetPos],
      ...(r.count !== undefined ? { count: r.count } : {}),
      ...(r.count === undefined && r.untilAfter !== undefined ? { until: String(r.untilAfter) } : {}),
    };
  });

describe('rule expansion', () => {
  it('gives the days rrule gives, for random rules, first dates and ranges', () => {
    fc.assert(
      fc.property(ruleArb, fc.integer({ min: 0, max: 1800 }), fc.integer({ min: -40, max: 700 }), fc.integer({ min: 0, max: 120 }), (raw, start, offset, length) => {
        const first = dayNumber('2023-01-01') + start;
        const rule: RuleSpec = raw.until === undefined ? raw : { ...raw, until: dayKeyOf(first + Number(raw.until)) };
        const from = first + offset;
        const to = from + length;
        // rrule runs to the year 9999 after a rule's last day: only rules that fire again soon are given to it.
        const open = { ...rule, count: undefined, until: undefined };
        fc.pre(ruleDays(open, first, to + 1, to + 1500).length > 0);
        const text = formatRule(rule);
        expect(formatRule(spec(text))).toBe(text);
        expect(days(text, dayKeyOf(first), dayKeyOf(from), dayKeyOf(to))).toEqual(viaRrule(text, dayKeyOf(first), dayKeyOf(from), dayKeyOf(to)));
      }),
      { numRuns: 300 },
    );
  });

  it('stops at the end of the range even for a rule that never fires', () => {
    // rrule takes ~30 s over this one (it runs on to the year 9999); a test that hangs is this test failing.
    const never = spec('FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30');
    expect(ruleDays(never, dayNumber('2020-01-01'), dayNumber('2026-03-02'), dayNumber('2026-03-08'))).toEqual([]);
    expect(firstRuleDay(never, dayNumber('2026-01-01'))).toBeNull();
  });

  it("starts a weekly rule's first week on its first date, as rrule does (BYSETPOS counts from there)", () => {
    expect(days('FREQ=WEEKLY;BYDAY=WE,SU;BYSETPOS=1', '2023-01-01', '2023-01-01', '2023-01-11')).toEqual(['2023-01-01', '2023-01-04', '2023-01-11']);
  });

  it('counts a COUNT from the first date, whatever range is asked for', () => {
    expect(days('FREQ=WEEKLY;COUNT=3;BYDAY=MO', '2026-11-02', '2026-11-01', '2026-12-31')).toEqual(['2026-11-02', '2026-11-09', '2026-11-16']);
    expect(days('FREQ=WEEKLY;COUNT=3;BYDAY=MO', '2026-11-02', '2026-11-10', '2026-12-31')).toEqual(['2026-11-16']);
  });

  it('keeps UNTIL inclusive and ends at a series\' last day', () => {
    expect(days('FREQ=DAILY;UNTIL=20261103', '2026-11-01', '2026-10-01', '2026-11-30')).toEqual(['2026-11-01', '2026-11-02', '2026-11-03']);
    expect(keys(ruleDays(spec('FREQ=DAILY'), dayNumber('2026-11-01'), dayNumber('2026-11-01'), dayNumber('2026-11-30'), dayNumber('2026-11-02')))).toEqual([
      '2026-11-01',
      '2026-11-02',
    ]);
  });

  it('finds the last day of every month with BYMONTHDAY=-1, leap years included', () => {
    expect(days('FREQ=MONTHLY;BYMONTHDAY=-1', '2027-12-01', '2027-12-01', '2028-04-30')).toEqual(['2027-12-31', '2028-01-31', '2028-02-29', '2028-03-31', '2028-04-30']);
  });

  it('gives 29 February only in leap years to a yearly rule on that day', () => {
    expect(days('FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29', '2024-02-29', '2024-01-01', '2032-12-31')).toEqual(['2024-02-29', '2028-02-29', '2032-02-29']);
  });

  it('finds the nth and last weekday of a month', () => {
    expect(days('FREQ=MONTHLY;BYDAY=+2TU', '2026-11-01', '2026-11-01', '2027-01-31')).toEqual(['2026-11-10', '2026-12-08', '2027-01-12']);
    expect(days('FREQ=MONTHLY;BYDAY=-1FR', '2026-11-01', '2026-11-01', '2027-01-31')).toEqual(['2026-11-27', '2026-12-25', '2027-01-29']);
  });

  it('refuses what a planner does not offer, and rules it cannot read', () => {
    for (const text of ['FREQ=HOURLY', 'FREQ=DAILY;BYHOUR=9', 'FREQ=WEEKLY;INTERVAL=abc', 'garbage', 'BYDAY=MO', 'FREQ=WEEKLY;BYDAY=+1MO', 'FREQ=DAILY;COUNT=2;UNTIL=20270101']) {
      expect(parseRule(text).ok).toBe(false);
    }
  });
});
