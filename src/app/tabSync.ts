import type { UnknownAction } from '@reduxjs/toolkit';
import { isCatalogEvent } from '../features/catalog/catalogCode';
import { catalogTabEventsReceived, loadCatalog } from '../features/catalog/catalogHost';
import { isTaskEvent, isWellFormedTaskEvent, tasksRebased } from '../features/tasks/events';
import { isSeriesEvent, loadSeries, seriesTabEventsReceived } from '../features/series/seriesHost';
import type { ListWriter } from '../features/tasks/persist';
import { TASKS_KEY, serializeDays, writeStored } from '../features/tasks/storage';
import { TABS_KEY, TabMerge, type TabEvent } from '../features/tasks/tabMerge';
import { replayTaskEvents } from '../features/tasks/tasksReducer';
import type { TaskDays } from '../features/tasks/types';
import { isSyncEvent, tabEntriesReceived, type OutboxEntry } from '../features/sync/syncState';
import type { AppStartListening } from './listenerMiddleware';
import type { RootState } from './store';

/*
 * Tabs of one browser as devices (docs/sync.md, "Tabs"): each task event made here goes to the other tabs
 * at once over a BroadcastChannel, and every write to storage merges with what the other tabs wrote
 * (features/tasks/tabMerge.ts), under a Web Lock so two tabs never read-modify-write at once. Events from
 * other tabs are shown as a rebased list (tasksRebased), never dispatched as task events: they are not this
 * tab's to undo.
 */

export type TabMessage =
  /** A visitor's or free user's events (features/tasks/tabMerge.ts). */
  | { kind: 'events'; from: string; events: TabEvent[] }
  /** A visitor's or free user's series events; each tab stores the series it shows (series/seriesListeners.ts). */
  | { kind: 'series'; from: string; events: unknown[] }
  /** A visitor's or free user's label and list events; each tab stores the catalog it shows (catalog/catalogListeners.ts). */
  | { kind: 'catalog'; from: string; events: unknown[] }
  /** A subscriber's new outbox entries, under the client id and counters that tab sends them with. */
  | { kind: 'entries'; from: string; userId: string; entries: OutboxEntry[] };

/** How tabs reach each other: a BroadcastChannel in the browser, a fake in tests. */
export interface TabLink {
  post(message: TabMessage): void;
  listen(receive: (message: TabMessage) => void): void;
  close(): void;
}

const CHANNEL = 'weekly-planner-tabs';
const LOCK = 'weekly-planner-tasks';

export function broadcastLink(): TabLink | null {
  if (typeof BroadcastChannel !== 'function') return null;
  const channel = new BroadcastChannel(CHANNEL);
  return {
    post: (message) => channel.postMessage(message),
    listen: (receive) => (channel.onmessage = (event: MessageEvent<TabMessage>) => receive(event.data)),
    close: () => channel.close(),
  };
}

