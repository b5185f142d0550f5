import type { XYCoord } from 'dnd-core';
import { useEffect, useLayoutEffect, useSyncExternalStore } from 'react';
import { useDragDropManager, useDrop } from 'react-dnd';
import { useAppStore } from '../../app/hooks';
import { taskDragMovedTo } from '../tasks/events';
import type { TaskDate } from '../tasks/types';
import { occurrenceDraggedOver } from './occurrenceDragActions';
import { OCCURRENCE_ATTR, TASK_ATTR, TASK_TYPE, type DraggedTask } from './backend/attributes';
import { currentPoint } from './backend/plannerBackend';
import { slotOf } from './dragPosition';
import { dropZones, subscribeDropZones, type DropZone } from './dropZones';
import { dropOnColumnGoesToEnd, moveOverTask } from './moves';

/** Every drop zone on the page (dropZones.ts) as a react-dnd target, for as long as it is there. */
export function DropTargets() {
  const zones = useSyncExternalStore(subscribeDropZones, dropZones, dropZones);
  return zones.map((zone) => (zone.date ? <ColumnTarget key={zone.id} zone={zone} date={zone.date} /> : <WeekTurnTarget key={zone.id} zone={zone} />));
}

/** Connects a target to its zone's node, and tells the zone whether a drag is over it. */
function useZone(zone: DropZone, isOver: boolean, connect: (node: HTMLElement | null) => unknown): void {
  // In layout effects: the target is connected (and the backend set up) in the commit that mounts it, so a press
  // replayed right after that commit finds it (dragIntent.ts).
  useLayoutEffect(() => {
    connect(zone.node);
  }, [connect, zone.node]);
  useLayoutEffect(() => zone.setOver(isOver), [zone, isOver]);
  useEffect(() => () => zone.setOver(false), [zone]);
}

/**
 * 'Previous week' or 'Next week': a drag may rest on it (the zone turns the week), nothing is dropped on it.
 */
function WeekTurnTarget({ zone }: { zone: DropZone }): null {
  const [{ isOver }, connect] = useDrop<DraggedTask, unknown, { isOver: boolean }>(
    () => ({ accept: TASK_TYPE, canDrop: () => false, collect: (monitor) => ({ isOver: monitor.isOver() }) }),
    [],
  );
  useZone(zone, isOver, connect);
  return null;
}

/** A day's column: hovering moves the dragged task live among its cards; a drop applies the same rule. */
function ColumnTarget({ zone, date }: { zone: DropZone; date: TaskDate }): null {
  const store = useAppStore();
  const manager = useDragDropManager();
  const [{ isOver }, connect] = useDrop<DraggedTask, unknown, { isOver: boolean }>(
    () => ({
      accept: TASK_TYPE,
      // Hover moves live; a drop applies the same rule to the last position, so what was shown is what stays.
      hover: (item, monitor) => {
        // An occurrence has no place among the day's tasks (it shows after them): it is over this day, live.
        if (item.occurrence) return overDay(store, date);
        const pointer = currentPoint(manager) ?? monitor.getClientOffset();
        const card = pointer && cardAt(zone.node, pointer);
        if (card) moveOver(store, item.id, card, pointer);
        else if (slotOf(store.getState(), item.id)?.date !== date) store.dispatch(taskDragMovedTo({ id: item.id, toDate: date }));
      },
      drop: (item, monitor) => {
        if (item.occurrence) return overDay(store, date);
        const pointer = monitor.getClientOffset();
        const card = pointer && cardAt(zone.node, pointer);
        if (card) return moveOver(store, item.id, card, pointer);
        const cards = zone.node.querySelectorAll(`[${TASK_ATTR}]:not([${OCCURRENCE_ATTR}])`);
        const ends = cards.length > 0 ? [cards[0]!.getBoundingClientRect(), cards[cards.length - 1]!.getBoundingClientRect()] : [];
        if (pointer && !dropOnColumnGoesToEnd(ends, pointer.y)) return;
        store.dispatch(taskDragMovedTo({ id: item.id, toDate: date }));
      },
      collect: (monitor) => ({ isOver: monitor.isOver() }),
    }),
    [date, zone, store, manager],
  );
  useZone(zone, isOver, connect);
  return null;
}

/**
 * The task card of `column` under a point, if any (the drag layer takes no pointer events, so it is never in the
 * way). An occurrence's card is not a place among the tasks: over it, a task goes to the day's end.
 */
function cardAt(column: HTMLElement, { x, y }: XYCoord): HTMLElement | null {
  const card = column.ownerDocument.elementFromPoint(x, y)?.closest<HTMLElement>(`[${TASK_ATTR}]`);
  return card && !card.hasAttribute(OCCURRENCE_ATTR) && column.contains(card) ? card : null;
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
