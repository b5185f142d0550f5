import type { DragDropManager, DragSource } from 'dnd-core';
import type { CardSourceRegistry } from './cardSources';

/** What the page says a card's drag does (taskSource.ts): the backends' chunk only registers it. */
export interface SourceHost {
  sourceFor(id: string, card: Element): DragSource;
}

/** What the planner provided for a manager, and the registry the backends made from it on the first demand. */
export interface ProvidedSources {
  host: SourceHost;
  registry: CardSourceRegistry | null;
}

const provided = new WeakMap<DragDropManager, ProvidedSources>();

/**
 * The planner says here what a drag of one of `manager`'s cards does, which the backends register on
 * demand (cardSources.ts, in the backends' chunk), when a press or a pick-up key reaches a card, not one per
 * card as it mounts. Returns how to stop, which also gives up the sources registered meanwhile.
 */
export function provideSources(manager: DragDropManager, host: SourceHost): () => void {
  const entry: ProvidedSources = { host, registry: null };
  provided.set(manager, entry);
  return () => {
    if (provided.get(manager) === entry) provided.delete(manager);
    entry.registry?.dispose();
  };
}

/** What the planner provided for `manager`, if it did. */
export const providedSources = (manager: DragDropManager): ProvidedSources | undefined => provided.get(manager);
