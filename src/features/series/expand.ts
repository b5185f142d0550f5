import { dayFromParts, dayNumber, daysInMonth, mondayOf, partsOf, weekdayOf } from './days';
import type { RuleDay, RuleSpec } from './rule';

// Expands a rule into day numbers, period by period (a day, week, month or year of the rule's frequency,
// `interval` apart), in the order and with the defaults of RFC 5545 and rrule (which the property tests hold
// this to). rrule's own expansion is not used for the planner: it walks every period from the first date,
// ~100 ms for a week of a daily rule started ten years ago and ~150 ms for a year of 50 series on this
// machine, and a rule that never fires runs on to the year 9999 (30 s for a daily one). Here a rule without
// COUNT starts at the period holding the range and stops after it, so the work is bounded by the range.

/** How far ahead a rule must produce a day to be accepted: 50 years of its periods (and at least 30 of them). */
const HORIZON_DAYS = 18_263;
const PERIOD_DAYS = { DAILY: 1, WEEKLY: 7, MONTHLY: 30.44, YEARLY: 365.25 } as const;

const monthIndex = (day: number) => {
  const { year, month } = partsOf(day);
  return year * 12 + month - 1;
};

function periodStart(spec: RuleSpec, first: number, k: number): number {
  const step = k * spec.interval;
  switch (spec.freq) {
    case 'DAILY':
      return first + step;
    case 'WEEKLY':
      return mondayOf(first) + 7 * step;
    case 'MONTHLY': {
      const { year, month } = partsOf(first);
      return dayFromParts(year, month + step, 1);
    }
    case 'YEARLY':
      return dayFromParts(partsOf(first).year + step, 1, 1);
  }
}

/** The index of the period holding `day` (day ≥ first). */
function periodIndexOf(spec: RuleSpec, first: number, day: number): number {
  const distance = {
    DAILY: () => day - first,
    WEEKLY: () => (mondayOf(day) - mondayOf(first)) / 7,
    MONTHLY: () => monthIndex(day) - monthIndex(first),
    YEARLY: () => partsOf(day).year - partsOf(first).year,
  }[spec.freq]();
  return Math.floor(distance / spec.interval);
}

const nthMatches = (n: number | undefined, index: number, length: number) =>
  n === undefined || (n > 0 ? Math.floor((index - 1) / 7) + 1 === n : Math.floor((length - index) / 7) + 1 === -n);

const monthDayMatches = (days: number[], date: number, length: number) => days.some((n) => (n > 0 ? n === date : length + 1 + n === date));

/** The days of one month a monthly rule, or a yearly one by month, picks; `n` of a weekday counts within the month. */
function monthDays(spec: RuleSpec, monthDaysOrDefault: number[], year: number, month: number): number[] {
  const length = daysInMonth(year, month);
  const start = dayFromParts(year, month, 1);
  const days: number[] = [];
  for (let date = 1; date <= length; date++) {
    if (monthDaysOrDefault.length > 0 && !monthDayMatches(monthDaysOrDefault, date, length)) continue;
    const day = start + date - 1;
    if (spec.byDay.length > 0 && !spec.byDay.some((d: RuleDay) => d.weekday === weekdayOf(day) && nthMatches(d.n, date, length))) continue;
    days.push(day);
  }
  return days;
}

/** A yearly rule's numbered weekdays without BYMONTH: 'the 20th Monday of the year'. */
function yearDays(spec: RuleSpec, year: number): number[] {
  const start = dayFromParts(year, 1, 1);
  const length = dayFromParts(year + 1, 1, 1) - start;
  const days: number[] = [];
  for (let index = 1; index <= length; index++) {
    const day = start + index - 1;
    const { month, date } = partsOf(day);
    if (spec.byMonthDay.length > 0 && !monthDayMatches(spec.byMonthDay, date, daysInMonth(year, month))) continue;
    if (!spec.byDay.some((d) => d.weekday === weekdayOf(day) && nthMatches(d.n, index, length))) continue;
    days.push(day);
  }
  return days;
}

const inMonths = (spec: RuleSpec, day: number) => spec.byMonth.length === 0 || spec.byMonth.includes(partsOf(day).month);

/** A weekly rule's weekdays, sorted, once per rule (without BYDAY: the first date's). */
const weeklyDays = new WeakMap<RuleSpec, number[]>();
function weekdaysOf(spec: RuleSpec, first: number): number[] {
  if (spec.byDay.length === 0) return [weekdayOf(first)];
  let days = weeklyDays.get(spec);
  if (!days) weeklyDays.set(spec, (days = [...new Set(spec.byDay.map((d) => d.weekday))].sort((a, b) => a - b)));
  return days;
}

