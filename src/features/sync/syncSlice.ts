import type { UnknownAction } from '@reduxjs/toolkit';
import { replayCatalogEvents as replayCatalog } from '../catalog/catalogCode';
import { emptyCatalog } from '../catalog/types';
import { tasksRebased } from '../tasks/events';
import { allTasksOf, daysFrom } from '../tasks/taskList';
import { replayTaskEvents } from '../tasks/tasksReducer';
import type { TaskDays, Task } from '../tasks/types';
import { emptySeriesState, forLog, isSyncEvent, isWellFormedSyncEvent, replaySeries, taskEventsOf, type SyncEvent } from './syncEvents';
import {
  initialSyncState,
  logEventsReceived,
  outboxAdopted,
  outboxEntriesDropped,
  outboxEntriesStored,
  syncBaseLoaded,
  syncCodeArrived,
  syncLapsed,
  syncStarted,
  syncStopped,
  tabEntriesReceived,
  type LogEvent,
  type OutboxEntry,
  type SyncState,
  type WithTasksAndSync,
} from './syncState';
import { UploadScheduler } from './uploadScheduler';

export * from './syncState';

/*
 * Sync as a merge of events (docs/sync.md). The cloud keeps one ordered log per user; this device
 * keeps the state that log produces (`confirmed`, at position `lastSeq`) and its own events not yet
 * in the log (`outbox`). What the planner shows is always `confirmed` with the outbox re-applied on
 * top, so a device's own edits show at once and everyone else's slot in underneath them (rebase).
 * Everything here is a pure reducer over serializable actions: tests replay it, DevTools time-travel it.
 */

const isSyncAction = (action: UnknownAction) => action.type.startsWith('sync/');
/** An event's identity in the log: the server stores each (client id, counter) once. */
export const keyOf = (entry: Pick<OutboxEntry, 'clientId' | 'clientSeq'>) => `${entry.clientId}#${entry.clientSeq}`;
/**
 * An entry taken over from another page (closed, crashed, or this page before a sign-out): this page's to send.
 * Sent again even if that page had its answer (`stored`): the log may have passed it before this page's base (a base
 * written later than that outbox), and then no log entry would ever confirm it. The server keeps it once and answers
 * with its place.
 */
export const adoptedEntry = ({ clientId, clientSeq, event }: OutboxEntry): OutboxEntry => ({ clientId, clientSeq, event });

const replay = (base: TaskDays, events: Iterable<SyncEvent>): TaskDays => replayTaskEvents({ days: base, drag: null }, taskEventsOf(events)).days;

/** The shown list and series: confirmed with the outbox on top, keeping the tasks slice's other fields. */
function rebased<S extends WithTasksAndSync>(state: S, sync: SyncState): S {
  if (!sync.confirmed) return { ...state, sync };
  const events = sync.outbox.map((entry) => entry.event);
  const shown = replay(sync.confirmed, events);
  const tasks = { ...state.tasks, days: shown };
  const catalog = state.catalog === undefined ? {} : { catalog: replayCatalog(sync.confirmedCatalog ?? emptyCatalog, events) };
  if (state.series === undefined) return { ...state, sync, tasks, ...catalog };
  return { ...state, sync, tasks, ...catalog, series: replaySeries(sync.confirmedSeries ?? emptySeriesState, events) };
}

function appendToOutbox(sync: SyncState, events: SyncEvent[]): SyncState {
  if (events.length === 0) return sync;
  let next = sync.nextClientSeq;
  const added = events.flatMap(forLog).map((event) => ({ clientId: sync.clientId, clientSeq: next++, event }));
  return { ...sync, outbox: [...sync.outbox, ...added], nextClientSeq: next };
}

/**
 * Wraps the root reducer. A local task event is reduced as usual and, while syncing, also queued in
 * the outbox; sync actions move the confirmed state and rebase the shown list on it.
 */
