import type { Options, Weekday } from 'rrule';
import { RRule } from './rrule';
import { dayKeyOf, dayNumber, partsOf } from './days';

// A series' rule is an RFC 5545 RRULE string without DTSTART (the series' first date is its start): the
// day-granular part of the standard a planner needs. rrule reads the string; this module checks what it read
// strictly (rrule keeps 'INTERVAL=abc' or an unknown FREQ as they are) and refuses times of day, BYYEARDAY,
// BYWEEKNO and BYEASTER, which no screen here offers.

export const FREQUENCIES = ['YEARLY', 'MONTHLY', 'WEEKLY', 'DAILY'] as const;
export type Frequency = (typeof FREQUENCIES)[number];

/** A weekday (0 Monday … 6 Sunday), with `n` for 'the nth (or, negative, nth last) of the month or year'. */
export interface RuleDay {
  weekday: number;
  n?: number;
}

/** A rule as the expander reads it. `until` is the last day it may produce (inclusive). */
export interface RuleSpec {
  freq: Frequency;
  interval: number;
  count?: number;
  until?: string;
  byDay: RuleDay[];
  byMonthDay: number[];
  byMonth: number[];
  bySetPos: number[];
}

export type RuleReading = { ok: true; spec: RuleSpec } | { ok: false; error: string };

const UNREADABLE = 'This repeat rule could not be read.';
const LONGEST_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const WEEKDAY_CODES = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'];
const isInt = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value);
const listOf = <T>(value: T | T[] | null | undefined): T[] => (value === null || value === undefined ? [] : Array.isArray(value) ? value : [value]);
const allIn = (values: unknown[], ok: (n: number) => boolean) => values.every((n) => isInt(n) && ok(n));
const isEmpty = (value: unknown) => value === undefined || value === null || (Array.isArray(value) && value.length === 0);

function readDays(value: Options['byweekday'] | undefined): RuleDay[] | null {
  const days: RuleDay[] = [];
  for (const entry of listOf(value as (Weekday | number)[] | Weekday | number | null)) {
    const weekday = typeof entry === 'number' ? entry : entry?.weekday;
    const n = typeof entry === 'number' ? undefined : (entry?.n ?? undefined);
    if (!isInt(weekday) || weekday < 0 || weekday > 6) return null;
    if (n !== undefined && (!isInt(n) || n === 0 || Math.abs(n) > 53)) return null;
    days.push(n === undefined ? { weekday } : { weekday, n });
  }
  return days;
}

/** Reads an RRULE string (with or without the 'RRULE:' prefix) into the spec the expander runs. */
export function parseRule(text: string): RuleReading {
  if (typeof text !== 'string' || text.length > 500 || /DTSTART|TZID|\n/i.test(text)) return { ok: false, error: UNREADABLE };
  let options: Partial<Options>;
  try {
    options = RRule.parseString(text.replace(/^RRULE:/i, ''));
  } catch {
    return { ok: false, error: UNREADABLE };
  }
  const freq = FREQUENCIES[options.freq as number];
  if (options.freq === undefined || options.freq === null) return { ok: false, error: UNREADABLE };
  if (!freq) return { ok: false, error: 'Tasks repeat by the day at most: a rule by the hour, minute or second is not offered.' };
  for (const part of ['byhour', 'byminute', 'bysecond', 'byyearday', 'byweekno', 'byeaster'] as const) {
    if (!isEmpty(options[part])) return { ok: false, error: UNREADABLE };
  }
  if (options.wkst !== undefined && options.wkst !== null && (options.wkst as Weekday).weekday !== 0 && options.wkst !== 0) return { ok: false, error: UNREADABLE };
  const interval = options.interval ?? 1;
  const byDay = readDays(options.byweekday);
  const byMonthDay = listOf(options.bymonthday);
  const byMonth = listOf(options.bymonth);
  const bySetPos = listOf(options.bysetpos);
  if (!isInt(interval) || interval < 1 || !byDay) return { ok: false, error: UNREADABLE };
  if (!allIn(byMonthDay, (n) => n !== 0 && Math.abs(n) <= 31) || !allIn(byMonth, (n) => n >= 1 && n <= 12)) return { ok: false, error: UNREADABLE };
  if (!allIn(bySetPos, (n) => n !== 0 && Math.abs(n) <= 366)) return { ok: false, error: UNREADABLE };
  // RFC 5545: a numbered weekday only in a monthly or yearly rule, BYMONTHDAY not in a weekly one.
  if ((freq === 'DAILY' || freq === 'WEEKLY') && byDay.some((day) => day.n !== undefined)) return { ok: false, error: UNREADABLE };
  if (freq === 'WEEKLY' && byMonthDay.length > 0) return { ok: false, error: UNREADABLE };
  const spec: RuleSpec = { freq, interval, byDay, byMonthDay: sortedUnique(byMonthDay), byMonth: sortedUnique(byMonth), bySetPos: sortedUnique(bySetPos) };
  if (options.count !== undefined && options.count !== null) {
    if (!isInt(options.count) || options.count < 1) return { ok: false, error: 'A repeat must happen at least once.' };
    spec.count = options.count;
  }
  if (options.until) {
    if (spec.count !== undefined) return { ok: false, error: 'A repeat ends either after a number of times or on a date, not both.' };
    const until = options.until;
    if (!(until instanceof Date) || Number.isNaN(until.getTime())) return { ok: false, error: UNREADABLE };
    // Read in UTC: a date-only UNTIL (the form written here) is midnight UTC of that day.
    spec.until = dayKeyOf(Math.floor(until.getTime() / 86_400_000));
  }
  return { ok: true, spec };
}

