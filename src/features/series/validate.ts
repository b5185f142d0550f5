import { dayKeyOf, dayNumber, isDayKey } from './days';
import { firstRuleDay } from './expand';
import { clampMonthEnd, formatRule, parseRule, type Frequency } from './rule';
import type { Repeat } from './types';

// Issue 30.8: a repeat that can never produce a day, one that ends before it starts, or one whose steps are
// beyond reason is refused with a message a person can act on, before anything is stored.

/** Ten years between two occurrences, in each frequency's unit. */
export const MAX_INTERVAL: Record<Frequency, number> = { DAILY: 3660, WEEKLY: 520, MONTHLY: 120, YEARLY: 10 };
const UNIT: Record<Frequency, string> = { DAILY: 'days', WEEKLY: 'weeks', MONTHLY: 'months', YEARLY: 'years' };

export type RepeatCheck = { ok: true; repeat: Repeat; firstDate: string } | { ok: false; error: string };

const thousands = (n: number) => n.toLocaleString('en-US');

/**
 * Checks a repeat starting on `firstDate` and gives it in the form stored: a rule on the 29th to 31st runs on the
 * last day of shorter months (rule.ts, clampMonthEnd), and the first date becomes the rule's first day, so the
 * first occurrence is the series' first date (RFC 5545 asks DTSTART to be one).
 */
export function validateRepeat(repeat: Repeat, firstDate: string): RepeatCheck {
  if (!isDayKey(firstDate)) return { ok: false, error: 'Choose the day the repeat starts on.' };
  if (repeat.kind === 'afterCompletion') {
    if (!Number.isInteger(repeat.days) || repeat.days < 1) return { ok: false, error: 'Repeat at least one day after completing.' };
    if (repeat.days > MAX_INTERVAL.DAILY) {
      return { ok: false, error: `Every ${thousands(repeat.days)} days is too far apart: at most ${thousands(MAX_INTERVAL.DAILY)} days (ten years).` };
    }
    return { ok: true, repeat, firstDate };
  }
  const reading = parseRule(repeat.rule);
  if (!reading.ok) return reading;
  const spec = clampMonthEnd(reading.spec, firstDate);
  if (spec.interval > MAX_INTERVAL[spec.freq]) {
    const unit = UNIT[spec.freq];
    return { ok: false, error: `Every ${thousands(spec.interval)} ${unit} is too far apart: at most every ${thousands(MAX_INTERVAL[spec.freq])} ${unit} (ten years).` };
  }
  if (spec.until !== undefined && spec.until < firstDate) return { ok: false, error: `The repeat ends before it starts: choose an end on or after ${firstDate}.` };
  const first = firstRuleDay(spec, dayNumber(firstDate));
  if (first === null) {
    const why = spec.until !== undefined ? ' before its end date' : '';
    return { ok: false, error: `This repeat never falls on a day${why} in the next 50 years (like the 30th of February): choose other days.` };
  }
  return { ok: true, repeat: { kind: 'rule', rule: formatRule(spec) }, firstDate: dayKeyOf(first) };
}
