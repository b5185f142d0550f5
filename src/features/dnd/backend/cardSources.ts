import type { DragDropManager, Identifier } from 'dnd-core';
import { whenIdle } from '../../../lib/idle';
import { TASK_ATTR, TASK_TYPE } from './attributes';
import { providedSources, type SourceHost } from './demand';

/**
 * The cards' drag sources, registered on demand. A source per card as it mounts cost every one of
 * thousands of cards a registration, a dnd-core state change and input listeners at mount, and an
 * unregistration at every delete (~1 ms of the click, profiled), for the few cards a person ever drags.
 * The backends ask here for the card under a press or a pick-up key (demandSource), before they look for
 * its source. A source whose card has left the page goes when another card gets one, never during a drag (dnd-core
 * keeps the dragged one pinned; a card moved to another day remounts and needs no source of its own).
 */
export class CardSourceRegistry {
  /** In the order they were last ensured: the oldest go first when there are too many. */
  private readonly sources = new Map<Element, { sourceId: Identifier; disconnect: () => void }>();

  constructor(
    private readonly manager: DragDropManager,
    private readonly host: SourceHost,
  ) {}

  /** How many cards have a source now (for tests). */
  get size(): number {
    return this.sources.size;
  }

  has(card: Element): boolean {
    return this.sources.has(card);
  }

  ensure(card: Element): void {
    const known = this.sources.get(card);
    if (known) {
      // Now the most recently used. Nothing is added, so nothing is swept: a walk over every source
      // (isConnected each) took ~40 µs of each press on a card, ahead of what its click does.
      this.sources.delete(card);
      this.sources.set(card, known);
      return;
    }
    const id = card.getAttribute(TASK_ATTR);
    this.sweep(1);
    if (!id) return;
    const sourceId = this.manager.getRegistry().addSource(TASK_TYPE, this.host.sourceFor(id, card));
    const disconnect = this.manager.getBackend().connectDragSource(sourceId, card);
    this.sources.set(card, { sourceId, disconnect });
  }

  /**
   * Forgets the sources of cards no longer in the page, and the least recently used ones that leave no `room`
   * under MAX_SOURCES (a pointer crossing the week prepares a source for each card it passes), unless a drag runs.
   */
  sweep(room = 0): void {
    if (this.manager.getMonitor().isDragging()) return;
    for (const [card, source] of this.sources) if (!card.isConnected) this.remove(card, source);
    for (const [card, source] of this.sources) {
      if (this.sources.size + room <= MAX_SOURCES) break;
      this.remove(card, source);
    }
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

/** Sources kept for cards still in the page: the cards a person pointed at lately. */
export const MAX_SOURCES = 64;

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

/** Cards whose source waits for idle time. */
const preparing = new WeakSet<Element>();

/**
 * For backends, as the pointer comes over a card: its source is registered in idle time, so the press that
 * may follow (a drag, or a click on one of its buttons) finds it ready. A registration and its dnd-core state
 * change cost ~0.5 ms, which otherwise sits between the press and what a click on the card does.
 */
export function prepareSource(manager: DragDropManager, target: EventTarget | null): void {
  const card = target instanceof Element ? target.closest(`[${TASK_ATTR}]`) : null;
  const provided = card && providedSources(manager);
  if (!card || !provided || provided.registry?.has(card) || preparing.has(card)) return;
  preparing.add(card);
  whenIdle(() => {
    preparing.delete(card);
    // A card gone meanwhile needs none; a drag running now registers nothing new (the next press will).
    if (!card.isConnected || manager.getMonitor().isDragging() || providedSources(manager) !== provided) return;
    (provided.registry ??= new CardSourceRegistry(manager, provided.host)).ensure(card);
  }, 250);
}
