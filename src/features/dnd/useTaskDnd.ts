import { useCallback, useRef, type HTMLAttributes } from 'react';
import { useDrag, useDragDropManager, useDrop } from 'react-dnd';
import { useAppStore } from '../../app/hooks';
import { selectTaskById, taskDragCancelled, taskDragEnded, taskDragStarted, taskMoved, taskMovedToEnd } from '../tasks/tasksSlice';
import type { Task, TaskDate } from '../tasks/types';
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
  ref: (node: HTMLElement | null) => void;
  /** True for the card being dragged (render it as a placeholder). */
  isDragging: boolean;
  /** Spread onto the card's drag-handle button: keyboard drag (pick up, arrows, drop, Escape). */
  handleProps: HTMLAttributes<HTMLElement> & { [HANDLE_ATTR]: string };
}

export function useTaskDnd(task: Task, _index: number): TaskDnd {
  const { id } = task;
  const store = useAppStore();
  const announce = useAnnounce();
  const manager = useDragDropManager();
  const node = useRef<HTMLElement | null>(null);

  const [{ isDragging }, connectDrag] = useDrag<DraggedTask, unknown, { isDragging: boolean }>(
    () => ({
      type: TASK_TYPE,
      item: () => {
        store.dispatch(taskDragStarted({ id }));
        const slot = slotOf(store.getState(), id);
        if (slot) announce(pickedUp(titleOf(store, id), slot.date, slot.index));
        return { id, width: node.current?.getBoundingClientRect().width ?? 0 };
      },
      // A move to another day remounts the card: the new one is still the dragged one.
      isDragging: (monitor) => monitor.getItem()?.id === id,
      end: (_item, monitor) => {
        const didDrop = monitor.didDrop();
        store.dispatch(didDrop ? taskDragEnded() : taskDragCancelled());
        const slot = slotOf(store.getState(), id);
        if (slot) announce((didDrop ? dropped : cancelled)(titleOf(store, id), slot.date, slot.index));
      },
      collect: (monitor) => ({ isDragging: monitor.isDragging() }),
    }),
    [id, store, announce],
  );

  const [, connectDrop] = useDrop<DraggedTask>(
    () => ({
      accept: TASK_TYPE,
      // Hover moves live; a drop applies the same rule to the last position, so what was shown is what stays.
      hover: (item) => moveOver(store, item.id, id, node.current, currentPoint(manager)),
      drop: (item, monitor) => moveOver(store, item.id, id, node.current, monitor.getClientOffset()),
    }),
    [id, store, manager],
  );

  const ref = useCallback(
    (element: HTMLElement | null) => {
      node.current = element;
      element?.setAttribute(TASK_ATTR, id);
      connectDrag(element);
      connectDrop(element);
    },
    [connectDrag, connectDrop, id],
  );

  return {
    ref,
    isDragging,
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

export function useColumnDrop(date: TaskDate): ColumnDrop {
  const store = useAppStore();
  const node = useRef<HTMLElement | null>(null);

  const [{ isOver }, connectDrop] = useDrop<DraggedTask, unknown, { isOver: boolean }>(
    () => ({
      accept: TASK_TYPE,
      hover: (item, monitor) => {
        // dnd-core records which targets are hovered only after calling their handlers:
        // decide whether the column itself (not one of its cards) is hovered once it has.
        queueMicrotask(() => {
          if (!monitor.isOver({ shallow: true }) || slotOf(store.getState(), item.id)?.date === date) return;
          store.dispatch(taskMovedToEnd({ id: item.id, toDate: date }));
        });
      },
      drop: (item, monitor) => {
        if (monitor.didDrop()) return; // one of the column's cards took it
        const pointer = monitor.getClientOffset();
        const cards = [...(node.current?.querySelectorAll(`[${TASK_ATTR}]`) ?? [])].map((card) => card.getBoundingClientRect());
        if (pointer && !dropOnColumnGoesToEnd(cards, pointer.y)) return;
        store.dispatch(taskMovedToEnd({ id: item.id, toDate: date }));
      },
      collect: (monitor) => ({ isOver: monitor.isOver() }),
    }),
    [date, store],
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

type Store = ReturnType<typeof useAppStore>;

function moveOver(store: Store, draggedId: string, hoveredId: string, hoveredNode: Element | null, pointer: { y: number } | null): void {
  if (draggedId === hoveredId || !hoveredNode || !pointer) return;
  const state = store.getState();
  const from = slotOf(state, draggedId);
  const over = slotOf(state, hoveredId);
  const to = from && over && moveOverTask(from, over, pointer.y, hoveredNode.getBoundingClientRect());
  if (to) store.dispatch(taskMoved({ id: draggedId, toDate: to.date, toIndex: to.index }));
}

const titleOf = (store: Store, id: string): string => selectTaskById(store.getState(), id)?.title ?? 'task';
