import type { DragDropManager, DragSource } from 'dnd-core';

/** What the page says a card's drag does (taskSource.ts): the backends' chunk only registers it. */
export interface SourceHost {
  sourceFor(id: string, card: Element): DragSource;
}

interface Provided {
  host: SourceHost;
  stops: Set<() => void>;
}

const provided = new WeakMap<DragDropManager, Provided>();

/**
 * The planner says here what a drag of one of `manager`'s cards does, which the backends register on
 * demand (cardSources.ts, in the backends' chunk), when a press or a pick-up key reaches a card, not one per
 * card as it mounts. Returns how to stop, which also gives up the sources registered meanwhile.
 */
export function provideSources(manager: DragDropManager, host: SourceHost): () => void {
  const entry: Provided = { host, stops: new Set() };
  provided.set(manager, entry);
  return () => {
    if (provided.get(manager) === entry) provided.delete(manager);
    for (const stop of entry.stops) stop();
  };
}

/** What the planner provided for `manager`, and how to hear that it stopped. */
export function sourceHostOf(manager: DragDropManager): { host: SourceHost; onStop: (stop: () => void) => void } | null {
  const entry = provided.get(manager);
  return entry ? { host: entry.host, onStop: (stop) => entry.stops.add(stop) } : null;
}
