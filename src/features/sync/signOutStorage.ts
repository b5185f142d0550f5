import { CATALOG_KEY, isEmptyCatalog, readCatalog, serializeCatalog, storedCatalogOf } from '../catalog/storage';
import type { CatalogState } from '../catalog/types';
import { loadedSeries, SERIES_KEY, serializeSeries, storedSeriesOf } from '../series/seriesHost';
import type { SeriesState } from '../series/seriesSlice';
import { parseStoredTasks, serializeTasks, TASKS_KEY } from '../tasks/storage';
import type { Task } from '../tasks/types';
import { PENDING_UPLOAD_KEY } from './snapshot';
import { adoptedEntry, keyOf, type OutboxEntry } from './syncSlice';
import { BASE_KEY, OUTBOX_PREFIX } from './syncStorage';

// What a subscriber's sign-out leaves on the device (docs/sync.md, "Signing out"): the device's own list and series
// as they were before the account's took their place, and the account's unsent events, for that account's next
// sign-in. The account's list and series, its base and this page's outbox go.

/** The device's own list (and series) while an account's are shown; `restored` once a sign-out has put it back. */
export const VISITOR_KEY = 'weekly-planner-visitor-tasks';

/** One account's unsent events after a sign-out: an outbox of a page that is gone, which its next sign-in adopts. */
export const keptKey = (userId: string) => `${OUTBOX_PREFIX}kept-${userId}`;

interface HeldList {
  tasks: Task[];
  /** The device's own series (null: none held, as before series existed). */
  series: SeriesState | null;
  /** The device's own labels and lists (null: none held, as before they existed). */
  catalog: CatalogState | null;
  restored: boolean;
}

function readJson(storage: Storage | undefined, key: string): unknown {
  try {
    const raw = storage?.getItem(key);
    return raw ? JSON.parse(raw) : null;
  } catch {
    return null;
  }
}

function writeJson(storage: Storage | undefined, key: string, value: unknown): void {
  try {
    storage?.setItem(key, JSON.stringify(value));
  } catch (error) {
    console.warn(`Could not save ${key}`, error);
  }
}

function readHeld(storage: Storage | undefined): HeldList | null {
  const held = readJson(storage, VISITOR_KEY) as (Partial<Omit<HeldList, 'series' | 'catalog'>> & { series?: unknown; catalog?: unknown }) | null;
  if (!held || !Array.isArray(held.tasks)) return null;
  const { tasks, unreadable } = parseStoredTasks(JSON.stringify(held.tasks));
  // Series held by a session were read by the series code, which a session loads before it starts.
  const series = held.series === undefined ? undefined : loadedSeries()?.parseStoredSeries(JSON.stringify(held.series));
  const catalog = held.catalog === undefined ? null : readCatalog(held.catalog).state;
  return { tasks: unreadable ? [] : tasks, series: series && !series.unreadable ? series.state : null, catalog, restored: held.restored === true };
}

/**
 * Sync takes over the list: the device's own list is put aside, unless one already is (a reload, a lapsed
 * subscription that came back). `shownIsAccounts`: the list shown is already the account's (its base is on the
 * device), so there is no visitor list to keep.
 */
export function holdVisitorList(storage: Storage | undefined, shown: Task[], shownIsAccounts: boolean, shownSeries?: SeriesState, shownCatalog?: CatalogState): void {
  const held = readHeld(storage);
  if (held && !held.restored) return;
  const series = !shownIsAccounts && shownSeries ? { version: 1, ...storedSeriesOf(shownSeries) } : undefined;
  const catalog = !shownIsAccounts && shownCatalog ? storedCatalogOf(shownCatalog) : undefined;
  writeJson(storage, VISITOR_KEY, { tasks: shownIsAccounts ? [] : shown, series, catalog, restored: false });
}

/** Adds `entries` to the account's kept events (each (client id, counter) once: the server stores it once too). */
export function keepUnsent(storage: Storage | undefined, userId: string, entries: OutboxEntry[]): void {
  if (entries.length === 0) return;
  const stored = readJson(storage, keptKey(userId)) as { entries?: unknown } | null;
  const kept = Array.isArray(stored?.entries) ? (stored.entries as OutboxEntry[]) : [];
  const seen = new Set(kept.map(keyOf));
  const added = entries.filter((entry) => !seen.has(keyOf(entry))).map(adoptedEntry);
  // The shape of a page's outbox (syncStorage.ts) whose page is gone (alive 0): adopted at the next sign-in.
  writeJson(storage, keptKey(userId), { userId, clientId: 'kept', nextClientSeq: 0, entries: [...kept, ...added], alive: 0 });
}

/**
 * The account's session ended on this device: its unsent events are kept for its next sign-in, its list and base
 * leave storage, and the device's own list comes back (returned, to show). Every tab of the account runs this;
 * the visitor list stays stored (marked restored) so a tab that follows late restores the same one.
 */
export function endAccountHere(
  storage: Storage | undefined,
  userId: string,
  unsent: OutboxEntry[],
): { tasks: Task[]; series: SeriesState | null; catalog: CatalogState | null } {
  keepUnsent(storage, userId, unsent);
  const held = readHeld(storage);
  const tasks = held?.tasks ?? [];
  const series = held?.series ?? null;
  const catalog = held?.catalog ?? null;
  try {
    storage?.removeItem(BASE_KEY);
    if (storage?.getItem(PENDING_UPLOAD_KEY) === userId) storage.removeItem(PENDING_UPLOAD_KEY);
    storage?.setItem(TASKS_KEY, serializeTasks(tasks));
    if (series) storage?.setItem(SERIES_KEY, serializeSeries(series));
    else storage?.removeItem(SERIES_KEY);
    if (catalog && !isEmptyCatalog(catalog)) storage?.setItem(CATALOG_KEY, serializeCatalog(catalog));
    else storage?.removeItem(CATALOG_KEY);
  } catch {
    // Storage unavailable: nothing of the account's is stored either.
  }
  const heldCatalog = catalog ? storedCatalogOf(catalog) : undefined;
  writeJson(storage, VISITOR_KEY, { tasks, series: series ? { version: 1, ...storedSeriesOf(series) } : undefined, catalog: heldCatalog, restored: true });
  return { tasks, series, catalog };
}