/** The days of a month given by day numbers only (BYMONTHDAY without BYDAY), without walking the month. */
function monthDaysByNumber(byMonthDay: number[], year: number, month: number): number[] {
  const length = daysInMonth(year, month);
  const start = dayFromParts(year, month, 1) - 1;
  const dates = byMonthDay.map((n) => (n > 0 ? n : length + 1 + n)).filter((date) => date >= 1 && date <= length);
  return (dates.length > 1 ? [...new Set(dates)].sort((a, b) => a - b) : dates).map((date) => start + date);
}

/** The candidate days of period `k`, ascending, before BYSETPOS. */
function candidates(spec: RuleSpec, first: number, k: number): number[] {
  const start = periodStart(spec, first, k);
  switch (spec.freq) {
    case 'DAILY': {
      if (spec.byMonth.length + spec.byMonthDay.length + spec.byDay.length === 0) return [start];
      const { year, month, date } = partsOf(start);
      const dayOk = spec.byMonthDay.length === 0 || monthDayMatches(spec.byMonthDay, date, daysInMonth(year, month));
      const weekdayOk = spec.byDay.length === 0 || spec.byDay.some((d) => d.weekday === weekdayOf(start));
      return inMonths(spec, start) && dayOk && weekdayOk ? [start] : [];
    }
    case 'WEEKLY': {
      // rrule's first week starts on the first date, not its Monday: BYSETPOS counts only the days from there.
      const days = weekdaysOf(spec, first)
        .map((weekday) => start + weekday)
        .filter((day) => k > 0 || day >= first);
      return spec.byMonth.length === 0 ? days : days.filter((day) => inMonths(spec, day));
    }
    case 'MONTHLY': {
      if (!inMonths(spec, start)) return [];
      const { year, month } = partsOf(start);
      // Neither BYMONTHDAY nor BYDAY: the first date's day of the month (rrule's default).
      const byMonthDay = spec.byMonthDay.length === 0 && spec.byDay.length === 0 ? [partsOf(first).date] : spec.byMonthDay;
      return spec.byDay.length === 0 ? monthDaysByNumber(byMonthDay, year, month) : monthDays(spec, byMonthDay, year, month);
    }
    case 'YEARLY': {
      const { year } = partsOf(start);
      const bare = spec.byMonthDay.length === 0 && spec.byDay.length === 0;
      if (!bare && spec.byMonth.length === 0 && spec.byDay.some((d) => d.n !== undefined)) return yearDays(spec, year);
      // Bare: the first date's month and day; BYMONTH alone: the first date's day in those months.
      const months = spec.byMonth.length > 0 ? spec.byMonth : bare ? [partsOf(first).month] : [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];
      const byMonthDay = bare ? [partsOf(first).date] : spec.byMonthDay;
      return months.flatMap((month) => (spec.byDay.length === 0 ? monthDaysByNumber(byMonthDay, year, month) : monthDays(spec, byMonthDay, year, month)));
    }
  }
}

function periodDays(spec: RuleSpec, first: number, k: number): number[] {
  const days = candidates(spec, first, k);
  if (spec.bySetPos.length === 0) return days;
  const picked = spec.bySetPos.map((pos) => days[pos > 0 ? pos - 1 : days.length + pos]).filter((day): day is number => day !== undefined);
  return [...new Set(picked)].sort((a, b) => a - b);
}

/**
 * The days a rule started on `first` produces from `from` to `to` (day numbers, inclusive), ascending, none after
 * `last` (a series stopped or split) nor after the rule's UNTIL. A rule with COUNT is walked from its start (the
 * count needs every earlier occurrence), still never past `to`.
 */
export function ruleDays(spec: RuleSpec, first: number, from: number, to: number, last = Infinity): number[] {
  const end = Math.min(to, last, spec.until === undefined ? Infinity : dayNumber(spec.until));
  if (end < Math.max(first, from)) return [];
  let remaining = spec.count ?? Infinity;
  const days: number[] = [];
  for (let k = spec.count === undefined ? Math.max(0, periodIndexOf(spec, first, Math.max(from, first))) : 0; ; k++) {
    if (periodStart(spec, first, k) > end) return days;
    for (const day of periodDays(spec, first, k)) {
      if (day < first) continue;
      if (day > end) return days;
      if (day >= from) days.push(day);
      if (--remaining === 0) return days;
    }
  }
}

/**
 * The first day a rule produces, or null when it produces none within 50 years: nothing a weekly planner shows.
 * (A rule that never fires, like the 30th of February, is silent for ever; one whose first day is decades away is
 * a mistake too.) The scan is bounded: ~18,000 periods for a daily rule, a few ms.
 */
export function firstRuleDay(spec: RuleSpec, first: number): number | null {
  const end = spec.until === undefined ? Infinity : dayNumber(spec.until);
  const periods = Math.max(30, Math.ceil(HORIZON_DAYS / (PERIOD_DAYS[spec.freq] * spec.interval)));
  for (let k = 0; k <= periods; k++) {
    if (periodStart(spec, first, k) > end) return null;
    for (const day of periodDays(spec, first, k)) {
      if (day > end) return null;
      if (day >= first) return day;
    }
  }
  return null;
}
