import type { AppListenerApi } from '../../app/listenerMiddleware';
import type { Backend } from '../../lib/supabase';
import { catalogRestored } from '../catalog/catalogSlice';
import { isEmptyCatalog, readCatalog, serializeCatalog } from '../catalog/storage';
import { emptyCatalog, type CatalogState } from '../catalog/types';
import { emptySeriesState, loadedSeries, serializeSeries } from '../series/seriesHost';
import type { SeriesState } from '../series/seriesSlice';
import { taskRestored, type TaskEvent } from '../tasks/events';
import { parseStoredTasks } from '../tasks/storage';
import { selectAllTasks } from '../tasks/taskSelectors';
import type { Task } from '../tasks/types';
import { retrying } from './retrying';
import { selectConfirmedTasks, syncBaseLoaded } from './syncSlice';
import type { SyncEvent } from './syncEvents';
import { writeBase } from './syncStorage';

// The snapshot (user_tasks: the whole list at a log position, docs/sync.md): read when a device starts without a
// base of its own, written back a few seconds after the log moves so a new device need not read the whole log.

/**
 * Written by the whole-list sync this replaced when a change was not uploaded yet (the user's id):
 * on upgrade, such a device's own tasks are added to the log rather than replaced by the cloud copy.
 */
export const PENDING_UPLOAD_KEY = 'weekly-planner-sync-pending';

/** Snapshot written this long after the log last moved (and at most this long after it first did). */
const SNAPSHOT_DELAY_MS = 2000;
const SNAPSHOT_MAX_WAIT_MS = 10_000;

/** Cloud data is checked like local storage: corrupt rows or entries are dropped, never trusted. */
export function parseCloudTasks(value: unknown): { tasks: Task[]; changed: boolean } {
  if (value === null || value === undefined) return { tasks: [], changed: false };
  const { tasks, changed } = parseStoredTasks(typeof value === 'string' ? value : JSON.stringify(value));
  return { tasks, changed };
}

/** The snapshot's series (checked entry by entry like stored ones); none without the series code or a column. */
export function parseCloudSeries(value: unknown): SeriesState {
  const runtime = loadedSeries();
  if (typeof value !== 'string' || !runtime) return emptySeriesState;
  return runtime.parseStoredSeries(value).state;
}

/** This device's series as events for an empty log (the first sync of an account), each with its exceptions. */
export function seriesSeedEvents(local: SeriesState, cloudIsEmpty: boolean): SyncEvent[] {
  const runtime = loadedSeries();
  if (!cloudIsEmpty || !runtime) return [];
  const exceptions = local.exceptions.ids.map((id) => local.exceptions.entities[id]!);
  return local.series.ids.map((id) =>
    runtime.seriesRestored({ series: local.series.entities[id]!, exceptions: exceptions.filter((e) => e.seriesId === id) }),
  );
}

/** The snapshot's labels and lists (checked entry by entry); none before the column or any was written. */
export const parseCloudCatalog = (value: unknown): CatalogState => readCatalog(value).state;

/** This device's labels and lists as one event for an empty log (the first sync of an account). */
export function catalogSeedEvents(local: CatalogState | undefined, cloudIsEmpty: boolean): SyncEvent[] {
  if (!cloudIsEmpty || !local || isEmptyCatalog(local)) return [];
  return [catalogRestored({ labels: local.labels, lists: local.lists })];
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

const unwrap = <T>({ data, error }: { data: T | null; error: { message: string } | null }): T | null => {
  if (error) throw new Error(error.message);
  return data;
};

/** The snapshot to start from, plus the tasks only this device has when the cloud has none (or it had unsent changes). */
export async function loadBase(api: AppListenerApi, client: Backend, userId: string): Promise<void> {
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
  const series = parseCloudSeries(snapshot?.series);
  const catalog = parseCloudCatalog(snapshot?.catalog);
  const cloudIsEmpty = tasks.length === 0 && series.series.ids.length === 0 && isEmptyCatalog(catalog) && first.length === 0;
  // Labels and lists first: the tasks seeded after them carry their ids.
  const seed = [...catalogSeedEvents(state.catalog, cloudIsEmpty), ...seedEvents(local, tasks, cloudIsEmpty, pendingHere), ...seriesSeedEvents(state.series, cloudIsEmpty)];
  api.dispatch(syncBaseLoaded({ lastSeq: seq, tasks, series, catalog, seed }));
}

/** Writes the snapshot (and the base on disk) back a little after the log moves, during one session. */
export class SnapshotWriter {
  private timer: ReturnType<typeof setTimeout> | null = null;
  private due: number | null = null;
  private writtenSeq: number;

  constructor(
    private readonly api: AppListenerApi,
    private readonly client: Backend,
    private readonly userId: string,
  ) {
    this.writtenSeq = api.getState().sync.lastSeq ?? 0;
  }

  /** After the log moves: write the snapshot (and the base on disk) back a little later. */
  logMoved() {
    const now = Date.now();
    this.due ??= now + SNAPSHOT_MAX_WAIT_MS;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.write(), Math.max(0, Math.min(SNAPSHOT_DELAY_MS, this.due - now)));
  }

  stop() {
    if (this.timer) clearTimeout(this.timer);
  }

  private async write() {
    this.due = null;
    const state = this.api.getState().sync;
    const { lastSeq } = state;
    const tasks = selectConfirmedTasks(this.api.getState());
    if (lastSeq === null || !tasks || lastSeq <= this.writtenSeq) return;
    writeBase(this.api.extra.storage(), this.userId, state);
    const series = serializeSeries(state.confirmedSeries ?? emptySeriesState);
    const catalog = serializeCatalog(state.confirmedCatalog ?? emptyCatalog);
    const { error } = await this.client.sync.writeSnapshot(this.userId, JSON.stringify(tasks), lastSeq, series, catalog);
    if (error) console.warn('Cloud sync: could not write the snapshot', error.message);
    else this.writtenSeq = lastSeq;
  }
}
