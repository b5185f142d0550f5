import type { UnknownAction } from '@reduxjs/toolkit';
import type { AppListenerApi, AppStartListening } from '../../app/listenerMiddleware';
import type { RootState } from '../../app/store';
import type { Backend, LogRow } from '../../lib/supabase';
import { notify } from '../../lib/notify';
import { hasStoredSession } from '../../lib/storedSession';
import { selectUserId } from '../auth/authSlice';
import { selectIsSubscribed, subscriptionCheckRequested } from '../subscription/subscriptionSlice';
import { parseStoredTasks } from '../tasks/storage';
import { isTaskEvent, taskRestored, type TaskEvent } from '../tasks/events';
import { selectAllTasks } from '../tasks/taskSelectors';
import type { Task } from '../tasks/types';
import {
  logEventsReceived,
  outboxAdopted,
  outboxEntriesDropped,
  selectConfirmedTasks,
  syncBaseLoaded,
  syncLapsed,
  syncStarted,
  syncStopped,
  type OutboxEntry,
} from './syncSlice';
import { adoptOutboxes, newClientId, OutboxStore, readBase, writeBase } from './syncStorage';

/*
 * Cloud sync for a signed-in subscriber (docs/sync.md): the device sends its own events, the
 * server orders them in one log per user, and the device replays that log with its unsent events
 * on top (syncSlice). Here: starting from the snapshot or the base kept on the device, catching up
 * from the last position, live rows over realtime, debounced uploads of the outbox, the snapshot
 * written back a few seconds after the log moves, and everything the device must keep on disk.
 */

/**
 * Written by the whole-list sync this replaced when a change was not uploaded yet (the user's id):
 * on upgrade, such a device's own tasks are added to the log rather than replaced by the cloud copy.
 */
export const PENDING_UPLOAD_KEY = 'weekly-planner-sync-pending';

/** The user whose tasks sync right now, or null (visitor, free user, storage not loaded yet). */
export function selectSyncUserId(state: RootState): string | null {
  return state.tasks._persist?.rehydrated && selectIsSubscribed(state) ? selectUserId(state) : null;
}

/** Cloud data is checked like local storage: corrupt rows or entries are dropped, never trusted. */
export function parseCloudTasks(value: unknown): { tasks: Task[]; changed: boolean } {
  if (value === null || value === undefined) return { tasks: [], changed: false };
  const { tasks, changed } = parseStoredTasks(typeof value === 'string' ? value : JSON.stringify(value));
  return { tasks, changed };
}

const RETRY_MAX_MS = 30_000;
const PAGE = 1000;
const APPLY_AT_ONCE = 10_000;
const BATCH = 500;
/** Snapshot written this long after the log last moved (and at most this long after it first did). */
const SNAPSHOT_DELAY_MS = 2000;
const SNAPSHOT_MAX_WAIT_MS = 10_000;
/** An acknowledged append not seen over realtime within this long is read back. */
const ACK_READBACK_MS = 400;
const ADOPT_EVERY_MS = 5000;

/** True while edits may still turn out to be a subscriber's: the session or the subscription check is pending. */
function syncUndecided(state: RootState): boolean {
  if (!state.tasks._persist?.rehydrated) return false;
  const { status, user } = state.auth;
  return status === 'connecting' || (user !== null && state.subscription.userId !== user.id);
}

/** What only this device has, to add to a log: tasks missing from the cloud copy (and, after an unsent change, ones that differ). */
export function seedEvents(local: Task[], cloud: Task[], cloudIsEmpty: boolean, pendingHere: boolean): TaskEvent[] {
  if (!cloudIsEmpty && !pendingHere) return [];
  const inCloud = new Map(cloud.map((task) => [task.id, task]));
  return local
    .filter((task) => {
      const there = inCloud.get(task.id);
      return !there || (pendingHere && JSON.stringify(there) !== JSON.stringify(task));
    })
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.order - b.order))
    .map((task) => taskRestored({ task }));
}

