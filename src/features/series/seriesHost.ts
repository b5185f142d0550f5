import { createAction, type UnknownAction } from '@reduxjs/toolkit';
import { emptySeriesState, isSeriesEvent, loadedSeries, seriesCodeArrived, type SeriesRuntime } from './seriesCode';
import type { SeriesState } from './seriesSlice';

// The store's `series` slot, small enough for the first load. The series code (rrule, ~17 KB gzip) arrives by a
// dynamic import when a series is stored or the planner needs it; until then no series event can exist (their
// creators come with it), so this reducer only holds what it is given.

export { emptySeriesState, isSeriesEvent, loadedSeries, type SeriesRuntime };

export const SERIES_KEY = 'weekly-planner-series';

/** The stored series, read once the series code is here; what this visit made meanwhile is kept over it. */
export const seriesHydrated = createAction<SeriesState>('seriesHost/hydrated');

/** Series events another tab of a visitor made (app/tabSync.ts): shown here, not this tab's to undo. */
export const seriesTabEventsReceived = createAction<{ events: unknown[] }>('seriesHost/tabEventsReceived');

let loading: Promise<SeriesRuntime> | null = null;

/** The series code, loaded once (every store shares it: its reducer is pure). */
export function loadSeries(): Promise<SeriesRuntime> {
  loading ??= import('./runtime').then(seriesCodeArrived);
  return loading;
}

function merged<T>(stored: { ids: readonly (string | number)[]; entities: Record<string, T> }, own: { ids: readonly (string | number)[]; entities: Record<string, T> }) {
  const ids = [...stored.ids.filter((id) => !(id in own.entities)), ...own.ids] as string[];
  return { ids, entities: { ...stored.entities, ...own.entities } };
}

export function seriesHostReducer(state: SeriesState = emptySeriesState, action: UnknownAction): SeriesState {
  if (seriesHydrated.match(action)) {
    const stored = action.payload;
    if (state.series.ids.length === 0 && state.exceptions.ids.length === 0) return stored;
    return { series: merged(stored.series, state.series), exceptions: merged(stored.exceptions, state.exceptions) } as SeriesState;
  }
  const runtime = loadedSeries();
  if (seriesTabEventsReceived.match(action) && runtime) {
    const { isWellFormedSeriesEvent, seriesReducer } = runtime;
    return action.payload.events.filter(isWellFormedSeriesEvent).reduce(seriesReducer, state);
  }
  return runtime && isSeriesEvent(action) ? runtime.seriesReducer(state, action) : state;
}

/** The series and their exceptions as lists: what is stored, and what a backup holds beside its tasks. */
export const storedSeriesOf = (state: SeriesState) => ({
  series: state.series.ids.map((id) => state.series.entities[id]!),
  exceptions: state.exceptions.ids.map((id) => state.exceptions.entities[id]!),
});

export const serializeSeries = (state: SeriesState): string => JSON.stringify({ version: 1, ...storedSeriesOf(state) });
