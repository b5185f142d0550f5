import type * as Runtime from './runtime';
import type { CatalogState } from './types';

// What the first load needs of labels and lists, without their code: the code once it has arrived (catalogHost.ts
// loads it, as series/seriesCode.ts does for series), which actions are catalog events, and the stored form. Kept
// apart from the loader for the reason seriesCode.ts gives (Vite's preload helper stays in the entry).

export type CatalogRuntime = typeof Runtime;

let code: CatalogRuntime | null = null;

/** The catalog code if it has arrived (sync loads it before a session; every catalog event is made by it). */
export const loadedCatalog = (): CatalogRuntime | null => code;
export const catalogCodeArrived = (module: CatalogRuntime) => (code = module);

// Their types, by name: tasks/labelCreated … tasks/listDeleted, tasks/catalogRestored (catalogSlice.ts).
const CATALOG_TYPE = /^tasks\/(label(Created|Renamed|Recoloured|Deleted)|list(Created|Renamed|Moved|ArchivedSet|Deleted)|catalogRestored)$/;
export const isCatalogEvent = (action: unknown): boolean => CATALOG_TYPE.test((action as { type?: unknown } | null)?.type as string);

/** The catalog after the catalog events among `events`; without the code there cannot be any. */
export const replayCatalogEvents = (base: CatalogState, events: Iterable<unknown>): CatalogState => code?.replayCatalog(base, events) ?? base;

export const CATALOG_KEY = 'weekly-planner-catalog';

export const storedCatalogOf = (state: CatalogState) => ({ version: 1 as const, labels: state.labels, lists: state.lists, aliases: state.aliases });
export const serializeCatalog = (state: CatalogState) => JSON.stringify(storedCatalogOf(state));
export const isEmptyCatalog = (state: CatalogState) => state.labels.length === 0 && state.lists.length === 0;
