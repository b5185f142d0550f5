import { createAction, type UnknownAction } from '@reduxjs/toolkit';
import { CATALOG_KEY, catalogCodeArrived, isCatalogEvent, isEmptyCatalog, loadedCatalog, serializeCatalog, type CatalogRuntime } from './catalogCode';
import { emptyCatalog, type CatalogState } from './types';

// The store's `catalog` slot, small enough for the first load (as series/seriesHost.ts is for series). The label
// and list code (events, checks, the manager) arrives by a dynamic import; until then no catalog event can exist
// (their creators come with it), so this reducer only holds what it is given.

/** The stored catalog checked by the code once it is here (a first read trusted only its shape). */
export const catalogHydrated = createAction<CatalogState>('catalog/hydrated');
/** A visitor's other tab made these catalog events (app/tabSync.ts): replayed here, not this tab's to undo. */
export const catalogTabEventsReceived = createAction<{ events: unknown[] }>('catalog/tabEventsReceived');

let loading: Promise<CatalogRuntime> | null = null;

/** The catalog code, loaded once (every store shares it: its reducer is pure). */
export function loadCatalog(): Promise<CatalogRuntime> {
  loading ??= import('./runtime').then(catalogCodeArrived);
  return loading;
}

export function catalogHostReducer(state: CatalogState = emptyCatalog, action: UnknownAction): CatalogState {
  if (catalogHydrated.match(action)) return action.payload;
  const code = loadedCatalog();
  if (!code) return state;
  if (catalogTabEventsReceived.match(action)) return code.replayCatalog(state, action.payload.events.filter(code.isWellFormedCatalogEvent));
  return isCatalogEvent(action) ? code.catalogReducer(state, action) : state;
}

const list = (value: unknown) => (Array.isArray(value) ? value : []);
const write = (storage: Storage | undefined, key: string, text: string | null) => {
  try {
    if (text === null) storage?.removeItem(key);
    else storage?.setItem(key, text);
  } catch {
    // A full or blocked storage keeps this visit's labels in memory only (spec §8).
  }
};

/**
 * The stored labels and lists for the first screen, read by shape alone so the cards and the filter show them
 * without waiting for the code; the code then reads them strictly and, should an entry be unreadable, sets the
 * raw text aside and shows what it could read (`recheck`).
 */
export function readStoredCatalog(storage: Storage | undefined): { state: CatalogState; recheck: (dispatch: (action: UnknownAction) => void) => void } {
  let raw: string | null = null;
  let state = emptyCatalog;
  try {
    raw = storage?.getItem(CATALOG_KEY) ?? null;
    const data = raw === null ? null : (JSON.parse(raw) as Partial<CatalogState> | null);
    if (data) state = { labels: list(data.labels), lists: list(data.lists), aliases: data.aliases && typeof data.aliases === 'object' ? data.aliases : {} };
  } catch {
    state = emptyCatalog; // blocked storage or unreadable text: the code decides below
  }
  const recheck = (dispatch: (action: UnknownAction) => void) => {
    if (raw === null) return;
    void loadCatalog().then(({ readCatalog }) => {
      const checked = readCatalog(raw);
      if (!checked.unreadable) return;
      write(storage, `${CATALOG_KEY}-unreadable`, raw);
      dispatch(catalogHydrated(checked.state));
    });
  };
  return { state, recheck };
}

/** Writes the labels and lists under their own key whenever they change; no key while there are none. */
export function writeCatalog(storage: Storage | undefined, state: CatalogState): void {
  write(storage, CATALOG_KEY, isEmptyCatalog(state) && Object.keys(state.aliases).length === 0 ? null : serializeCatalog(state));
}
