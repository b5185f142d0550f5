import { CATALOG_KEY, isEmptyCatalog, serializeCatalog, storedCatalogOf } from './catalogCode';
import { catalogReducer, catalogRestored } from './catalogSlice';
import { emptyCatalog, type CatalogState, type Label, type TaskList } from './types';

// Labels and lists are stored beside the tasks under their own key (weekly-planner-tasks stays the spec's array).
export { CATALOG_KEY, isEmptyCatalog, serializeCatalog, storedCatalogOf };
/** Where an unreadable stored catalog is set aside before the next save writes over it (as the tasks' is). */
export const CATALOG_BACKUP_KEY = `${CATALOG_KEY}-unreadable`;

export interface StoredCatalog {
  version: 1;
  labels: Label[];
  lists: TaskList[];
  aliases: Record<string, string>;
}


const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A catalog from storage, the snapshot, a backup or a held list: entries are checked one by one through the same
 * rules as the events (a bad or duplicate one is dropped, and `unreadable` says so). Accepts the object or its text.
 */
export function readCatalog(value: unknown): { state: CatalogState; unreadable: boolean } {
  if (value === null || value === undefined || value === '') return { state: emptyCatalog, unreadable: false };
  let data: unknown = value;
  if (typeof value === 'string') {
    try {
      data = JSON.parse(value);
    } catch {
      return { state: emptyCatalog, unreadable: true };
    }
  }
  if (!isRecord(data)) return { state: emptyCatalog, unreadable: true };
  const labels = Array.isArray(data.labels) ? data.labels : [];
  const lists = Array.isArray(data.lists) ? data.lists : [];
  const state = catalogReducer(emptyCatalog, catalogRestored({ labels: labels.filter(isRecord) as unknown as Label[], lists: lists.filter(isRecord) as unknown as TaskList[] }));
  // catalogRestored refuses the whole payload when one entry is malformed: then entry by entry.
  let read = state;
  if (read === emptyCatalog && labels.length + lists.length > 0) {
    for (const label of labels) read = catalogReducer(read, catalogRestored({ labels: [label as Label], lists: [] }));
    for (const list of lists) read = catalogReducer(read, catalogRestored({ labels: [], lists: [list as TaskList] }));
  }
  const aliases: Record<string, string> = {};
  if (isRecord(data.aliases)) for (const [from, to] of Object.entries(data.aliases)) if (typeof to === 'string' && to && from !== to) aliases[from] = to;
  const withAliases = Object.keys(aliases).length > 0 ? { ...read, aliases: { ...read.aliases, ...aliases } } : read;
  const unreadable = read.labels.length + read.lists.length !== labels.length + lists.length;
  return { state: withAliases, unreadable };
}
