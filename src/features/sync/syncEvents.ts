import { loadedCatalog } from '../catalog/catalogCode';
import type { CatalogEvent } from '../catalog/catalogSlice';
import { emptySeriesState, isSeriesEvent, loadedSeries } from '../series/seriesCode';
import type { SeriesEvent, SeriesState } from '../series/seriesSlice';
import { splitSeriesForLog } from '../series/logSplit';
import { splitForLog } from '../tasks/bulkEvents';
import { isTaskEvent, isWellFormedTaskEvent, type TaskEvent } from '../tasks/events';
import { isSyncEvent } from './syncState';

// What the log carries: task events and series events (docs/recurring.md). Series events are checked and
// reduced by the series code, which a sync session loads before it starts (syncListeners.ts), so every
// series event that reaches the outbox or the confirmed state finds it here.

// Label and list events (catalog/) are reduced on the catalog beside the tasks by the catalog code, which a sync
// session loads before it starts, as it does the series code.
export type SyncEvent = TaskEvent | SeriesEvent | CatalogEvent;

export { isSyncEvent };

/** Whether a value from the log, storage or another tab is an event this version understands. */
export function isWellFormedSyncEvent(value: unknown): value is SyncEvent {
  return isWellFormedTaskEvent(value) || (loadedCatalog()?.isWellFormedCatalogEvent(value) ?? false) || (loadedSeries()?.isWellFormedSeriesEvent(value) ?? false);
}

/** The task events among them. */
export const taskEventsOf = (events: Iterable<SyncEvent>): TaskEvent[] => [...events].filter(isTaskEvent);

/** As they go to the log: a bulk task event, or one carrying a long checklist, in pieces the server accepts. */
export const forLog = (event: SyncEvent): SyncEvent[] =>
  isTaskEvent(event) ? splitForLog(event) : isSeriesEvent(event) ? splitSeriesForLog(event as SeriesEvent) : [event];

/** `base` with the series events among `events` reduced on it, in order. */
export function replaySeries(base: SeriesState, events: Iterable<SyncEvent>): SeriesState {
  const runtime = loadedSeries();
  if (!runtime) return base;
  let state = base;
  for (const event of events) if (isSeriesEvent(event)) state = runtime.seriesReducer(state, event);
  return state;
}

export { emptySeriesState };
