import { createSelector } from '@reduxjs/toolkit';
import { loadedSeries } from './seriesHost';
import type { SeriesState } from './seriesSlice';
import type { Occurrence } from './types';

/** An occurrence as a card shows it: with its series' repeat in words ('Every Monday'). */
export interface ShownOccurrence extends Occurrence {
  repeatText: string;
}

export const NO_OCCURRENCES: readonly ShownOccurrence[] = Object.freeze([]);
const NOTHING: ReadonlyMap<string, readonly ShownOccurrence[]> = new Map();

/** The week's occurrences by day (and Some Day's): none until the series code is here (occurrencesByDay.ts). */
const byDayOf = (series: SeriesState, days: readonly string[]) =>
  series.series.ids.length === 0 ? NOTHING : (loadedSeries()?.occurrencesByDay(series, days) ?? NOTHING);

/** Memoised per week: recomputed when the series or the week on screen change, not on task edits. */
export const makeSelectWeekOccurrences = <S>(selectDays: (state: S) => readonly string[]) =>
  createSelector([(state: S & { series: SeriesState }) => state.series, selectDays], byDayOf);

export const dayOf = (byDay: ReadonlyMap<string, readonly ShownOccurrence[]>, date: string): readonly ShownOccurrence[] =>
  byDay.get(date) ?? NO_OCCURRENCES;
