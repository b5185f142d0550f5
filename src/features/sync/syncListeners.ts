import type { UnknownAction } from '@reduxjs/toolkit';
import type { AppStartListening } from '../../app/listenerMiddleware';
import type { RootState } from '../../app/store';
import { hasStoredSession } from '../../lib/storedSession';
import { selectUserId } from '../auth/authSlice';
import { loadCatalog } from '../catalog/catalogHost';
import { emptyCatalog } from '../catalog/types';
import { loadSeries } from '../series/seriesHost';
import { tasksRebased } from '../tasks/events';
import { daysFrom } from '../tasks/taskList';
import { selectAllTasks } from '../tasks/taskSelectors';
import { retrying } from './retrying';
import { LiveSession, selectSyncUserId } from './session';
import { endAccountHere, holdVisitorList } from './signOutStorage';
import { loadBase } from './snapshot';
import { isSyncEvent } from './syncEvents';
import { syncLapsed, syncStarted, syncStopped, type OutboxEntry } from './syncSlice';
import { adoptOutboxes, newClientId, OutboxStore, readBase } from './syncStorage';

/*
 * Cloud sync for a signed-in subscriber (docs/sync.md): the device sends its own events, the
 * server orders them in one log per user, and the device replays that log with its unsent events
 * on top (syncSlice). Here the wiring: edits made before it is known whether they sync, the outbox
 * kept on disk, and a session (session.ts) started from the base kept on the device or the snapshot
 * (snapshot.ts) whenever the syncing user changes; the session reads the live log (liveLog.ts) and
 * uploads the outbox (outbox.ts).
 */

/** True while edits may still turn out to be a subscriber's: the session or the subscription check is pending. */
function syncUndecided(state: RootState): boolean {
  if (!state.tasks._persist?.rehydrated) return false;
  const { status, user } = state.auth;
  return status === 'connecting' || (user !== null && state.subscription.userId !== user.id);
}

/**
 * The series and catalog code, before a session starts: the log, the outbox and the base may hold series, label
 * and list events, which only that code can check and reduce (sync/syncEvents.ts). Without it (a failed chunk load) they are left out.
 */
const seriesCode = () => Promise.all([loadSeries(), loadCatalog()]).then(
  () => true,
  () => false,
);

/** `early`: task and series events made before these listeners were registered, while the session was loading. */
export function addSyncListeners(startAppListening: AppStartListening, early: UnknownAction[] = []) {
  const clientId = newClientId();
  let outboxStore: OutboxStore | null = null;
  let live: LiveSession | null = null;

  /** After a start: the adopted entries now live under this client's key; the keys they came from can go. */
  const keepAdopted = (userId: string, { outbox, nextClientSeq }: RootState['sync']) => {
    outboxStore?.save(userId, outbox, nextClientSeq);
    outboxStore?.dropAdopted(userId);
  };

  const stopLog = startAppListening({
    predicate: (_action, current, previous) => current.sync.lastSeq !== previous.sync.lastSeq,
    effect: () => live?.logMoved(),
  });

  // Edits made while it is not yet known whether they sync are kept, to be sent if they do; so are those made once
  // it is known they do, until the session starts (it waits for the series code): it starts from the device's base.
  const stopEarly = startAppListening({
    predicate: (action, state) => isSyncEvent(action) && !state.sync.userId && (syncUndecided(state) || selectSyncUserId(state) !== null),
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
    effect: async (_action, api) => {
      heldTried = true;
      if (!hasStoredSession(api.extra.storage())) return;
      await seriesCode();
      if (api.getState().sync.userId) return; // the session started meanwhile
      const storage = api.extra.storage();
      const base = readBase(storage, null);
      if (!base) return;
      outboxStore ??= new OutboxStore(api.extra.storage, clientId);
      holdVisitorList(storage, [], true);
      api.dispatch(syncStarted({ userId: base.userId, clientId, pending: adoptOutboxes(storage, base.userId, clientId), early: early.splice(0).filter(isSyncEvent), base }));
      keepAdopted(base.userId, api.getState().sync);
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
        else if (state.sync.userId && state.auth.status !== 'connecting') {
          // Signed out (here or in another tab): the account's list leaves the screen and storage, its unsent
          // events stay for its next sign-in (another open tab's are that tab's to keep), and the device's own list returns.
          const { userId: endedId, outbox, nextClientSeq } = state.sync;
          outboxStore?.save(endedId, [], nextClientSeq);
          outboxStore?.flush(Date.now());
          const own = outbox.filter((entry) => entry.foreign === undefined && !entry.stored);
          const visitor = endAccountHere(api.extra.storage(), endedId, own);
          // The account's labels and lists leave with its list; the device's own (or none) come back.
          api.dispatch(syncStopped({ ...(visitor.series ? { series: visitor.series } : {}), catalog: visitor.catalog ?? emptyCatalog }));
          api.dispatch(tasksRebased({ days: daysFrom(visitor.tasks) }));
        }
        return;
      }
      await api.pause(seriesCode());
      const storage = api.extra.storage;
      outboxStore ??= new OutboxStore(storage, clientId);
      const pending: OutboxEntry[] = adoptOutboxes(storage(), userId, clientId);
      const base = readBase(storage(), userId);
      holdVisitorList(storage(), selectAllTasks(api.getState()), base !== null, api.getState().series, api.getState().catalog);
      api.dispatch(syncStarted({ userId, clientId, pending, early: early.splice(0).filter(isSyncEvent), base }));
      keepAdopted(userId, api.getState().sync);

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