function newTabId(): string {
  const bytes = new Uint8Array(8);
  globalThis.crypto.getRandomValues(bytes);
  return `t${Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}

interface StoreAccess {
  getState(): RootState;
  dispatch(action: UnknownAction): unknown;
}

/** `next` with each day that reads the same as in `current` replaced by current's object (no re-render); null when all are. */
function keepUnchanged(next: TaskDays, current: TaskDays): TaskDays | null {
  let same = Object.keys(next).length === Object.keys(current).length;
  const kept: TaskDays = {};
  for (const date in next) {
    const day = next[date]!;
    const was = current[date];
    const equal =
      !!was &&
      (was === day ||
        (was.ids.length === day.ids.length &&
          was.ids.every((id, i) => {
            const a = was.entities[id];
            const b = day.entities[id];
            return day.ids[i] === id && !!a && !!b && a.title === b.title && a.completed === b.completed && a.createdAt === b.createdAt && a.notes === b.notes;
          })));
    kept[date] = equal ? was : day;
    same &&= equal;
  }
  return same ? null : Object.freeze(kept);
}

export class TabSync implements ListWriter {
  readonly tab = newTabId();
  private readonly merge: TabMerge;
  private store: StoreAccess | null = null;
  private seriesQueue: Promise<void> = Promise.resolve();
  /** Another tab's write came during a drag: shown once the drag is over. */
  private stale = false;
  private readonly onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === TASKS_KEY || event.key === TABS_KEY) this.otherTabWrote();
  };

  constructor(storage: () => Storage | undefined) {
    this.merge = new TabMerge(this.tab, storage);
  }

  loaded(raw: string | null, days: TaskDays): TaskDays {
    return this.merge.loaded(raw, days);
  }

  write(backing: Storage, days: TaskDays, urgent: boolean): void | Promise<void> {
    if (this.syncing()) {
      // A subscriber's list is the cloud log's (sync/syncSlice.ts): written as shown, merged there.
      this.merge.reset();
      writeStored(backing, TASKS_KEY, serializeDays(days));
      return;
    }
    const locks = urgent ? undefined : globalThis.navigator?.locks;
    if (!locks) return this.show(this.merge.write());
    return locks.request(LOCK, () => this.show(this.merge.write())).catch((error: unknown) => {
      console.warn('Could not lock the task list; written without', error);
      this.show(this.merge.write());
    });
  }

  /** Starts exchanging events once the store exists. Returns the teardown. */
  start(store: StoreAccess, startAppListening: AppStartListening, link: TabLink | null): () => void {
    this.store = store;
    const stops = [
      startAppListening({
        predicate: (action) => isSyncEvent(action),
        effect: (action, api) => {
          const { sync } = api.getState();
          if (sync.userId === null && isCatalogEvent(action)) {
            link?.post({ kind: 'catalog', from: this.tab, events: [action] });
            return;
          }
          if (sync.userId === null && isSeriesEvent(action)) {
            link?.post({ kind: 'series', from: this.tab, events: [action] });
            return;
          }
          if (sync.userId === null && isTaskEvent(action)) {
            const events = this.merge.local(action);
            link?.post({ kind: 'events', from: this.tab, events });
            return;
          }
          // Only once the log is loaded: before, the events are renumbered when it loads (syncBaseLoaded).
          if (sync.userId === null || sync.lastSeq === null) return;
          const since = api.getOriginalState().sync.nextClientSeq;
          const entries = sync.outbox.filter((entry) => entry.clientId === sync.clientId && entry.clientSeq >= since);
          if (entries.length > 0) link?.post({ kind: 'entries', from: this.tab, userId: sync.userId, entries });
        },
      }),
      startAppListening({
        predicate: (_action, current) => this.stale && current.tasks.drag === null,
        effect: () => {
          this.stale = false;
          if (!this.syncing()) this.show(this.merge.current());
        },
      }),
      startAppListening({
        predicate: (_action, current, previous) => current.sync.userId !== previous.sync.userId,
        effect: () => this.merge.reset(),
      }),
    ];
    link?.listen((message) => this.receive(message));
    if (typeof window !== 'undefined') window.addEventListener('storage', this.onStorage);
    return () => {
      stops.forEach((stop) => stop());
      link?.close();
      if (typeof window !== 'undefined') window.removeEventListener('storage', this.onStorage);
    };
  }

  /** Storage changed under this tab (the `storage` event). */
  otherTabWrote(): void {
    if (this.syncing()) return;
    // Not under a drag's preview: the drop shows it (the drag's own move is an event on top of it).
    if (this.store?.getState().tasks.drag) this.stale = true;
    else this.show(this.merge.reread());
  }

  private receive(message: TabMessage): void {
    if (!message || message.from === this.tab) return;
    if (message.kind === 'entries') {
      const sync = this.store?.getState().sync;
      if (sync?.userId === message.userId && Array.isArray(message.entries)) {
        this.store!.dispatch(tabEntriesReceived({ entries: message.entries, receivedAt: Date.now() }));
      }
      return;
    }
    if (message.kind === 'catalog') {
      if (this.syncing() || !Array.isArray(message.events)) return;
      // In order, once the catalog code is here (this tab may not have needed it yet).
      const events = message.events;
      this.seriesQueue = this.seriesQueue.then(() => loadCatalog()).then(() => void this.store?.dispatch(catalogTabEventsReceived({ events })));
      return;
    }
    if (message.kind === 'series') {
      if (this.syncing() || !Array.isArray(message.events)) return;
      // In order, once the series code is here (this tab may not have needed it yet).
      const events = message.events;
      this.seriesQueue = this.seriesQueue.then(() => loadSeries()).then(() => void this.store?.dispatch(seriesTabEventsReceived({ events })));
      return;
    }
    if (message.kind !== 'events' || this.syncing() || !Array.isArray(message.events)) return;
    const fresh = this.merge.foreign(message.events.filter((sent) => isWellFormedTaskEvent(sent?.event)));
    const state = this.store?.getState();
    if (fresh.length === 0 || !state?.tasks._persist?.rehydrated) return; // applied with the stored list when it loads
    const { days } = replayTaskEvents({ days: state.tasks.days, drag: null }, fresh.map((sent) => sent.event));
    if (days !== state.tasks.days) this.store!.dispatch(tasksRebased({ days }));
  }

  private syncing(): boolean {
    return this.store?.getState().sync.userId != null;
  }

  private show(days: TaskDays | null): void {
    const state = this.store?.getState();
    if (!days || !state?.tasks._persist?.rehydrated) return;
    if (state.tasks.drag !== null) {
      this.stale = true;
      return;
    }
    const next = keepUnchanged(days, state.tasks.days);
    if (next) this.store!.dispatch(tasksRebased({ days: next }));
  }
}
