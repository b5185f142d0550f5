import type { Repeat } from '../series/types';

// The repeat picker's choices as an RFC 5545 RRULE, or 'N days after I complete it' (issue 30.1). Plain string
// building, no rrule: the dialog's chunk stays small; the series code's validateRepeat has the final word.

export type RepeatChoice = 'none' | 'daily' | 'weekdays' | 'weekly' | 'monthlyDay' | 'monthlyNth' | 'yearly' | 'afterCompletion';
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