function sortedUnique(values: number[]): number[] {
  return [...new Set(values)].sort((a, b) => a - b);
}

/** The RRULE string of a spec, in one fixed field order (so equal rules are equal strings). */
export function formatRule(spec: RuleSpec): string {
  const parts = [`FREQ=${spec.freq}`];
  if (spec.interval !== 1) parts.push(`INTERVAL=${spec.interval}`);
  if (spec.count !== undefined) parts.push(`COUNT=${spec.count}`);
  if (spec.until !== undefined) parts.push(`UNTIL=${spec.until.replaceAll('-', '')}`);
  if (spec.byMonth.length > 0) parts.push(`BYMONTH=${spec.byMonth.join(',')}`);
  if (spec.byMonthDay.length > 0) parts.push(`BYMONTHDAY=${spec.byMonthDay.join(',')}`);
  if (spec.byDay.length > 0) parts.push(`BYDAY=${spec.byDay.map(({ weekday, n }) => `${n === undefined ? '' : n > 0 ? `+${n}` : n}${WEEKDAY_CODES[weekday]}`).join(',')}`);
  if (spec.bySetPos.length > 0) parts.push(`BYSETPOS=${spec.bySetPos.join(',')}`);
  return parts.join(';');
}

/**
 * 'On the 31st' means the 31st, or the month's last day when it is shorter: RFC 5545 and rrule skip months
 * without that day, which surprises people (issue 30). A monthly or yearly rule on one day from the 29th on
 * (given, or implied by the first date) becomes the standard idiom 'BYMONTHDAY=28,…,31;BYSETPOS=-1' (the latest
 * of those days that exists), which any RFC 5545 reader expands the same way. 'Last day' is BYMONTHDAY=-1.
 */
export function clampMonthEnd(spec: RuleSpec, firstDate: string): RuleSpec {
  if (spec.freq !== 'MONTHLY' && spec.freq !== 'YEARLY') return spec;
  if (spec.byDay.length > 0 || spec.bySetPos.length > 0 || spec.byMonthDay.length > 1) return spec;
  if (spec.freq === 'YEARLY' && spec.byMonth.length > 1) return spec;
  const { month, date } = partsOf(dayNumber(firstDate));
  const day = spec.byMonthDay[0] ?? date;
  const byMonth = spec.freq === 'YEARLY' && spec.byMonth.length === 0 ? [month] : spec.byMonth;
  // A day no chosen month ever has (the 30th of February) is not a short month: it is refused (validate.ts).
  const longest = Math.max(...(byMonth.length > 0 ? byMonth : [1]).map((m) => LONGEST_MONTH[m - 1]!));
  if (day < 29 || day > longest) return spec;
  return { ...spec, byMonth, byMonthDay: Array.from({ length: day - 27 }, (_, i) => 28 + i), bySetPos: [-1] };
}

