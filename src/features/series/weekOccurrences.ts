import { createSelector } from '@reduxjs/toolkit';
import { loadedSeries } from './seriesHost';
import type { SeriesState } from './seriesSlice';
import type { Occurrence, Series } from './types';

/** An occurrence as a card shows it: with its series' repeat in words ('Every Monday'). */
export interface ShownOccurrence extends Occurrence {
  repeatText: string;
}

export const NO_OCCURRENCES: readonly ShownOccurrence[] = Object.freeze([]);
const NOTHING: ReadonlyMap<string, readonly ShownOccurrence[]> = new Map();

// Words for a repeat, once per series object (state objects are immutable).
const words = new WeakMap<Series, string>();
function repeatTextOf(series: Series): string {
  let text = words.get(series);
  if (text === undefined) {
    text = loadedSeries()?.describeRepeat(series.repeat, series.firstDate) ?? '';
    words.set(series, text);
  }
  return text;
}

/** The week's occurrences by day (and Some Day's), computed for the seven days on screen only. */
export function occurrencesByDay(series: SeriesState, days: readonly string[]): ReadonlyMap<string, readonly ShownOccurrence[]> {
  const runtime = loadedSeries();
  if (series.series.ids.length === 0 || !runtime || days.length === 0) return NOTHING;
  const index = runtime.exceptionsBySeries(series);
  const shown = [...runtime.occurrencesBetween(series, days[0]!, days.at(-1)!, index), ...runtime.somedayOccurrences(series, index)];
  const byDay = new Map<string, ShownOccurrence[]>();
  for (const occurrence of shown) {
    const list = byDay.get(occurrence.date) ?? [];
    list.push({ ...occurrence, repeatText: repeatTextOf(series.series.entities[occurrence.seriesId]!) });
    byDay.set(occurrence.date, list);
  }
  return byDay;
}

/** Memoised per week: recomputed when the series or the week on screen change, not on task edits. */
export const makeSelectWeekOccurrences = <S>(selectDays: (state: S) => readonly string[]) =>
  createSelector([(state: S & { series: SeriesState }) => state.series, selectDays], occurrencesByDay);

export const dayOf = (byDay: ReadonlyMap<string, readonly ShownOccurrence[]>, date: string): readonly ShownOccurrence[] =>
  byDay.get(date) ?? NO_OCCURRENCES;
