import type { AppStartListening } from '../../app/listenerMiddleware';
import { CATALOG_BACKUP_KEY, CATALOG_KEY, isEmptyCatalog, readCatalog, serializeCatalog } from './storage';
import { emptyCatalog, type CatalogState } from './types';

/**
 * The stored labels and lists, read before the store is made (they are small and the first screen's cards show
 * them). An unreadable entry is dropped and the raw text set aside, as the tasks' and series' are.
 */
export function readStoredCatalog(storage: globalThis.Storage | undefined): CatalogState {
  let raw: string | null = null;
  try {
    raw = storage?.getItem(CATALOG_KEY) ?? null;
  } catch {
    return emptyCatalog; // storage blocked: this visit starts without stored labels (spec §8)
  }
  if (raw === null) return emptyCatalog;
  const { state, unreadable } = readCatalog(raw);
  if (unreadable) write(storage, CATALOG_BACKUP_KEY, raw);
  return state;
}

function write(storage: globalThis.Storage | undefined, key: string, text: string | null) {
  try {
    if (text === null) storage?.removeItem(key);
    else storage?.setItem(key, text);
  } catch {
    // A full or blocked storage keeps this visit's labels in memory only (spec §8).
  }
}

/** Writes the labels and lists under their own key whenever they change (what is shown, as the tasks are). */
export function addCatalogListeners(startAppListening: AppStartListening, storage: () => globalThis.Storage | undefined) {
  return startAppListening({
    predicate: (_action, current, previous) => current.catalog !== previous.catalog,
    effect: (_action, api) => {
      const { catalog } = api.getState();
      // No key at all until there is something: a visitor who never made a label leaves nothing behind.
      write(storage(), CATALOG_KEY, isEmptyCatalog(catalog) && Object.keys(catalog.aliases).length === 0 ? null : serializeCatalog(catalog));
    },
  });
}
