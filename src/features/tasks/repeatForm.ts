import type { Repeat } from '../series/types';

// The repeat picker's choices as an RFC 5545 RRULE, or 'N days after I complete it' (issue 30.1). Plain string
// building, no rrule: the dialog's chunk stays small; the series code's validateRepeat has the final word.

/** 'asIs': a series' own rule that the picker's choices cannot show (every 3 days…), kept as it is. */
export type RepeatChoice = 'asIs' | 'none' | 'daily' | 'weekdays' | 'weekly' | 'monthlyDay' | 'monthlyNth' | 'yearly' | 'afterCompletion';
export type RepeatEnd = 'never' | 'count' | 'until';
export const WEEKDAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export interface RepeatForm {
  choice: RepeatChoice;
  /** Every N weeks (weekly only). */
  interval: number;
  /** The chosen days (weekly). */
  weekdays: Weekday[];
  /** 1-31, or -1 for the last day of the month (monthlyDay). */
  monthDay: number;
  /** 1-4, or -1 for the last (monthlyNth). */
  nth: number;
  nthWeekday: Weekday;
  end: RepeatEnd;
  count: number;
  /** yyyy-MM-dd (end 'until'). */
  until: string;
  /** Days from a completion to the next occurrence (afterCompletion). */
  days: number;
}

export const defaultRepeatForm = (): RepeatForm => ({
  choice: 'none',
  interval: 1,
  weekdays: [],
  monthDay: 1,
  nth: 1,
  nthWeekday: 'MO',
  end: 'never',
  count: 10,
  until: '',
  days: 7,
});

const frequency = (form: RepeatForm): string | null => {
  switch (form.choice) {
    case 'asIs':
    case 'none':
      return null;
    case 'daily':
      return 'FREQ=DAILY';
    case 'weekdays':
      return 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR';
    case 'weekly': {
      const days = WEEKDAYS.filter((day) => form.weekdays.includes(day)).join(',');
      return `FREQ=WEEKLY${form.interval !== 1 ? `;INTERVAL=${form.interval}` : ''}${days ? `;BYDAY=${days}` : ''}`;
    }
    case 'monthlyDay':
      return `FREQ=MONTHLY;BYMONTHDAY=${form.monthDay}`;
    case 'monthlyNth':
      return `FREQ=MONTHLY;BYDAY=${form.nth}${form.nthWeekday}`;
    case 'yearly':
      return 'FREQ=YEARLY';
    case 'afterCompletion':
      return null;
  }
};

/**
 * The rule the form describes, or null for 'Does not repeat'. Numbers are written as typed (an empty or odd
 * value included) so the validator, not the form, refuses them with its message.
 */
export function buildRule(form: RepeatForm): string | null {
  const rule = frequency(form);
  if (rule === null) return null;
  if (form.end === 'count') return `${rule};COUNT=${form.count}`;
  if (form.end === 'until') return `${rule};UNTIL=${form.until.replaceAll('-', '')}`;
  return rule;
}

/** What the picker's choice saves: a rule, a count of days after each completion, or null ('Does not repeat'). */
export function buildRepeat(form: RepeatForm): Repeat | null {
  if (form.choice === 'afterCompletion') return { kind: 'afterCompletion', days: form.days };
  const rule = buildRule(form);
  return rule === null ? null : { kind: 'rule', rule };
}

const field = (rule: string, name: string): string | undefined => rule.split(';').find((part) => part.startsWith(`${name}=`))?.slice(name.length + 1);
const isWeekday = (code: string): code is Weekday => (WEEKDAYS as readonly string[]).includes(code);
const MONTH_END = '28,29,30,31';

/**
 * The picker's form for a series' repeat as it stands, so its details show it (not 'Does not repeat'), or null when
 * the choices cannot show it ('asIs' then keeps it). Built back by buildRepeat, it gives the same repeat (tested).
 */
export function repeatFormOf(repeat: Repeat): RepeatForm | null {
  const form = defaultRepeatForm();
  if (repeat.kind === 'afterCompletion') return { ...form, choice: 'afterCompletion', days: repeat.days };
  const { rule } = repeat;
  const known = new Set(['FREQ', 'INTERVAL', 'BYDAY', 'BYMONTHDAY', 'BYSETPOS', 'COUNT', 'UNTIL']);
  if (rule.split(';').some((part) => !known.has(part.split('=')[0]!))) return null;
  const interval = Number(field(rule, 'INTERVAL') ?? '1');
  const byDay = field(rule, 'BYDAY')?.split(',') ?? [];
  const monthDay = field(rule, 'BYMONTHDAY');
  const setPos = field(rule, 'BYSETPOS');
  const count = field(rule, 'COUNT');
  const until = field(rule, 'UNTIL');
  let shaped: RepeatForm | null = null;
  switch (field(rule, 'FREQ')) {
    case 'DAILY':
      if (interval === 1 && !byDay.length && !monthDay) shaped = { ...form, choice: 'daily' };
      break;
    case 'WEEKLY':
      if (byDay.every(isWeekday) && !monthDay) {
        const weekdays = byDay.filter(isWeekday);
        const isWeekdays = interval === 1 && weekdays.join(',') === 'MO,TU,WE,TH,FR';
        shaped = isWeekdays ? { ...form, choice: 'weekdays' } : { ...form, choice: 'weekly', interval, weekdays };
      }
      break;
    case 'MONTHLY':
      if (interval !== 1) break;
      if (monthDay && !byDay.length) {
        // The month-end clamp ('the 31st or the last day') is stored as 28-31 with BYSETPOS=-1 (series/rule.ts).
        const day = monthDay === MONTH_END && setPos === '-1' ? 31 : !setPos ? Number(monthDay) : NaN;
        if (Number.isInteger(day) && (day === -1 || (day >= 1 && day <= 31))) shaped = { ...form, choice: 'monthlyDay', monthDay: day };
      } else if (byDay.length === 1 && !monthDay && !setPos) {
        const match = /^(-1|[1-4])(MO|TU|WE|TH|FR|SA|SU)$/.exec(byDay[0]!);
        if (match) shaped = { ...form, choice: 'monthlyNth', nth: Number(match[1]), nthWeekday: match[2] as Weekday };
      }
      break;
    case 'YEARLY':
      if (interval === 1 && !byDay.length && !monthDay && !setPos) shaped = { ...form, choice: 'yearly' };
      break;
  }
  if (!shaped) return null;
  if (count !== undefined) return { ...shaped, end: 'count', count: Number(count) };
  if (until !== undefined && /^\d{8}$/.test(until)) return { ...shaped, end: 'until', until: `${until.slice(0, 4)}-${until.slice(4, 6)}-${until.slice(6)}` };
  return until === undefined ? shaped : null;
}

/** Whether two forms save the same repeat (a form opened on a series' repeat and left as it was saves none). */
export const sameRepeat = (a: RepeatForm, b: RepeatForm): boolean => JSON.stringify(buildRepeat(a)) === JSON.stringify(buildRepeat(b));
