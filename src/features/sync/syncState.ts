import { createAction, type UnknownAction } from '@reduxjs/toolkit';
import { isCatalogEvent } from '../catalog/catalogCode';
import type { CatalogState } from '../catalog/types';
import { isSeriesEvent } from '../series/seriesCode';
import type { SeriesState } from '../series/seriesSlice';
import { isTaskEvent } from '../tasks/events';
import type { TaskDays, TasksState, Task } from '../tasks/types';
import type { SyncEvent } from './syncEvents';
import type { UploadScheduler } from './uploadScheduler';

// The sync slice's state, actions and selectors: what the first load needs of sync. The reducers that move it
// (syncSlice.ts) come with the sync code, in the account's chunk (accountGateway.ts): until a session starts the
// state is `initialSyncState`, so a visitor who never signs in never loads them (docs/performance.md).

export const isSyncEvent = (action: UnknownAction): action is SyncEvent => isTaskEvent(action) || isSeriesEvent(action) || isCatalogEvent(action);

export interface OutboxEntry {
  /** The client id and counter the event is sent under: the server stores each pair once. */
  clientId: string;
  clientSeq: number;
  event: SyncEvent;
  /**
   * Set on another open tab's event, received from it (app/tabSync.ts): when it came (ms). Shown here at once;
   * that tab sends it, this one only if the log still lacks it TAB_GRACE_MS later (that tab closed or stalled;
   * the server stores each (client id, counter) once). Never stored with this tab's own outbox.
   */
  foreign?: number;
  /**
   * The server answered its append: the event is in the log, so it is no longer unsent (sign-out neither asks about
   * it nor keeps it). It stays here, shown on top of the confirmed list, until the log brings it back.
   */
  stored?: true;
}

export interface LogEvent {
  seq: number;
  client_id: string;
  client_seq: number;
  event: unknown;
}

export interface SyncState {
  /** Whose log this is; null while not syncing (visitor, free user, signed out). */
  userId: string | null;
  /** This page load's id, under which its own events are sent. */
  clientId: string;
  nextClientSeq: number;
  /** Position in the log that `confirmed` reflects; null until the cloud copy is loaded. */
  lastSeq: number | null;
  /** The log's list, day by day (as TasksState['days']). */
  confirmed: TaskDays | null;
  /** The log's series and their exceptions (set with `confirmed`). */
  confirmedSeries: SeriesState | null;
  /** The log's labels and lists (set with `confirmed`). */
  confirmedCatalog: CatalogState | null;
  outbox: OutboxEntry[];
  /** Uploads refused because the subscription lapsed: the outbox waits for it to return. */
  lapsed: boolean;
}

export const initialSyncState: SyncState = { userId: null, clientId: '', nextClientSeq: 1, lastSeq: null, confirmed: null, confirmedSeries: null, confirmedCatalog: null, outbox: [], lapsed: false };

export const syncStarted = createAction<{
  userId: string;
  clientId: string;
  /** Events made before sync could start, and outboxes of this user's closed tabs, to send now. */
  pending: OutboxEntry[];
  early: SyncEvent[];
  /** The confirmed state kept on this device from an earlier visit, if any. */
  base: { lastSeq: number; tasks: Task[]; series?: SeriesState; catalog?: CatalogState } | null;
}>('sync/started');

/** The cloud copy (snapshot) to start from; `seed`: tasks and series only this device had, to add to the log. */
export const syncBaseLoaded = createAction<{ lastSeq: number; tasks: Task[]; series?: SeriesState; catalog?: CatalogState; seed: SyncEvent[] }>('sync/baseLoaded');

/** Log entries read or pushed from the cloud, in any order, possibly repeated. */
export const logEventsReceived = createAction<{ events: LogEvent[] }>('sync/logEventsReceived');

/** Events the server refused for good (malformed): dropped, so the outbox moves on. */
export const outboxEntriesDropped = createAction<{ entries: Array<{ clientId: string; clientSeq: number }> }>('sync/outboxEntriesDropped');

/** Events the server acknowledged storing (see OutboxEntry.stored). */
export const outboxEntriesStored = createAction<{ entries: Array<{ clientId: string; clientSeq: number }> }>('sync/outboxEntriesStored');

/** Unsent events of a page that closed or crashed while this one was open: sent from here now. */
export const outboxAdopted = createAction<{ entries: OutboxEntry[] }>('sync/outboxAdopted');

/** How long another tab's event waits for that tab to send it before this one does (see OutboxEntry.foreign). */
export const TAB_GRACE_MS = 2000;

/** Events another open tab of this user just made (see OutboxEntry.foreign). */
export const tabEntriesReceived = createAction<{ entries: OutboxEntry[]; receivedAt: number }>('sync/tabEntriesReceived');

export const syncLapsed = createAction<boolean>('sync/lapsed');
/** The session ended; `series` and `catalog`: the device's own, shown again in place of the account's. */
export const syncStopped = createAction<{ series?: SeriesState; catalog?: CatalogState } | undefined>('sync/stopped');

export interface WithTasksAndSync {
  tasks: TasksState;
  sync: SyncState;
  /** Absent in a store without series (a few sync tests build one). */
  series?: SeriesState;
  /** Absent in a store without the catalog (a few sync tests build one). */
  catalog?: CatalogState;
}

type Reducer<S> = (state: S | undefined, action: UnknownAction) => S;
type SyncWrapper = <S extends WithTasksAndSync>(reducer: Reducer<S>) => Reducer<S>;

let syncCode: SyncWrapper | null = null;
let makeUploads: (() => UploadScheduler) | null = null;

/**
 * syncSlice.ts hands over its `withSync` (every store shares it: it is pure) and the maker of a store's upload
 * batching as it is evaluated.
 */
export function syncCodeArrived(wrapper: SyncWrapper, uploads: () => UploadScheduler): void {
  syncCode = wrapper;
  makeUploads = uploads;
}

/** A store's upload batching (store.ts makes it on first use): only the sync code uploads, so it is here by then. */
export function syncUploads(): UploadScheduler {
  if (!makeUploads) throw new Error('Uploads were asked for before the sync code loaded');
  return makeUploads();
}

/**
 * The root reducer as `withSync` wraps it once the sync code has arrived; before, the reducer alone. That is what
 * `withSync` does without a session: no user, so no outbox; and a sync action comes only from code that imports
 * syncSlice.ts (the account's listeners), or, for another tab's entries (tabSync.ts), only once this tab's session
 * has a user, which only syncSlice.ts's reducer sets.
 */
export function withSyncWhenLoaded<S extends WithTasksAndSync>(reducer: Reducer<S>): Reducer<S> {
  let wrapped: Reducer<S> | null = null;
  return (state, action) => {
    if (!syncCode) return reducer(state, action);
    wrapped ??= syncCode(reducer);
    return wrapped(state, action);
  };
}

/** The slice's own reducer only holds the state; withSync (around the root reducer) changes it. */
export const syncReducer = (state: SyncState = initialSyncState): SyncState => state;

export const selectSyncState = (state: { sync: SyncState }) => state.sync;
export const selectOutbox = (state: { sync: SyncState }) => state.sync.outbox;

/** Changes shown here that the account's log does not hold yet (this tab's and other open tabs'). */
export const selectUnsentCount = (state: { sync: SyncState }) => state.sync.outbox.reduce((count, entry) => (entry.stored ? count : count + 1), 0);
