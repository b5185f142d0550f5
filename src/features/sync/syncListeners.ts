import type { UnknownAction } from '@reduxjs/toolkit';
import type { AppStartListening } from '../../app/listenerMiddleware';
import type { RootState } from '../../app/store';
import type { Backend } from '../../lib/supabase';
import { selectUserId } from '../auth/authSlice';
import { selectIsSubscribed } from '../subscription/subscriptionSlice';
import { parseStoredTasks } from '../tasks/storage';
import { isTaskListChange, selectAllTasks, selectTaskCount, tasksReplaced } from '../tasks/tasksSlice';
import type { Task } from '../tasks/types';

/*
 * Cloud sync, only for a signed-in subscriber, once local storage has been loaded.
 *
 * Start: the user's `user_tasks` row is read. A non-empty cloud list replaces the local one
 * (as a tasksReplaced event; redux-persist then caches it locally); otherwise local tasks, if
 * any, are uploaded. Edits made while this was being decided are replayed on top of the cloud
 * list. After that every task event schedules a debounced upload of the whole list.
 *
 * The debounce must never lose a change. Closing the tab flushes on pagehide, and while the
 * page is hidden the request goes out with fetch `keepalive` (see lib/supabase.ts). But a
 * keepalive body is limited to 64 KB, and a request can fail or be cut off anyway. So every
 * change also writes a small persisted marker, PENDING_UPLOAD_KEY = the user's id, removed
 * only once an upload containing that change is confirmed. If the page is gone before that,
 * the next load finds the marker and uploads the local list instead of letting the (older)
 * cloud copy replace it. The marker holds the user id rather than '1' so that another account
 * signing in on this device never mistakes it for its own.
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

function readMarker(storage: Storage | undefined): string | null {
  try {
    return storage?.getItem(PENDING_UPLOAD_KEY) ?? null;
  } catch {
    return null;
  }
}

function writeMarker(storage: Storage | undefined, userId: string | null): void {
  try {
    if (userId === null) storage?.removeItem(PENDING_UPLOAD_KEY);
    else storage?.setItem(PENDING_UPLOAD_KEY, userId);
  } catch {
    // Storage write failures are ignored (spec §8); only the unload safety net is lost.
  }
}

const RETRY_MAX_MS = 30_000;

/**
 * True while edits may still turn out to be a subscriber's: the session is loading, or a signed-in
 * user's subscription has not been checked yet.
 */
function syncUndecided(state: RootState): boolean {
  if (!state.tasks._persist?.rehydrated) return false;
  const { status, user } = state.auth;
  return status === 'connecting' || (user !== null && state.subscription.userId !== user.id);
}

/** `early`: task events made before these listeners were registered, while the session was loading. */
export function addSyncListeners(startAppListening: AppStartListening, early: UnknownAction[] = []) {
  // Counts task events while syncing, so an upload knows whether it carried the latest change.
  let version = 0;
  // The user whose edits upload as they happen (set once the start-up read is done).
  let liveUserId: string | null = null;
  // `early` collects edits made before sync could start (subscription not yet known, cloud copy
  // being read). Task changes are serializable events, so when the cloud copy replaces the local
  // list they are replayed on top of it instead of being lost.

  const stopEdits = startAppListening({
    predicate: isTaskListChange,
    effect: (action, api) => {
      const state = api.getState();
      const userId = selectSyncUserId(state);
      if (userId && userId === liveUserId) {
        version += 1;
        writeMarker(api.extra.storage(), userId);
        api.extra.uploads.changed();
      } else if (userId) {
        writeMarker(api.extra.storage(), userId); // closing the tab now keeps the local list
        early.push(action);
      } else if (syncUndecided(state)) {
        early.push(action);
      }
      // Visitors and free users: nothing leaves the browser.
    },
  });

  // Known not to sync (signed out, free): earlier edits are just local ones.
  const stopForgetting = startAppListening({
    predicate: (_action, state) => early.length > 0 && selectSyncUserId(state) === null && !syncUndecided(state),
    effect: () => {
      early.length = 0;
    },
  });

  const stopSession = startAppListening({
    predicate: (_action, current, previous) => selectSyncUserId(current) !== selectSyncUserId(previous),
    effect: async (_action, api) => {
      api.cancelActiveListeners();
      const userId = selectSyncUserId(api.getState());
      if (!userId) return;
      const { storage, uploads } = api.extra;

      // Read the marker, then the cloud copy; retried until it can be read, because uploading
      // over a cloud copy we could not read might erase another device's work.
      let start: { client: Backend; cloud: { tasks: unknown } | null; pending: boolean } | null = null;
      for (let attempt = 0; !start; attempt += 1) {
        const pending = readMarker(storage()) === userId;
        try {
          const client = await api.pause(api.extra.backend());
          const query = client.from('user_tasks').select('tasks').eq('user_id', userId).maybeSingle();
          const { data, error } = await api.pause(Promise.resolve(query));
          if (error) throw error;
          start = { client, cloud: data, pending };
        } catch (error) {
          if (api.signal.aborted) throw error;
          console.warn('Cloud sync: could not read tasks', error);
          await api.delay(Math.min(RETRY_MAX_MS, 1000 * 2 ** attempt));
        }
      }
      const { client, cloud, pending } = start;

      const send = async () => {
        const sentVersion = version;
        const tasks = selectAllTasks(api.getState());
        const { error } = await client.from('user_tasks').upsert({ user_id: userId, tasks: JSON.stringify(tasks) }, { onConflict: 'user_id' });
        // Errors on upsert from edits are ignored (spec §7); the marker keeps the change for the next load.
        if (error) console.warn('Cloud sync: upload failed', error);
        else if (version === sentVersion) writeMarker(storage(), null);
      };
      uploads.attach(send);
      liveUserId = userId;

      const replay = early.splice(0);
      const { tasks: cloudTasks, changed } = parseCloudTasks(cloud?.tasks);
      if (!pending && cloudTasks.length > 0) {
        api.dispatch(tasksReplaced({ tasks: cloudTasks }));
        // Now live: each replayed edit schedules the upload like any other.
        for (const action of replay) api.dispatch(action);
        if (changed) uploads.changed(); // store the repaired list back
      } else if (pending || selectTaskCount(api.getState()) > 0) {
        uploads.changed();
        void uploads.flush();
      }

      const flushNow = () => void uploads.flush();
      const flushWhenHidden = () => {
        if (document.visibilityState === 'hidden') flushNow();
      };
      const inBrowser = typeof window !== 'undefined';
      if (inBrowser) {
        window.addEventListener('pagehide', flushNow);
        document.addEventListener('visibilitychange', flushWhenHidden);
      }
      try {
        await api.condition((_next, state) => selectSyncUserId(state) !== userId);
      } finally {
        uploads.detach(send);
        if (liveUserId === userId) liveUserId = null;
        if (inBrowser) {
          window.removeEventListener('pagehide', flushNow);
          document.removeEventListener('visibilitychange', flushWhenHidden);
        }
      }
    },
  });

  return () => {
    stopEdits();
    stopForgetting();
    stopSession();
  };
}
