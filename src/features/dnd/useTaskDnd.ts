import type { XYCoord } from 'dnd-core';
import { useCallback, useRef, type HTMLAttributes } from 'react';
import { useDragDropManager, useDrop } from 'react-dnd';
import { useAppStore } from '../../app/hooks';
import { taskDragMovedTo } from '../tasks/events';
import type { TaskDate } from '../tasks/types';
import { INSTRUCTIONS_ID } from './announcements';
import { occurrenceDraggedOver } from './occurrenceDragActions';
import { HANDLE_ATTR, OCCURRENCE_ATTR, TASK_ATTR, TASK_TYPE, type DraggedTask } from './backend/attributes';
import { currentPoint } from './backend/plannerBackend';
import { slotOf } from './dragPosition';
import { dropOnColumnGoesToEnd, moveOverTask } from './moves';

export interface TaskDnd {
  /** Spread onto the card's root element: pointer and touch drags start anywhere on it. */
  cardProps: { [TASK_ATTR]: string };
  /** Spread onto the card's drag-handle button: keyboard drag (pick up, arrows, drop, Escape). */
  handleProps: HTMLAttributes<HTMLElement> & { [HANDLE_ATTR]: string };
}

/**
 * A card as a drag source: attributes only. Its source is registered when a press or a pick-up key
 * reaches it (backend/cardSources.ts), so mounting or deleting one of thousands of cards touches no drag state;
 * whether it is the dragged one comes from the store, through its column.
 */
export function taskDndProps(id: string, isDragging: boolean): TaskDnd {
  return {
    cardProps: { [TASK_ATTR]: id },
    handleProps: handleProps(id, isDragging),
  };
}

/** An occurrence's card as a drag source, named by its key (series id|original date): see taskSource.ts. */
export function occurrenceDndProps(key: string, isDragging: boolean): { cardProps: Record<`data-${string}`, string>; handleProps: TaskDnd['handleProps'] } {
  return { cardProps: { [TASK_ATTR]: key, [OCCURRENCE_ATTR]: key }, handleProps: handleProps(key, isDragging) };
}

function handleProps(id: string, isDragging: boolean): TaskDnd['handleProps'] {
  return {
    [HANDLE_ATTR]: id,
    'aria-roledescription': 'draggable',
    'aria-describedby': INSTRUCTIONS_ID,
    'aria-pressed': isDragging,
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
 * each card being a react-dnd target of its own (see backend/cardSources.ts for why).
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
        // An occurrence has no place among the day's tasks (it shows after them): it is over this day, live.
        if (item.occurrence) return overDay(store, date);
        const pointer = currentPoint(manager) ?? monitor.getClientOffset();
        const card = pointer && cardAt(node.current, pointer);
        if (card) moveOver(store, item.id, card, pointer);
        else if (slotOf(store.getState(), item.id)?.date !== date) store.dispatch(taskDragMovedTo({ id: item.id, toDate: date }));
      },
      drop: (item, monitor) => {
        if (item.occurrence) return overDay(store, date);
        const pointer = monitor.getClientOffset();
        const card = pointer && cardAt(node.current, pointer);
        if (card) return moveOver(store, item.id, card, pointer);
        const cards = node.current?.querySelectorAll(`[${TASK_ATTR}]:not([${OCCURRENCE_ATTR}])`) ?? [];
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

/**
 * The task card of `column` under a point, if any (the drag layer takes no pointer events, so it is never in the
 * way). An occurrence's card is not a place among the tasks: over it, a task goes to the day's end.
 */
function cardAt(column: HTMLElement | null, { x, y }: XYCoord): HTMLElement | null {
  const card = column?.ownerDocument.elementFromPoint(x, y)?.closest<HTMLElement>(`[${TASK_ATTR}]`);
  return card && !card.hasAttribute(OCCURRENCE_ATTR) && column!.contains(card) ? card : null;
}

type Store = ReturnType<typeof useAppStore>;

function overDay(store: Store, date: TaskDate): void {
  if (store.getState().planner.occurrenceDrag?.over !== date) store.dispatch(occurrenceDraggedOver({ date }));
}

function moveOver(store: Store, draggedId: string, hoveredCard: HTMLElement, pointer: { y: number }): void {
  const hoveredId = hoveredCard.getAttribute(TASK_ATTR);
  if (!hoveredId || draggedId === hoveredId) return;
  const state = store.getState();
  const from = slotOf(state, draggedId);
  const over = slotOf(state, hoveredId);
  const to = from && over && moveOverTask(from, over, pointer.y, hoveredCard.getBoundingClientRect());
  if (to) store.dispatch(taskDragMovedTo({ id: draggedId, toDate: to.date, toIndex: to.index }));
}
