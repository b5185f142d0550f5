import { describeRepeat } from './describe';
import { exceptionsBySeries, occurrencesBetween, somedayOccurrences } from './occurrences';
import type { SeriesState } from './seriesSlice';
import type { Series } from './types';
import type { ShownOccurrence } from './weekOccurrences';

// Part of the series code (runtime.ts): a week has occurrences to show only once it is here.

// Words for a repeat, once per series object (state objects are immutable).
const words = new WeakMap<Series, string>();
function repeatTextOf(series: Series): string {
  let text = words.get(series);
  if (text === undefined) {
    text = describeRepeat(series.repeat, series.firstDate);
    words.set(series, text);
  }
  return text;
}

/** The week's occurrences by day (and Some Day's), computed for the seven days on screen only. */
export function occurrencesByDay(series: SeriesState, days: readonly string[]): ReadonlyMap<string, readonly ShownOccurrence[]> {
  const byDay = new Map<string, ShownOccurrence[]>();
  if (series.series.ids.length === 0 || days.length === 0) return byDay;
  const index = exceptionsBySeries(series);
  const shown = [...occurrencesBetween(series, days[0]!, days.at(-1)!, index), ...somedayOccurrences(series, index)];
  for (const occurrence of shown) {
    const list = byDay.get(occurrence.date) ?? [];
    list.push({ ...occurrence, repeatText: repeatTextOf(series.series.entities[occurrence.seriesId]!) });
    byDay.set(occurrence.date, list);
  }
  return byDay;
}
