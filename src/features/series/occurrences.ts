import { occurrenceChecklist } from './occurrenceChecklist';
import { SOMEDAY } from '../tasks/types';
import { dayKeyOf, dayNumber, isDayKey } from './days';
import { ruleDays } from './expand';
import { parseRule, type RuleSpec } from './rule';
import type { SeriesState } from './seriesSlice';
import { occurrenceKey, type Occurrence, type OccurrenceException, type Series } from './types';

// The occurrences on screen, computed from the series and what was done to them: nothing is stored ahead.
// Each occurrence is shown once, where it stands now: a moved one on the day (or Some Day) it was moved to, in
// whichever week that is, and not on the day it came from. The work is bounded by the range asked for.

const specs = new WeakMap<Series, RuleSpec | null>();

/** A series' parsed rule, read once per series object (state objects are immutable). */
export function specOf(series: Series): RuleSpec | null {
  if (series.repeat.kind !== 'rule') return null;
  let spec = specs.get(series);
  if (spec === undefined) {
    const reading = parseRule(series.repeat.rule);
    spec = reading.ok ? reading.spec : null;
    specs.set(series, spec);
  }
  return spec;
}

export type ExceptionsBySeries = Map<string, Map<string, OccurrenceException>>;

export function exceptionsBySeries(state: SeriesState): ExceptionsBySeries {
  const index: ExceptionsBySeries = new Map();
  for (const id of state.exceptions.ids) {
    const exception = state.exceptions.entities[id]!;
    let own = index.get(exception.seriesId);
    if (!own) index.set(exception.seriesId, (own = new Map()));
    own.set(exception.originalDate, exception);
  }
  return index;
}

const lastOf = (series: Series) => (series.lastDate === undefined ? Infinity : dayNumber(series.lastDate));

/**
 * The days a 'repeat N days after completion' series has given up to `to`: its first date, then N days after
 * each completion (at least a day later) or after each skipped one. It walks only what people did, so it stops
 * at the first occurrence not yet done.
 */
export function chainDays(series: Series, own: Map<string, OccurrenceException> | undefined, to: number): number[] {
  if (series.repeat.kind !== 'afterCompletion') return [];
  const { days: gap } = series.repeat;
  const end = Math.min(to, lastOf(series));
  const days: number[] = [];
  for (let day = dayNumber(series.firstDate); day <= end; ) {
    days.push(day);
    const exception = own?.get(dayKeyOf(day));
    if (exception?.completed && exception.completedOn && isDayKey(exception.completedOn)) day = Math.max(dayNumber(exception.completedOn) + gap, day + 1);
    else if (exception?.skipped) day += gap;
    else break;
  }
  return days;
}

/** The original days of a series from `from` to `to` (day numbers), as its rule or its completions give them. */
export function seriesDays(series: Series, own: Map<string, OccurrenceException> | undefined, from: number, to: number): number[] {
  if (series.repeat.kind === 'afterCompletion') return chainDays(series, own, to).filter((day) => day >= from);
  const spec = specOf(series);
  return spec ? ruleDays(spec, dayNumber(series.firstDate), from, to, lastOf(series)) : [];
}

/**
 * Whether the occurrence of this original day exists: the rule gives it, or it was completed while the rule
 * did (a rule changed for 'All' keeps the completed history), within the series' first and last days.
 */
function exists(series: Series, own: Map<string, OccurrenceException> | undefined, original: string): boolean {
  const day = dayNumber(original);
  if (day < dayNumber(series.firstDate) || day > lastOf(series)) return false;
  if (own?.get(original)?.completed && series.repeat.kind === 'rule') return true;
  return seriesDays(series, own, day, day).length > 0;
}

function occurrenceOf(series: Series, original: string, exception: OccurrenceException | undefined): Occurrence {
  return {
    key: occurrenceKey(series.id, original),
    seriesId: series.id,
    originalDate: original,
    date: exception?.movedTo ?? original,
    title: exception?.title ?? series.template.title,
    notes: exception?.notes ?? series.template.notes,
    completed: exception?.completed === true,
    ...(series.template.checklist?.length ? { checklist: occurrenceChecklist(series, exception) } : {}),
    ...(series.template.labels ? { labels: series.template.labels } : {}),
  };
}

const byPlace = (a: Occurrence, b: Occurrence) =>
  a.date < b.date ? -1 : a.date > b.date ? 1 : a.originalDate < b.originalDate ? -1 : a.originalDate > b.originalDate ? 1 : a.seriesId < b.seriesId ? -1 : 1;

/** Every occurrence standing on a day from `from` to `to` (yyyy-MM-dd, inclusive), by day. */
export function occurrencesBetween(state: SeriesState, from: string, to: string, index = exceptionsBySeries(state)): Occurrence[] {
  const start = dayNumber(from);
  const end = dayNumber(to);
  const shown: Occurrence[] = [];
  for (const id of state.series.ids) {
    const series = state.series.entities[id]!;
    const own = index.get(id);
    const seen = new Set<string>();
    const show = (original: string) => {
      const exception = own?.get(original);
      if (seen.has(original) || exception?.skipped) return;
      const occurrence = occurrenceOf(series, original, exception);
      if (occurrence.date === SOMEDAY || occurrence.date < from || occurrence.date > to) return;
      seen.add(original);
      shown.push(occurrence);
    };
    for (const day of seriesDays(series, own, start, end)) show(dayKeyOf(day));
    // Completed history in the range, and occurrences moved here from other days (the day they came from may lie outside the range).
    for (const exception of own?.values() ?? []) {
      if (exception.movedTo === undefined && !exception.completed) continue; // shown above if its day is in range
      const at = exception.movedTo ?? exception.originalDate;
      if (at >= from && at <= to && !seen.has(exception.originalDate) && exists(series, own, exception.originalDate)) show(exception.originalDate);
    }
  }
  return shown.sort(byPlace);
}

/** Occurrences moved to Some Day (whichever week they came from). */
export function somedayOccurrences(state: SeriesState, index = exceptionsBySeries(state)): Occurrence[] {
  const shown: Occurrence[] = [];
  for (const exception of Object.values(state.exceptions.entities)) {
    const series = state.series.entities[exception.seriesId];
    if (!series || exception.movedTo !== SOMEDAY || exception.skipped) continue;
    if (exists(series, index.get(series.id), exception.originalDate)) shown.push(occurrenceOf(series, exception.originalDate, exception));
  }
  return shown.sort(byPlace);
}
