import type { DragDropManager, DragSource, Identifier } from 'dnd-core';
import { useEffect } from 'react';
import { useDragDropManager } from 'react-dnd';
import { useAppStore } from '../../app/hooks';
import type { AppStore } from '../../app/store';
import { selectTaskById, taskDragCancelled, taskDragEnded, taskMoved, taskDragStarted } from '../tasks/tasksSlice';
import { useAnnounce } from './announceContext';
import { cancelled, dropped, pickedUp } from './announcements';
import { TASK_ATTR } from './backend/attributes';
import { provideSources } from './backend/demand';
import { slotOf } from './dragPosition';

export const TASK_TYPE = 'task';

/** What a drag carries: the task (read fresh from the store at each step) and its card's width for the preview. */
export interface DraggedTask {
  id: string;
  width: number;
}

type Announce = (message: string) => void;

/**
 * The cards' drag sources, registered on demand. A source per card as it mounts cost every one of
 * thousands of cards a registration, a dnd-core state change and input listeners at mount, and an
 * unregistration at every delete (~1 ms of the click, profiled), for the few cards a person ever drags.
 * The backends ask here for the card under a press or a pick-up key (demand.ts), before they look for
 * its source. A source whose card has left the page goes at the next demand, never during a drag (dnd-core
 * keeps the dragged one pinned; a card moved to another day remounts and needs no source of its own).
 */
export class CardSourceRegistry {
  private readonly sources = new Map<Element, { sourceId: Identifier; disconnect: () => void }>();

  constructor(
    private readonly manager: DragDropManager,
    private readonly store: AppStore,
    private readonly announce: Announce,
  ) {}

  /** How many cards have a source now (for tests). */
  get size(): number {
    return this.sources.size;
  }

  ensure(card: Element): void {
    this.sweep();
    const id = card.getAttribute(TASK_ATTR);
    if (!id || this.sources.has(card)) return;
    const sourceId = this.manager.getRegistry().addSource(TASK_TYPE, taskSource(id, card, this.store, this.announce));
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

function taskSource(id: string, element: Element, store: AppStore, announce: Announce): DragSource {
  return {
    canDrag: () => true,
    beginDrag: (): DraggedTask => {
      store.dispatch(taskDragStarted({ id }));
      const slot = slotOf(store.getState(), id);
      if (slot) announce(pickedUp(titleOf(store, id), slot.date, slot.index));
      return { id, width: element.getBoundingClientRect().width };
    },
    // A move to another day remounts the card: the new one is still the dragged one.
    isDragging: (monitor) => (monitor.getItem() as DraggedTask | null)?.id === id,
    endDrag: (monitor) => {
      const didDrop = monitor.didDrop();
      if (didDrop) {
        // The whole drag becomes one event of the log: the final place, if it differs from where it began.
        const origin = store.getState().tasks.drag?.positions[id];
        const end = slotOf(store.getState(), id);
        if (origin && end && (origin.date !== end.date || origin.order !== end.index)) {
          store.dispatch(taskMoved({ id, toDate: end.date, toIndex: end.index }));
        }
        store.dispatch(taskDragEnded());
      } else store.dispatch(taskDragCancelled());
      const slot = slotOf(store.getState(), id);
      if (slot) announce((didDrop ? dropped : cancelled)(titleOf(store, id), slot.date, slot.index));
    },
  };
}

const titleOf = (store: AppStore, id: string): string => selectTaskById(store.getState(), id)?.title ?? 'task';

/** Gives the planner's cards their drag sources on demand (see CardSourceRegistry). Inside the DndProvider and the announcer. */
export function CardSources(): null {
  const store = useAppStore();
  const announce = useAnnounce();
  const manager = useDragDropManager();
  useEffect(() => {
    const registry = new CardSourceRegistry(manager, store, announce);
    const stop = provideSources(manager, (card) => registry.ensure(card));
    return () => {
      stop();
      registry.dispose();
    };
  }, [manager, store, announce]);
  return null;
}
