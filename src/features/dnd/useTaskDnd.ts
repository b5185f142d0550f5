import type { DragSource, XYCoord } from 'dnd-core';
import { useCallback, useRef, type HTMLAttributes, type RefCallback } from 'react';
import { useDragDropManager, useDrop } from 'react-dnd';
import { useAppStore } from '../../app/hooks';
import { selectTaskById, taskDragCancelled, taskDragEnded, taskDragMovedTo, taskDragStarted, taskMoved } from '../tasks/tasksSlice';
import type { TaskDate } from '../tasks/types';
import { useAnnounce } from './announceContext';
import { cancelled, dropped, INSTRUCTIONS_ID, pickedUp } from './announcements';
import { HANDLE_ATTR } from './backend/attributes';
import { currentPoint } from './backend/plannerBackend';
import { slotOf } from './dragPosition';
import { dropOnColumnGoesToEnd, moveOverTask } from './moves';

export const TASK_TYPE = 'task';
/** On every card root: a column finds its cards by it. */
export const TASK_ATTR = 'data-dnd-task';

/** What a drag carries: the task (read fresh from the store at each step) and its card's width for the preview. */
export interface DraggedTask {
  id: string;
  width: number;
}

export interface TaskDnd {
  /** Attach to the card's root element: pointer and touch drags start anywhere on it. */
  ref: RefCallback<HTMLElement>;
  /** Spread onto the card's drag-handle button: keyboard drag (pick up, arrows, drop, Escape). */
  handleProps: HTMLAttributes<HTMLElement> & { [HANDLE_ATTR]: string };
}

/**
 * A card as a drag source. Not react-dnd's useDrag: that hook subscribes every card to the drag
 * monitor, and each registration notifies every subscriber, so thousands of cards cost seconds to
 * mount and every drag start ran thousands of collectors. Here a card only registers its source
 * while its element exists; whether it is the dragged one comes from the store, through its column.
 */
export function useTaskDnd(id: string, isDragging: boolean): TaskDnd {
  const store = useAppStore();
  const announce = useAnnounce();
  const manager = useDragDropManager();

  const ref = useCallback(
    (element: HTMLElement | null) => {
      if (!element) return;
      element.setAttribute(TASK_ATTR, id);
      const source: DragSource = {
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
      const registry = manager.getRegistry();
      const sourceId = registry.addSource(TASK_TYPE, source);
      const disconnect = manager.getBackend().connectDragSource(sourceId, element);
      return () => {
        disconnect();
        registry.removeSource(sourceId);
      };
    },
    [id, store, announce, manager],
  );

  return {
    ref,
    handleProps: {
      [HANDLE_ATTR]: id,
      'aria-roledescription': 'draggable',
      'aria-describedby': INSTRUCTIONS_ID,
      'aria-pressed': isDragging,
    },
  };
}

export interface ColumnDrop {
  /** Attach to the column's root element. */
  ref: (node: HTMLElement | null) => void;
  /** A dragged task is over the column or one of its cards. */
  isOver: boolean;
}

/**
 * The column is the only drop target: the card under the pointer is found in the DOM rather than
 * each card being a react-dnd target of its own (see useTaskDnd for why).
 */
export function useColumnDrop(date: TaskDate): ColumnDrop {
  const store = useAppStore();
  const manager = useDragDropManager();
  const node = useRef<HTMLElement | null>(null);

  const [{ isOver }, connectDrop] = useDrop<DraggedTask, unknown, { isOver: boolean }>(
    () => ({
      accept: TASK_TYPE,
      // Hover moves live; a drop applies the same rule to the last position, so what was shown is what stays.
      hover: (item, monitor) => {
        const pointer = currentPoint(manager) ?? monitor.getClientOffset();
        const card = pointer && cardAt(node.current, pointer);
        if (card) moveOver(store, item.id, card, pointer);
        else if (slotOf(store.getState(), item.id)?.date !== date) store.dispatch(taskDragMovedTo({ id: item.id, toDate: date }));
      },
      drop: (item, monitor) => {
        const pointer = monitor.getClientOffset();
        const card = pointer && cardAt(node.current, pointer);
        if (card) return moveOver(store, item.id, card, pointer);
        const cards = node.current?.querySelectorAll(`[${TASK_ATTR}]`) ?? [];
        const ends = cards.length > 0 ? [cards[0]!.getBoundingClientRect(), cards[cards.length - 1]!.getBoundingClientRect()] : [];
        if (pointer && !dropOnColumnGoesToEnd(ends, pointer.y)) return;
        store.dispatch(taskDragMovedTo({ id: item.id, toDate: date }));
      },
      collect: (monitor) => ({ isOver: monitor.isOver() }),
    }),
    [date, store, manager],
  );

  const ref = useCallback(
    (element: HTMLElement | null) => {
      node.current = element;
      connectDrop(element);
    },
    [connectDrop],
  );

  return { ref, isOver };
}

/** The card of `column` under a point, if any (the drag layer takes no pointer events, so it is never in the way). */
function cardAt(column: HTMLElement | null, { x, y }: XYCoord): HTMLElement | null {
  const card = column?.ownerDocument.elementFromPoint(x, y)?.closest<HTMLElement>(`[${TASK_ATTR}]`);
  return card && column!.contains(card) ? card : null;
}

type Store = ReturnType<typeof useAppStore>;

function moveOver(store: Store, draggedId: string, hoveredCard: HTMLElement, pointer: { y: number }): void {
  const hoveredId = hoveredCard.getAttribute(TASK_ATTR);
  if (!hoveredId || draggedId === hoveredId) return;
  const state = store.getState();
  const from = slotOf(state, draggedId);
  const over = slotOf(state, hoveredId);
  const to = from && over && moveOverTask(from, over, pointer.y, hoveredCard.getBoundingClientRect());
  if (to) store.dispatch(taskDragMovedTo({ id: draggedId, toDate: to.date, toIndex: to.index }));
}

const titleOf = (store: Store, id: string): string => selectTaskById(store.getState(), id)?.title ?? 'task';
