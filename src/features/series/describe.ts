import { RRule } from './rrule';
import { dayNumber, partsOf, weekdayOf } from './days';
import { parseRule, type RuleSpec } from './rule';
import type { Repeat } from './types';

// A repeat in words, for the repeat mark's accessible description ('Every Monday'). The shapes the planner
// offers are worded here, as people say them; anything else falls back to rrule's own English (toText).

const DAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const NTH = ['', 'first', 'second', 'third', 'fourth', 'fifth'];
const UNITS = { DAILY: 'day', WEEKLY: 'week', MONTHLY: 'month', YEARLY: 'year' } as const;

export function ordinal(n: number): string {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : ['th', 'st', 'nd', 'rd'][n % 10] ?? 'th';
  return `${n}${suffix}`;
}

/** 'Monday', 'Monday and Thursday', 'Monday, Wednesday and Friday'. */
const list = (names: string[]) => (names.length <= 1 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`);

/** Whether the rule is the month-end clamp (BYMONTHDAY=28,…,d;BYSETPOS=-1): the dth, or the last day of a shorter month. */
function clampedDay(spec: RuleSpec): number | null {
  const days = spec.byMonthDay;
  const isClamp = spec.bySetPos.length === 1 && spec.bySetPos[0] === -1 && days[0] === 28 && days.every((d, i) => d === 28 + i) && days.length > 1;
  return isClamp && spec.byDay.length === 0 ? days[days.length - 1]! : null;
}

function dayOfMonth(spec: RuleSpec, firstDate: string): string | null {
  const clamp = clampedDay(spec);
  if (clamp !== null) return `the ${ordinal(clamp)} (or the last day)`;
  if (spec.bySetPos.length > 0) return null;
  if (spec.byDay.length === 1 && spec.byMonthDay.length === 0) {
    const { weekday, n } = spec.byDay[0]!;
    if (n === -1) return `the last ${DAY_NAMES[weekday]}`;
    if (n !== undefined && n > 0 && n <= 5) return `the ${NTH[n]} ${DAY_NAMES[weekday]}`;
    return null;
  }
  if (spec.byDay.length > 0 || spec.byMonthDay.length > 1) return null;
  const day = spec.byMonthDay[0] ?? partsOf(dayNumber(firstDate)).date;
  return day === -1 ? 'the last day' : day > 0 ? `the ${ordinal(day)}` : null;
}

function phrase(spec: RuleSpec, firstDate: string): string | null {
  const every = spec.interval === 1 ? `Every ${UNITS[spec.freq]}` : `Every ${spec.interval} ${UNITS[spec.freq]}s`;
  if (spec.freq === 'DAILY') return spec.byDay.length + spec.byMonth.length + spec.byMonthDay.length + spec.bySetPos.length === 0 ? every : null;
  if (spec.byMonth.length > (spec.freq === 'YEARLY' ? 1 : 0) || (spec.freq === 'WEEKLY' && spec.bySetPos.length > 0)) return null;
  if (spec.freq === 'WEEKLY') {
    const days = [...new Set(spec.byDay.length > 0 ? spec.byDay.map((d) => d.weekday) : [weekdayOf(dayNumber(firstDate))])].sort();
    if (spec.interval === 1 && days.join() === '0,1,2,3,4') return 'Every weekday';
    const names = list(days.map((d) => DAY_NAMES[d]!));
    return spec.interval === 1 ? `Every ${names}` : `${every} on ${names}`;
  }
  const day = dayOfMonth(spec, firstDate);
  if (!day) return null;
  if (spec.freq === 'MONTHLY') return `${every} on ${day}`;
  const month = MONTH_NAMES[(spec.byMonth[0] ?? partsOf(dayNumber(firstDate)).month) - 1];
  return `${every} on ${day} of ${month}`;
}

function ending(spec: RuleSpec): string {
  if (spec.count !== undefined) return spec.count === 1 ? ', once' : `, ${spec.count} times`;
  if (spec.until === undefined) return '';
  const { year, month, date } = partsOf(dayNumber(spec.until));
  return `, until ${date} ${MONTH_NAMES[month - 1]} ${year}`;
}

/** A repeat in words: 'Every Monday', 'Every month on the last day', '3 days after each completion'. */
export function describeRepeat(repeat: Repeat, firstDate: string): string {
  if (repeat.kind === 'afterCompletion') return repeat.days === 1 ? 'The day after each completion' : `${repeat.days} days after each completion`;
  const reading = parseRule(repeat.rule);
  if (!reading.ok) return 'Repeats';
  const own = phrase(reading.spec, firstDate);
  if (own) return own + ending(reading.spec);
  const text = RRule.fromString(repeat.rule).toText();
  return text.charAt(0).toUpperCase() + text.slice(1);
}
