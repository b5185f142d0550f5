import type { UnknownAction } from '@reduxjs/toolkit';
import type * as Runtime from './runtime';
import type { SeriesState } from './seriesSlice';

// What sync needs of the series without the loader: the series code once it has arrived (seriesHost.ts loads it),
// the empty state, and which actions are series events. Kept apart from the loader so the first load's
// entry keeps Vite's preload helper: a module with the dynamic import pulled in by sync/syncEvents.ts moved that
// helper into a chunk of its own (one more request on every first load, tests/e2e/build.spec.ts).

export type SeriesRuntime = typeof Runtime;

let code: SeriesRuntime | null = null;

/** The series code if it has arrived (undo, sync and the planner read it synchronously once a series exists). */
export const loadedSeries = (): SeriesRuntime | null => code;

export const seriesCodeArrived = (module: SeriesRuntime) => (code = module);

export const emptySeriesState: SeriesState = { series: { ids: [], entities: {} }, exceptions: { ids: [], entities: {} } };

export const isSeriesEvent = (action: UnknownAction): boolean => action.type.startsWith('series/');