/** `early`: task events made before these listeners were registered, while the session was loading. */
export function addSyncListeners(startAppListening: AppStartListening, early: UnknownAction[] = []) {
  const clientId = newClientId();
  let outboxStore: OutboxStore | null = null;
  let live: LiveSession | null = null;

  const stopLog = startAppListening({
    predicate: (_action, current, previous) => current.sync.lastSeq !== previous.sync.lastSeq,
    effect: () => live?.logMoved(),
  });

  // Edits made while it is not yet known whether they sync are kept, to be sent if they do.
  const stopEarly = startAppListening({
    predicate: (action, state) => isTaskEvent(action) && !state.sync.userId && syncUndecided(state),
    effect: (action) => void early.push(action),
  });
  const stopForgetting = startAppListening({
    predicate: (_action, state) => early.length > 0 && selectSyncUserId(state) === null && !syncUndecided(state),
    effect: () => void (early.length = 0),
  });

  // Every change of the outbox is kept on disk (off the click: the next task), for reloads, crashes and other tabs.
  const stopOutbox = startAppListening({
    predicate: (_action, current, previous) => current.sync.outbox !== previous.sync.outbox && current.sync.userId !== null,
    effect: (_action, api) => {
      const { userId, outbox, nextClientSeq } = api.getState().sync;
      outboxStore?.save(userId!, outbox, nextClientSeq);
      if (!api.getState().sync.lapsed) api.extra.uploads.changed();
    },
  });

  // A returning subscriber whose session cannot be confirmed yet (offline start, slow network): the device's
  // last confirmed state and unsent events are loaded at once, so edits made meanwhile queue as events.
  let heldTried = false;
  const stopHeld = startAppListening({
    predicate: (_action, state) => !heldTried && !!state.tasks._persist?.rehydrated && !state.sync.userId,
    effect: (_action, api) => {
      heldTried = true;
      const storage = api.extra.storage();
      if (!hasStoredSession(storage)) return;
      const base = readBase(storage, null);
      if (!base) return;
      outboxStore ??= new OutboxStore(api.extra.storage, clientId);
      api.dispatch(syncStarted({ userId: base.userId, clientId, pending: adoptOutboxes(storage, base.userId, clientId), early: early.splice(0).filter(isTaskEvent), base }));
    },
  });

  const stopSession = startAppListening({
    predicate: (_action, current, previous) => selectSyncUserId(current) !== selectSyncUserId(previous),
    effect: async (_action, api) => {
      api.cancelActiveListeners();
      const state = api.getState();
      const userId = selectSyncUserId(state);
      if (!userId) {
        // Still signed in as that user, only not subscribed now: edits keep queuing for when it is back.
        if (state.sync.userId && selectUserId(state) === state.sync.userId) api.dispatch(syncLapsed(true));
        else if (state.sync.userId && state.auth.status !== 'connecting') api.dispatch(syncStopped());
        return;
      }
      const storage = api.extra.storage;
      outboxStore ??= new OutboxStore(storage, clientId);
      const pending: OutboxEntry[] = adoptOutboxes(storage(), userId, clientId);
      const base = readBase(storage(), userId);
      api.dispatch(syncStarted({ userId, clientId, pending, early: early.splice(0).filter(isTaskEvent), base }));
      // The adopted entries now live under this client's key; the keys they came from can go.
      outboxStore.save(userId, api.getState().sync.outbox, api.getState().sync.nextClientSeq);
      outboxStore.dropAdopted(userId);

      const client = await api.pause(retrying(api, () => api.extra.backend(), 'load the client'));
      if (!base) await loadBase(api, client, userId);
      const session = new LiveSession(api, client, userId);
      session.onAdopted = () => outboxStore?.dropAdopted(userId);
      live = session;
      try {
        await session.run();
      } finally {
        if (live === session) live = null;
      }
    },
  });

  return () => {
    stopEarly();
    stopForgetting();
    stopOutbox();
    stopSession();
    stopHeld();
    stopLog();
    outboxStore?.stop();
  };
}

