import type { DragSource } from 'dnd-core';
import type { AppStore } from '../../app/store';
import { taskDragCancelled, taskDragEnded, taskMoved, taskDragStarted } from '../tasks/events';
import { selectTaskById } from '../tasks/taskSelectors';
import { cancelled, dropped, pickedUp } from './announcements';
import type { DraggedTask } from './backend/attributes';
import { slotOf } from './dragPosition';

/** A card's drag source (registered on demand, see backend/cardSources.ts): what a drag of task `id` does. */
export function taskSource(id: string, element: Element, store: AppStore, announce: (message: string) => void): DragSource {
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
