import { readCatalog, storedCatalogOf } from '../catalog/storage';
import type { CatalogState } from '../catalog/types';
import { loadedSeries, storedSeriesOf } from '../series/seriesHost';
import type { SeriesState } from '../series/seriesSlice';
import { allTasksOf } from '../tasks/taskList';
import type { Task } from '../tasks/types';
import { parseStoredTasks } from '../tasks/storage';
import { isWellFormedSyncEvent } from './syncEvents';
import type { OutboxEntry, SyncState } from './syncSlice';

// What sync keeps on the device besides the task list itself:
// - each page load's unsent events under OUTBOX_PREFIX + its client id, with a heartbeat, so that a
//   reload, a closed tab or a crash loses nothing: the next tab (or load) of the same user adopts
//   outboxes whose page is gone and sends them under their original ids (the server stores each once);
// - the confirmed state and its log position (BASE_KEY), so a reload catches up from there.

export const OUTBOX_PREFIX = 'weekly-planner-sync-outbox:';
export const BASE_KEY = 'weekly-planner-sync-base';
/** An outbox whose page has not beaten for this long belongs to a closed or crashed page. */
export const OUTBOX_ORPHAN_MS = 10_000;
const HEARTBEAT_MS = 3000;

interface StoredOutbox {
  userId: string;
  clientId: string;
  nextClientSeq: number;
  entries: OutboxEntry[];
  /** Last heartbeat (ms); 0 once the page has gone (pagehide). */
  alive: number;
}