/** Runs `attempt` until it succeeds (backing off), unless the listener is cancelled. */
async function retrying<T>(api: AppListenerApi, attempt: () => Promise<T>, what: string): Promise<T> {
  for (let n = 0; ; n += 1) {
    try {
      return await api.pause(attempt());
    } catch (error) {
      if (api.signal.aborted) throw error;
      console.warn(`Cloud sync: could not ${what}`, error);
      await api.delay(Math.min(RETRY_MAX_MS, 1000 * 2 ** n));
    }
  }
}

const unwrap = <T>({ data, error }: { data: T | null; error: { message: string } | null }): T | null => {
  if (error) throw new Error(error.message);
  return data;
};

/** The snapshot to start from, plus the tasks only this device has when the cloud has none (or it had unsent changes). */
async function loadBase(api: AppListenerApi, client: Backend, userId: string): Promise<void> {
  const snapshot = await retrying(api, async () => unwrap(await client.sync.readSnapshot(userId)), 'read the snapshot');
  const first = await retrying(api, async () => unwrap(await client.sync.readEvents(snapshot?.seq ?? 0, 1)) ?? [], 'read the log');
  const { tasks } = parseCloudTasks(snapshot?.tasks);
  const seq = Number(snapshot?.seq ?? 0);
  const storage = api.extra.storage();
  let pendingHere = false;
  try {
    pendingHere = storage?.getItem(PENDING_UPLOAD_KEY) === userId;
    if (pendingHere) storage?.removeItem(PENDING_UPLOAD_KEY);
  } catch {
    // unreadable storage: nothing was pending
  }
  const state = api.getState();
  // The shown list without this device's queued edits (those are replayed on top anyway).
  const local = selectAllTasks(state);
  const seed = seedEvents(local, tasks, tasks.length === 0 && first.length === 0, pendingHere);
  api.dispatch(syncBaseLoaded({ lastSeq: seq, tasks, seed }));
}

/** One signed-in, subscribed stretch: catch-up, realtime, uploads and snapshots until it ends. */
class LiveSession {
  private catchingUp: Promise<void> | null = null;
  private again = false;
  private failures = 0;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private snapshotTimer: ReturnType<typeof setTimeout> | null = null;
  private snapshotDue: number | null = null;
  private snapshotSeq: number;
  private singly = false;
  private warnedLapsed = false;

  constructor(
    private readonly api: AppListenerApi,
    private readonly client: Backend,
    private readonly userId: string,
  ) {
    this.snapshotSeq = api.getState().sync.lastSeq ?? 0;
  }

  private get state() {
    return this.api.getState().sync;
  }

  async run(): Promise<void> {
    const { api } = this;
    const send = () => this.send();
    api.extra.uploads.attach(send);
    const unsubscribe = this.client.sync.subscribe(
      this.userId,
      (row) => this.onRow(row),
      (status) => {
        if (status === 'SUBSCRIBED') this.catchUp();
      },
    );
    const onWake = () => {
      if (typeof document === 'undefined' || document.visibilityState === 'visible') this.catchUp();
    };
    const flushNow = () => {
      void api.extra.uploads.flush();
      writeBase(api.extra.storage(), this.userId, this.api.getState().sync);
    };
    const flushWhenHidden = () => {
      if (document.visibilityState === 'hidden') flushNow();
    };
    const inBrowser = typeof window !== 'undefined';
    if (inBrowser) {
      window.addEventListener('online', onWake);
      window.addEventListener('pagehide', flushNow);
      document.addEventListener('visibilitychange', onWake);
      document.addEventListener('visibilitychange', flushWhenHidden);
    }
    this.catchUp();
    if (this.state.outbox.length > 0) api.extra.uploads.changed();
    // Pages of this user that close or crash meanwhile leave their unsent events to this one.
    const adopter = setInterval(() => this.adoptOrphans(), ADOPT_EVERY_MS);
    try {
      await api.condition((_action, state) => selectSyncUserId(state) !== this.userId);
    } finally {
      api.extra.uploads.detach(send);
      clearInterval(adopter);
      unsubscribe();
      if (this.retryTimer) clearTimeout(this.retryTimer);
      if (this.snapshotTimer) clearTimeout(this.snapshotTimer);
      writeBase(api.extra.storage(), this.userId, this.api.getState().sync);
      if (inBrowser) {
        window.removeEventListener('online', onWake);
        window.removeEventListener('pagehide', flushNow);
        document.removeEventListener('visibilitychange', onWake);
        document.removeEventListener('visibilitychange', flushWhenHidden);
      }
    }
  }

