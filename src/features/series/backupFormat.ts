import { MAX_BACKUP_BYTES, NOT_A_BACKUP, readBackup } from '../backup/backup';
import { isEmptyCatalog, readCatalog, type StoredCatalog } from '../catalog/storage';
import type { CatalogState } from '../catalog/types';
import type { Task } from '../tasks/types';
import { seriesDeleted, seriesRestored, type SeriesEvent, type SeriesState } from './seriesSlice';
import { readStoredSeries, seriesStateOf, storedSeriesOf, type StoredSeries } from './storage';

// A backup with series: an object naming its format, with the tasks exactly as 'weekly-planner-tasks' stores
// them and the series with their exceptions. A plain array (every backup made before series) still imports,
// read by backup.ts as it always was. Tasks in the new format are checked by the same strict rules.

export const BACKUP_FORMAT = 'weekly-planner-backup';

export type FullBackupReading = { ok: true; tasks: Task[]; series: StoredSeries; catalog?: CatalogState } | { ok: false; error: string };

const NO_SERIES: StoredSeries = { series: [], exceptions: [] };

// Labels and lists are one more field of version 2 (`catalog`), which a version without them ignores: its backups
// still open there, and theirs here.
export const serializeBackup = (tasks: Task[], state: SeriesState, catalog?: StoredCatalog): string =>
  JSON.stringify({ format: BACKUP_FORMAT, version: 2, tasks, ...storedSeriesOf(state), ...(catalog ? { catalog } : {}) });

/** Reads a backup of either format; like backup.ts, an entry it cannot read refuses the whole file. */
export function readFullBackup(text: string): FullBackupReading {
  let data: unknown = null;
  try {
    if (text.length <= MAX_BACKUP_BYTES) data = JSON.parse(text);
  } catch {
    // backup.ts says why below
  }
  if (data === null || Array.isArray(data)) {
    // Too large, not JSON, or a plain list of tasks: the rules (and messages) of every backup before series.
    const plain = readBackup(text);
    return plain.ok ? { ...plain, series: NO_SERIES } : plain;
  }
  const file = data as Record<string, unknown> | null;
  if (!file || file.format !== BACKUP_FORMAT) return { ok: false, error: `${NOT_A_BACKUP} It does not hold a list of tasks.` };
  if (file.version !== 2) return { ok: false, error: 'This backup was made by a newer version of Weekly Planner.' };
  if (!Array.isArray(file.tasks) || !Array.isArray(file.series) || !Array.isArray(file.exceptions)) return { ok: false, error: `${NOT_A_BACKUP} Part of it is missing.` };
  const { stored, dropped } = readStoredSeries(file);
  if (dropped > 0) return { ok: false, error: `${NOT_A_BACKUP} One of its repeating tasks cannot be read.` };
  const catalog = readCatalog(file.catalog);
  if (catalog.unreadable) return { ok: false, error: `${NOT_A_BACKUP} One of its labels or lists cannot be read.` };
  const withCatalog = isEmptyCatalog(catalog.state) ? {} : { catalog: catalog.state };
  if (file.tasks.length === 0) {
    return stored.series.length > 0 || withCatalog.catalog ? { ok: true, tasks: [], series: stored, ...withCatalog } : { ok: false, error: 'This backup holds no tasks.' };
  }
  const tasks = readBackup(JSON.stringify(file.tasks));
  return tasks.ok ? { ...tasks, series: stored, ...withCatalog } : tasks;
}

/**
 * The series events that bring a backup's series in, beside importEvents for its tasks. Merge: series not here
 * are added with their exceptions, those here stay as they are. Replace: every series here goes, and every
 * series of the file is put back as the file has it.
 */
export function seriesImportEvents(current: SeriesState, incoming: StoredSeries, mode: 'merge' | 'replace'): SeriesEvent[] {
  const events: SeriesEvent[] = [];
  // Replace: a series in both goes too, so its exceptions are the file's and none of what is here stays.
  if (mode === 'replace') for (const id of current.series.ids) events.push(seriesDeleted({ id }));
  const byId = seriesStateOf(incoming).exceptions;
  for (const series of incoming.series) {
    if (mode === 'merge' && current.series.entities[series.id]) continue;
    const exceptions = byId.ids.map((id) => byId.entities[id]!).filter((exception) => exception.seriesId === series.id);
    events.push(seriesRestored({ series, exceptions }));
  }
  return events;
}