/** A fresh id per page load: two tabs, or a duplicated tab's copy of sessionStorage, never share one. */
export function newClientId(): string {
  const bytes = new Uint8Array(12);
  globalThis.crypto.getRandomValues(bytes);
  return `c${Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}

function read(storage: Storage | undefined, key: string): unknown {
  try {
    const raw = storage?.getItem(key);
    return raw ? JSON.parse(raw) : null;
  } catch {
    return null;
  }
}

function write(storage: Storage | undefined, key: string, value: unknown): void {
  try {
    storage?.setItem(key, JSON.stringify(value));
  } catch (error) {
    console.warn(`Could not save ${key}`, error);
  }
}

function remove(storage: Storage | undefined, key: string): void {
  try {
    storage?.removeItem(key);
  } catch {
    // nothing to do
  }
}

function isEntry(value: unknown): value is OutboxEntry {
  const entry = value as OutboxEntry;
  return (
    typeof entry === 'object' &&
    entry !== null &&
    typeof entry.clientId === 'string' &&
    Number.isSafeInteger(entry.clientSeq) &&
    entry.clientSeq > 0 &&
    isWellFormedSyncEvent(entry.event)
  );
}

function outboxKeys(storage: Storage | undefined): string[] {
  const keys: string[] = [];
  try {
    for (let i = 0; storage && i < storage.length; i++) {
      const key = storage.key(i);
      if (key?.startsWith(OUTBOX_PREFIX)) keys.push(key);
    }
  } catch {
    // unreadable storage: nothing to adopt
  }
  return keys;
}

/** The unsent events of this user's pages that are gone (and this page's own, after a sign-out and in). */
export function adoptOutboxes(storage: Storage | undefined, userId: string, clientId: string, now = Date.now()): OutboxEntry[] {
  const entries: OutboxEntry[] = [];
  for (const key of outboxKeys(storage)) {
    const stored = read(storage, key) as StoredOutbox | null;
    if (!stored || stored.userId !== userId || !Array.isArray(stored.entries)) continue;
    const own = stored.clientId === clientId;
    if (!own && now - Number(stored.alive) < OUTBOX_ORPHAN_MS) continue; // another open tab's
    entries.push(...stored.entries.filter(isEntry));
  }
  return entries;
}

export class OutboxStore {
  private pending: { userId: string; entries: OutboxEntry[]; nextClientSeq: number } | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private readonly heartbeat: ReturnType<typeof setInterval> | null = null;
  /**
   * Set by pagehide until a pageshow: a closing page still runs timers and answers for a moment after pagehide
   * (a heartbeat, a save after an upload's answer); written then with a live time, its outbox would wait
   * OUTBOX_ORPHAN_MS for the next load instead of being taken over at once.
   */
  private gone = false;
  private readonly release = () => {
    this.gone = true;
    this.flush(0);
  };
  private adopted: string[] = [];

  constructor(
    private readonly storage: () => Storage | undefined,
    private readonly clientId: string,
  ) {
    if (typeof window !== 'undefined') {
      window.addEventListener('pagehide', this.release);
      // A page that comes back from the back/forward cache is alive again.
      window.addEventListener('pageshow', this.shown);
      this.heartbeat = setInterval(this.beat, HEARTBEAT_MS);
    }
  }

  private get key() {
    return OUTBOX_PREFIX + this.clientId;
  }

  private readonly beat = () => {
    if (this.last && !this.gone) write(this.storage(), this.key, { ...this.last, alive: Date.now() });
  };

  private readonly shown = () => {
    this.gone = false;
    this.beat();
  };

  private last: StoredOutbox | null = null;

  /** Saves soon (after the current task, off the click), coalescing bursts. */
  save(userId: string, entries: OutboxEntry[], nextClientSeq: number): void {
    // Another open tab's events are that tab's to keep (its own copy is adopted if it closes).
    this.pending = { userId, entries: entries.filter((entry) => entry.foreign === undefined), nextClientSeq };
    this.timer ??= setTimeout(() => this.flush(Date.now()), 0);
  }

  /** Writes what is pending now; alive 0 marks the page gone so the next load adopts at once. */
  flush(now: number): void {
    const alive = this.gone ? 0 : now;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const storage = this.storage();
    if (this.pending) {
      const { userId, entries, nextClientSeq } = this.pending;
      this.pending = null;
      this.last = entries.length > 0 ? { userId, clientId: this.clientId, nextClientSeq, entries, alive } : null;
    }
    if (this.last) write(storage, this.key, { ...this.last, alive });
    else remove(storage, this.key);
    for (const key of this.adopted.splice(0)) remove(storage, key);
  }

  /** Forgets the outboxes adopted from gone pages once this page's own copy holds their events. */
  dropAdopted(userId: string): void {
    const storage = this.storage();
    for (const key of outboxKeys(storage)) {
      if (key === this.key) continue;
      const stored = read(storage, key) as StoredOutbox | null;
      if (stored?.userId === userId && Date.now() - Number(stored.alive) >= OUTBOX_ORPHAN_MS) this.adopted.push(key);
    }
    this.flush(Date.now());
  }

  stop(): void {
    this.flush(Date.now());
    if (this.heartbeat) clearInterval(this.heartbeat);
    if (typeof window !== 'undefined') {
      window.removeEventListener('pagehide', this.release);
      window.removeEventListener('pageshow', this.shown);
    }
  }
}

/**
 * The confirmed state this device kept for `userId` (or for whoever synced last, given null), if readable.
 * Its series are read by the series code (loaded before a session starts); a base without them has none.
 */
export function readBase(
  storage: Storage | undefined,
  userId: string | null,
): { userId: string; lastSeq: number; tasks: Task[]; series?: SeriesState; catalog?: CatalogState } | null {
  const stored = read(storage, BASE_KEY) as { userId?: unknown; lastSeq?: unknown; tasks?: unknown; series?: unknown; catalog?: unknown } | null;
  if (!stored || typeof stored.userId !== 'string' || !Number.isSafeInteger(stored.lastSeq) || !Array.isArray(stored.tasks)) return null;
  if (userId !== null && stored.userId !== userId) return null;
  const { tasks, unreadable } = parseStoredTasks(JSON.stringify(stored.tasks));
  if (unreadable) return null;
  // A base from before labels and lists has none; an unreadable catalog makes the base unusable (the log is read again).
  const catalog = stored.catalog === undefined ? undefined : readCatalog(stored.catalog);
  if (catalog?.unreadable) return null;
  const base = { userId: stored.userId, lastSeq: stored.lastSeq as number, tasks, ...(catalog ? { catalog: catalog.state } : {}) };
  const runtime = loadedSeries();
  if (stored.series === undefined || !runtime) return base;
  const series = runtime.parseStoredSeries(JSON.stringify(stored.series));
  return series.unreadable ? null : { ...base, series: series.state };
}

export function writeBase(storage: Storage | undefined, userId: string, sync: SyncState): void {
  if (sync.lastSeq === null || !sync.confirmed || sync.userId !== userId) return;
  const tasks = allTasksOf(sync.confirmed);
  const series = sync.confirmedSeries ? { version: 1, ...storedSeriesOf(sync.confirmedSeries) } : undefined;
  const catalog = sync.confirmedCatalog ? storedCatalogOf(sync.confirmedCatalog) : undefined;
  write(storage, BASE_KEY, { userId, lastSeq: sync.lastSeq, tasks, series, catalog });
}
