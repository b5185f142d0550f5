import type { DragDropManager, Identifier } from 'dnd-core';
import { TASK_ATTR, TASK_TYPE } from './attributes';
import { providedSources, type SourceHost } from './demand';

/**
 * The cards' drag sources, registered on demand. A source per card as it mounts cost every one of
 * thousands of cards a registration, a dnd-core state change and input listeners at mount, and an
 * unregistration at every delete (~1 ms of the click, profiled), for the few cards a person ever drags.
 * The backends ask here for the card under a press or a pick-up key (demandSource), before they look for
 * its source. A source whose card has left the page goes at the next demand, never during a drag (dnd-core
 * keeps the dragged one pinned; a card moved to another day remounts and needs no source of its own).
 */
export class CardSourceRegistry {
  private readonly sources = new Map<Element, { sourceId: Identifier; disconnect: () => void }>();

  constructor(
    private readonly manager: DragDropManager,
    private readonly host: SourceHost,
  ) {}

  /** How many cards have a source now (for tests). */
  get size(): number {
    return this.sources.size;
  }

  ensure(card: Element): void {
    this.sweep();
    const id = card.getAttribute(TASK_ATTR);
    if (!id || this.sources.has(card)) return;
    const sourceId = this.manager.getRegistry().addSource(TASK_TYPE, this.host.sourceFor(id, card));
    const disconnect = this.manager.getBackend().connectDragSource(sourceId, card);
    this.sources.set(card, { sourceId, disconnect });
  }

  /** Forgets the sources of cards no longer in the page, unless a drag is running. */
  sweep(): void {
    if (this.manager.getMonitor().isDragging()) return;
    for (const [card, source] of this.sources) if (!card.isConnected) this.remove(card, source);
  }

  dispose(): void {
    for (const [card, source] of this.sources) this.remove(card, source);
  }

  private remove(card: Element, { sourceId, disconnect }: { sourceId: Identifier; disconnect: () => void }): void {
    this.sources.delete(card);
    disconnect();
    this.manager.getRegistry().removeSource(sourceId);
  }
}

/**
 * For backends, as an input that may begin a drag reaches the page (in a window capture listener, so a source
 * connected now still hears the event on its node): the card `target` is in gets its drag source, if the
 * planner provided what sources need (demand.ts).
 */
export function demandSource(manager: DragDropManager, target: EventTarget | null): void {
  const card = target instanceof Element ? target.closest(`[${TASK_ATTR}]`) : null;
  const provided = card && providedSources(manager);
  if (!card || !provided) return;
  (provided.registry ??= new CardSourceRegistry(manager, provided.host)).ensure(card);
}
