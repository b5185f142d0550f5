import { useEffect } from 'react';
import { useDrop } from 'react-dnd';
import { TASK_TYPE, type DraggedTask } from './backend/attributes';

/** How long a drag rests on 'Previous week' or 'Next week' before the week turns (and again each time after). */
export const WEEK_TURN_MS = 700;

/**
 * 'Previous week' and 'Next week' as places a drag may rest on (mouse, touch or the keyboard's pointer): the week
 * turns under the dragged task or occurrence, which then goes to a day of that week like any other. Nothing is
 * dropped on the button itself: a release there is outside every day, a cancel.
 */
export function useWeekTurnDrop(turn: () => void): (node: HTMLElement | null) => void {
  const [{ isOver }, connect] = useDrop<DraggedTask, unknown, { isOver: boolean }>(
    () => ({ accept: TASK_TYPE, canDrop: () => false, collect: (monitor) => ({ isOver: monitor.isOver() }) }),
    [],
  );
  useEffect(() => {
    if (!isOver) return;
    const timer = setInterval(turn, WEEK_TURN_MS);
    return () => clearInterval(timer);
  }, [isOver, turn]);
  return connect as unknown as (node: HTMLElement | null) => void;
}