export function withSync<S extends WithTasksAndSync>(reducer: (state: S | undefined, action: UnknownAction) => S) {
  return (state: S | undefined, action: UnknownAction): S => {
    const next = reducer(state, action);
    if (isSyncEvent(action)) {
      // Queued even when it changes nothing here: a drop's move is already shown by the drag's preview.
      if (!next.sync.userId) return next;
      return { ...next, sync: appendToOutbox(next.sync, [action]) };
    }
    if (!isSyncAction(action)) return next;
    const synced = reduceSync(next, action);
    if (synced.tasks === next.tasks) return synced;
    // The new list goes through the tasks reducer (and its redux-persist wrapper), so it is also what is stored.
    return reducer({ ...synced, tasks: next.tasks }, tasksRebased({ days: synced.tasks.days }));
  };
}

function reduceSync<S extends WithTasksAndSync>(state: S, action: UnknownAction): S {
  const sync = state.sync;
  if (syncStarted.match(action)) {
    const { userId, clientId, pending, early, base } = action.payload;
    // Counters keep increasing across sign-outs within one page load: the server keeps every pair it saw.
    const sameClient = clientId === sync.clientId;
    const nextClientSeq = sameClient ? sync.nextClientSeq : 1;
    // Started again for the same user (held offline start, a subscription that came back): what is queued stays.
    const queued = sameClient && sync.userId === userId ? sync.outbox : [];
    const seen = new Set(queued.map(keyOf));
    const adopted = pending.filter((entry) => isWellFormedSyncEvent(entry.event) && !seen.has(keyOf(entry))).map(adoptedEntry);
    let started: SyncState = { ...initialSyncState, userId, clientId, nextClientSeq, outbox: [...adopted, ...queued] };
    started = appendToOutbox(started, early.filter(isWellFormedSyncEvent));
    if (base) return rebased(state, { ...started, lastSeq: base.lastSeq, confirmed: daysFrom(base.tasks), confirmedSeries: base.series ?? emptySeriesState, confirmedCatalog: base.catalog ?? emptyCatalog });
    if (queued.length > 0 && sync.confirmed) return rebased(state, { ...started, lastSeq: sync.lastSeq, confirmed: sync.confirmed, confirmedSeries: sync.confirmedSeries, confirmedCatalog: sync.confirmedCatalog });
    return { ...state, sync: started };
  }
  if (!sync.userId) return state;
  if (syncBaseLoaded.match(action)) {
    const { lastSeq, tasks, series, catalog, seed } = action.payload;
    // Nothing is sent before the base is loaded, so this client's queued events may take new counters:
    // seeds go first (the edits made meanwhile may refer to those tasks), then the edits, in order.
    const others = sync.outbox.filter((entry) => entry.clientId !== sync.clientId);
    const own = sync.outbox.filter((entry) => entry.clientId === sync.clientId).map((entry) => entry.event);
    const next = appendToOutbox({ ...sync, outbox: others }, [...seed.filter(isWellFormedSyncEvent), ...own]);
    return rebased(state, { ...next, lastSeq, confirmed: daysFrom(tasks), confirmedSeries: series ?? emptySeriesState, confirmedCatalog: catalog ?? emptyCatalog });
  }
  if (logEventsReceived.match(action)) return received(state, action.payload.events);
  if (outboxEntriesDropped.match(action)) {
    const gone = new Set(action.payload.entries.map(keyOf));
    return rebased(state, { ...sync, outbox: sync.outbox.filter((entry) => !gone.has(keyOf(entry))) });
  }
  if (outboxEntriesStored.match(action)) {
    const stored = new Set(action.payload.entries.map(keyOf));
    if (!sync.outbox.some((entry) => stored.has(keyOf(entry)) && !entry.stored)) return state;
    // The shown list is unchanged: the same events stay on top of the same confirmed list.
    const outbox = sync.outbox.map((entry): OutboxEntry => (stored.has(keyOf(entry)) && !entry.stored ? { ...entry, stored: true } : entry));
    return { ...state, sync: { ...sync, outbox } };
  }
  if (outboxAdopted.match(action)) {
    const adopted = new Set(action.payload.entries.map(keyOf));
    // Received from that tab while it was open: this tab's to send now, where it stands.
    const outbox = sync.outbox.map((entry) => (entry.foreign !== undefined && adopted.has(keyOf(entry)) ? adoptedEntry(entry) : entry));
    const seen = new Set(sync.outbox.map(keyOf));
    const added = action.payload.entries.filter((entry) => isWellFormedSyncEvent(entry.event) && !seen.has(keyOf(entry))).map(adoptedEntry);
    if (added.length === 0) return outbox.some((entry, i) => entry !== sync.outbox[i]) ? { ...state, sync: { ...sync, outbox } } : state;
    return rebased(state, { ...sync, outbox: [...added, ...outbox] });
  }
  if (tabEntriesReceived.match(action)) {
    if (sync.lastSeq === null) return state; // the log brings them once it is loaded
    const seen = new Set(sync.outbox.map(keyOf));
    const { entries, receivedAt } = action.payload;
    const added = entries
      .filter((entry) => entry.clientId !== sync.clientId && isWellFormedSyncEvent(entry.event) && !seen.has(keyOf(entry)))
      .map(({ clientId, clientSeq, event }) => ({ clientId, clientSeq, event, foreign: receivedAt }));
    return added.length === 0 ? state : rebased(state, { ...sync, outbox: [...sync.outbox, ...added] });
  }
  if (syncLapsed.match(action)) return { ...state, sync: { ...sync, lapsed: action.payload } };
  if (syncStopped.match(action)) {
    // The account's series leave with it, as its list does, and the device's own come back (syncListeners.ts).
    const stopped = { ...initialSyncState, clientId: sync.clientId, nextClientSeq: sync.nextClientSeq };
    const catalog = state.catalog === undefined || (!sync.confirmedCatalog && !action.payload?.catalog) ? {} : { catalog: action.payload?.catalog ?? emptyCatalog };
    if (state.series === undefined || (!sync.confirmedSeries && !action.payload?.series)) return { ...state, sync: stopped, ...catalog };
    return { ...state, sync: stopped, ...catalog, series: action.payload?.series ?? emptySeriesState };
  }
  return state;
}

