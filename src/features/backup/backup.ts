import type { AppThunk } from '../../app/store';
import { catalogImportEvents } from '../catalog/catalogImport';
import { isEmptyCatalog, storedCatalogOf } from '../catalog/storage';
import type { CatalogState } from '../catalog/types';
import { historyGroupEnded, historyGroupStarted } from '../history/historySlice';
import { toDayKey } from '../planner/week';
import { loadedSeries, loadSeries } from '../series/seriesHost';
import type { StoredSeries } from '../series/storage';
import { restoreEvent } from '../tasks/bulkEvents';
import { normalizeOrders, readTaskEntries, serializeTasks } from '../tasks/storage';
import { tasksDeleted, type TaskEvent } from '../tasks/events';
import { selectAllTasks } from '../tasks/taskSelectors';
import { isDayKey, SOMEDAY, type Task } from '../tasks/types';

// A backup is the list exactly as 'weekly-planner-tasks' stores it: a plain JSON array of tasks. With repeating
// tasks it is an object holding that list and the series (series/backupFormat.ts, read and written by the series
// code, loaded only for such a file); a plain array still imports as it always did.

/** About 30,000 tasks: anything bigger is not a backup of this app. */
export const MAX_BACKUP_BYTES = 5 * 1024 * 1024;

export const NOT_A_BACKUP = 'This file is not a Weekly Planner backup.';

export type BackupReading = { ok: true; tasks: Task[]; series?: StoredSeries; catalog?: CatalogState } | { ok: false; error: string };

export const backupFileName = (now: Date) => `weekly-planner-backup-${toDayKey(now)}.json`;

/**
 * Checks a backup with the rules stored data is read by, but strictly: where storage drops an entry
 * it cannot read, an import refuses the whole file, so nothing is lost without a word.
 */
export function readBackup(text: string): BackupReading {
  if (text.length > MAX_BACKUP_BYTES) return { ok: false, error: tooLarge() };
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return { ok: false, error: `${NOT_A_BACKUP} It does not hold JSON.` };
  }
  if (!Array.isArray(data)) return { ok: false, error: `${NOT_A_BACKUP} It does not hold a list of tasks.` };
  if (data.length === 0) return { ok: false, error: 'This backup holds no tasks.' };
  const { tasks, invalid, duplicates } = readTaskEntries(data);
  if (invalid.length > 0) return { ok: false, error: `${NOT_A_BACKUP} Entry ${invalid[0]! + 1} is not a task.` };
  if (duplicates.length > 0) return { ok: false, error: `${NOT_A_BACKUP} It lists the task ${duplicates[0]} more than once.` };
  // Storage would keep these, but a task that cannot be shown (no title, no day) would be lost unseen.
  const unusable = tasks.findIndex((task) => !task.title.trim() || (task.date !== SOMEDAY && !isDayKey(task.date)));
  if (unusable >= 0) return { ok: false, error: `${NOT_A_BACKUP} Entry ${unusable + 1} has no title or no valid day.` };
  normalizeOrders(tasks);
  return { ok: true, tasks };
}

const tooLarge = () => `This file is too large to be a Weekly Planner backup (the limit is ${MAX_BACKUP_BYTES / 1024 / 1024} MB).`;

/** Reads a chosen file; its size is checked before its text is read. */
export async function readBackupFile(file: Pick<Blob, 'size' | 'text'>): Promise<BackupReading> {
  if (file.size > MAX_BACKUP_BYTES) return { ok: false, error: tooLarge() };
  try {
    const text = await file.text();
    if (text.trimStart().startsWith('{')) return (await loadSeries()).readFullBackup(text);
    return readBackup(text);
  } catch {
    return { ok: false, error: 'This file could not be read.' };
  }
}

export type ImportMode = 'merge' | 'replace';

/**
 * The events that bring a backup in. Merge: by id, the copy with the later createdAt wins (tasks have
 * no modification time; on a tie, the one already here stays), tasks only in the file are added at
 * their places. Replace: the tasks not in the file are deleted, then every task of the file is put back.
 */
export function importEvents(current: Task[], incoming: Task[], mode: ImportMode): TaskEvent[] {
  const events: TaskEvent[] = [];
  if (mode === 'replace') {
    const keep = new Set(incoming.map((task) => task.id));
    const gone = current.filter((task) => !keep.has(task.id)).map((task) => task.id);
    if (gone.length > 0) events.push(tasksDeleted({ ids: gone }));
    events.push(restoreEvent(incoming));
    return events;
  }
  const here = new Map(current.map((task) => [task.id, task]));
  const wanted = incoming.filter((task) => !here.has(task.id) || task.createdAt > here.get(task.id)!.createdAt);
  if (wanted.length > 0) events.push(restoreEvent(wanted));
  return events;
}

/** Applies a backup as task (and series) events, one undo step, synced like any edit. */
export const importBackup =
  (tasks: Task[], mode: ImportMode, series?: StoredSeries, catalog?: CatalogState): AppThunk =>
  (dispatch, getState) => {
    // The series code is here: it read the file that holds series.
    const runtime = loadedSeries();
    // Labels and lists first, so the tasks put back after them find their labels (a label the file made under a
    // name already here is that label: its tasks and series are relabelled to it).
    const organized = catalogImportEvents(getState().catalog, catalog, tasks, mode);
    const seriesEvents = series && runtime ? runtime.seriesImportEvents(getState().series, relabelledSeries(series, organized.relabel), mode) : [];
    const events = [...organized.events, ...importEvents(selectAllTasks(getState()), organized.tasks, mode), ...seriesEvents];
    dispatch(historyGroupStarted());
    try {
      for (const event of events) dispatch(event);
    } finally {
      dispatch(historyGroupEnded());
    }
  };

/** A backup's series with their labels as they are to be here (see catalogImportEvents). */
const relabelledSeries = (stored: StoredSeries, relabel: (ids: readonly string[]) => string[]): StoredSeries => ({
  ...stored,
  series: stored.series.map((one) => (one.template.labels ? { ...one, template: { ...one.template, labels: relabel(one.template.labels) } } : one)),
});

/** Downloads the list as it is stored (with the series, if there are any), named for today. */
export const exportBackup = (): AppThunk<Promise<void>> => async (_dispatch, getState) => {
  const { series, catalog } = getState();
  const tasks = selectAllTasks(getState());
  const organized = isEmptyCatalog(catalog) ? undefined : storedCatalogOf(catalog);
  // A plain array when there is nothing else, so such a backup still opens in every older version.
  const text = series.series.ids.length > 0 || organized ? (await loadSeries()).serializeBackup(tasks, series, organized) : serializeTasks(tasks);
  const blob = new Blob([text], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = backupFileName(new Date());
  document.body.append(link);
  link.click();
  link.remove();
  // The download has taken its copy by the next task.
  setTimeout(() => URL.revokeObjectURL(url), 0);
};