  private adoptOrphans() {
    const storage = this.api.extra.storage();
    const orphans = adoptOutboxes(storage, this.userId, '').filter((entry) => entry.clientId !== this.state.clientId);
    const known = new Set(this.state.outbox.map((entry) => `${entry.clientId}#${entry.clientSeq}`));
    const fresh = orphans.filter((entry) => !known.has(`${entry.clientId}#${entry.clientSeq}`));
    if (fresh.length > 0) this.api.dispatch(outboxAdopted({ entries: fresh }));
    this.onAdopted?.();
  }

  /** Set by the owner: forgets the adopted pages' keys once this page's copy holds their events. */
  onAdopted?: () => void;

  private onRow(row: LogRow) {
    const before = this.state.lastSeq ?? 0;
    if (row.seq <= before) return;
    this.api.dispatch(logEventsReceived({ events: [row] }));
    // Not applied: something before it is missing (or it arrived before the base): read the log.
    if ((this.state.lastSeq ?? 0) < row.seq) this.catchUp();
  }

  /** Reads the log from the last position until current; one reader at a time, re-run if asked meanwhile. */
  catchUp(): void {
    if (this.catchingUp) {
      this.again = true;
      return;
    }
    this.catchingUp = (async () => {
      do {
        this.again = false;
        let after = this.state.lastSeq ?? 0;
        let page = this.client.sync.readEvents(after, PAGE);
        const unapplied: LogRow[] = [];
        for (;;) {
          const { data, error } = await page;
          if (error || !data) {
            if (error) console.warn('Cloud sync: could not read the log', error.message);
            if (unapplied.length > 0) this.api.dispatch(logEventsReceived({ events: unapplied.splice(0) }));
            break;
          }
          if (data.length > 0 && data[0]!.seq > after + 1) {
            // Older events were compacted away: start again from the snapshot.
            const snapshot = await this.client.sync.readSnapshot(this.userId);
            if (snapshot.data && Number(snapshot.data.seq) >= data[0]!.seq - 1) {
              this.api.dispatch(syncBaseLoaded({ lastSeq: Number(snapshot.data.seq), tasks: parseCloudTasks(snapshot.data.tasks).tasks, seed: [] }));
              after = this.state.lastSeq ?? 0;
              page = this.client.sync.readEvents(after, PAGE);
              continue;
            }
            break;
          }
          const full = data.length === PAGE;
          // The next page is asked for at once, so the server reads it while this one is handled.
          if (full) {
            after = data[data.length - 1]!.seq;
            page = this.client.sync.readEvents(after, PAGE);
          }
          // Pages are applied together, up to APPLY_AT_ONCE events: each dispatch re-renders the cards it
          // changed, which for a device far behind cost more than reading the page.
          unapplied.push(...data);
          if (unapplied.length > 0 && (!full || unapplied.length >= APPLY_AT_ONCE)) {
            this.api.dispatch(logEventsReceived({ events: unapplied.splice(0) }));
          }
          if (!full) break;
        }
      } while (this.again);
    })().finally(() => (this.catchingUp = null));
  }