function received<S extends WithTasksAndSync>(state: S, events: LogEvent[]): S {
  const sync = state.sync;
  if (sync.lastSeq === null || !sync.confirmed) return state;
  const ordered = [...events].sort((a, b) => a.seq - b.seq);
  let lastSeq = sync.lastSeq;
  const applied: SyncEvent[] = [];
  const confirmedKeys = new Set<string>();
  for (const entry of ordered) {
    if (entry.seq <= lastSeq) continue; // already applied
    if (entry.seq > lastSeq + 1) break; // a gap: the listener reads the log from lastSeq
    // A malformed or unknown event still takes its place in the log; it changes nothing here.
    if (isWellFormedSyncEvent(entry.event)) applied.push(entry.event);
    confirmedKeys.add(`${entry.client_id}#${entry.client_seq}`);
    lastSeq = entry.seq;
  }
  if (lastSeq === sync.lastSeq) return state;
  const outbox = sync.outbox.filter((entry) => !confirmedKeys.has(keyOf(entry)));
  const confirmedSeries = replaySeries(sync.confirmedSeries ?? emptySeriesState, applied);
  const confirmedCatalog = replayCatalog(sync.confirmedCatalog ?? emptyCatalog, applied);
  return rebased(state, { ...sync, lastSeq, confirmed: replay(sync.confirmed, applied), confirmedSeries, confirmedCatalog, outbox });
}

/** Events the server has not acknowledged yet, in the order they go (this tab's and other open tabs'). */
export const unsentEntries = (outbox: readonly OutboxEntry[]) => outbox.filter((entry) => !entry.stored);

export const selectConfirmedTasks = (state: { sync: SyncState }): Task[] | null => {
  const confirmed = state.sync.confirmed;
  return confirmed ? allTasksOf(confirmed) : null;
};

// Evaluated with the sync code (the account's chunk): from now on every store's root reducer syncs (syncState.ts).
syncCodeArrived(withSync, () => new UploadScheduler(150, 1000));
