import type { DragDropManager } from 'dnd-core';
import { TASK_ATTR } from './attributes';

/** Registers the drag source of a card that has none yet. */
export type SourceDemand = (card: Element) => void;

const demands = new WeakMap<DragDropManager, SourceDemand>();

/**
 * Says how `manager`'s cards get their drag sources: on demand, when a press or a pick-up key reaches one
 * (see cardSources.ts), not one per card as it mounts. Returns how to stop.
 */
export function provideSources(manager: DragDropManager, demand: SourceDemand): () => void {
  demands.set(manager, demand);
  return () => {
    if (demands.get(manager) === demand) demands.delete(manager);
  };
}

/**
 * For backends, as an input that may begin a drag reaches the page (in a window capture listener, so a source
 * connected now still hears the event on its node): the card `target` is in gets its drag source.
 */
export function demandSource(manager: DragDropManager, target: EventTarget | null): void {
  const card = target instanceof Element ? target.closest(`[${TASK_ATTR}]`) : null;
  if (card) demands.get(manager)?.(card);
}