  /** Sends the outbox's first batch (one client id, ≤ 500 events). Called by the upload scheduler. */
  private async send(): Promise<void> {
    const { outbox, lastSeq, lapsed } = this.state;
    if (lastSeq === null || lapsed || outbox.length === 0) return;
    const first = outbox[0]!.clientId;
    const limit = this.singly ? 1 : BATCH;
    const batch: OutboxEntry[] = [];
    for (const entry of outbox) {
      if (entry.clientId !== first || batch.length >= limit) break;
      batch.push(entry);
    }
    const { data, error } = await this.client.sync.appendEvents(
      first,
      batch.map((entry) => ({ client_seq: entry.clientSeq, event: entry.event })),
    );
    if (error) return this.failed(error.status, error.message, batch);
    this.failures = 0;
    this.singly = false;
    const acked = Math.max(...(data ?? []).map((row) => row.seq));
    // Already in the confirmed state (kept on disk before the outbox was): drop them, do not wait for them.
    const confirmedSeq = this.state.lastSeq ?? 0;
    const known = (data ?? []).filter((row) => row.seq <= confirmedSeq).map((row) => ({ clientId: first, clientSeq: row.client_seq }));
    if (known.length > 0) this.api.dispatch(outboxEntriesDropped({ entries: known }));
    // Realtime usually brings them back at once; if not, read them.
    setTimeout(() => {
      if ((this.state.lastSeq ?? 0) < acked) this.catchUp();
    }, ACK_READBACK_MS);
    if (this.state.outbox.length > batch.length) this.api.extra.uploads.changed();
  }

  private failed(status: number, message: string, batch: OutboxEntry[]) {
    if (status === 401 || status === 403) {
      // The subscription lapsed (or the session ended): keep the outbox for when it is back.
      this.api.dispatch(syncLapsed(true));
      if (!this.warnedLapsed) {
        this.warnedLapsed = true;
        notify.error('Sync is paused: your Premium subscription is not active. Your changes are kept on this device.');
      }
      this.api.dispatch(subscriptionCheckRequested());
      return;
    }
    if (status === 400 || status === 413) {
      // Refused as malformed: find the offending event by sending one at a time, then drop it.
      if (batch.length > 1) this.singly = true;
      else {
        console.warn('Cloud sync: the server refused an event; it is dropped', message);
        this.api.dispatch(outboxEntriesDropped({ entries: batch.map(({ clientId, clientSeq }) => ({ clientId, clientSeq })) }));
      }
      this.api.extra.uploads.changed();
      return;
    }
    // Offline or the server is away: try again, backing off.
    this.failures += 1;
    const wait = Math.min(RETRY_MAX_MS, 500 * 2 ** this.failures);
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => this.api.extra.uploads.changed(), wait);
    throw new Error(message);
  }

  /** After the log moves: write the snapshot (and the base on disk) back a little later. */
  logMoved() {
    const now = Date.now();
    this.snapshotDue ??= now + SNAPSHOT_MAX_WAIT_MS;
    if (this.snapshotTimer) clearTimeout(this.snapshotTimer);
    this.snapshotTimer = setTimeout(() => void this.writeSnapshot(), Math.max(0, Math.min(SNAPSHOT_DELAY_MS, this.snapshotDue - now)));
  }

  private async writeSnapshot() {
    this.snapshotDue = null;
    const { lastSeq } = this.state;
    const tasks = selectConfirmedTasks(this.api.getState());
    if (lastSeq === null || !tasks || lastSeq <= this.snapshotSeq) return;
    writeBase(this.api.extra.storage(), this.userId, this.state);
    const { error } = await this.client.sync.writeSnapshot(this.userId, JSON.stringify(tasks), lastSeq);
    if (error) console.warn('Cloud sync: could not write the snapshot', error.message);
    else this.snapshotSeq = lastSeq;
  }
}
