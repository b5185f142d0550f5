import { dayKeyOf, dayNumber } from './days';
import { ruleDays } from './expand';
import { chainDays, specOf, type ExceptionsBySeries } from './occurrences';
import type { Series } from './types';

// What an occurrence's details say of its series (issue 42): the series' first and last day and which occurrence
// this is. Bounded like the rest: the validator refuses a rule without a day in the next 50 years.

export interface OccurrenceFacts {
  /** The series' first day (yyyy-MM-dd). */
  firstDate: string;
  /** Its last day, if it ends (a last date, UNTIL or COUNT); null while it repeats on. */
  lastDate: string | null;
  /** 1 for the first occurrence. */
  number: number;
}

const YEAR = 366;
const HORIZON = 50 * YEAR;

/** The last day the rule gives up to `end` (day numbers), looking back a year at a time, or null. */
function lastRuleDay(series: Series, end: number): number | null {
  const spec = specOf(series);
  const first = dayNumber(series.firstDate);
  if (!spec) return null;
  for (let to = end; to >= first; to -= YEAR) {
    const days = ruleDays(spec, first, Math.max(first, to - YEAR + 1), to);
    if (days.length > 0) return days.at(-1)!;
  }
  return null;
}

export function occurrenceFacts(series: Series, originalDate: string, index: ExceptionsBySeries): OccurrenceFacts {
  const first = dayNumber(series.firstDate);
  const day = dayNumber(originalDate);
  const own = index.get(series.id);
  const spec = specOf(series);
  let number: number;
  let last: number | null = null;
  if (series.repeat.kind === 'afterCompletion' || !spec) {
    const chain = chainDays(series, own, day);
    number = Math.max(1, chain.indexOf(day) + 1 || chain.length);
    if (series.lastDate !== undefined) last = dayNumber(series.lastDate);
  } else {
    number = ruleDays(spec, first, first, day).length;
    const bound = Math.min(series.lastDate === undefined ? Infinity : dayNumber(series.lastDate), spec.until === undefined ? Infinity : dayNumber(spec.until));
    if (spec.count !== undefined) {
      // The COUNT-th day (or the last before the series' own end): walked from the start, as COUNT needs.
      const days = ruleDays(spec, first, first, Math.min(bound, first + HORIZON));
      last = days.at(-1) ?? null;
    } else if (bound !== Infinity) last = lastRuleDay(series, bound);
  }
  return { firstDate: series.firstDate, lastDate: last === null ? null : dayKeyOf(last), number };
}
