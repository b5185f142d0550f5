import type { UnknownAction } from '@reduxjs/toolkit';
import { initialSeriesState, seriesCreated, seriesReducer, type SeriesState } from '../../src/features/series/seriesSlice';
import type { Occurrence, Repeat } from '../../src/features/series/types';

/** The state a list of events replays to. */
export const replay = (events: UnknownAction[], from: SeriesState = initialSeriesState): SeriesState => events.reduce(seriesReducer, from);

export const rule = (text: string): Repeat => ({ kind: 'rule', rule: text });

/** A seriesCreated with a fixed clock; its id is the series' own. */
export function created(title: string, firstDate: string, repeat: Repeat, notes = '') {
  return seriesCreated({ template: { title, notes }, firstDate, repeat }, 1_790_000_000_000);
}

/** What a day list shows: 'date title' (✓ when done). */
export const shown = (occurrences: Occurrence[]) => occurrences.map((o) => `${o.date} ${o.title}${o.completed ? ' ✓' : ''}`);
