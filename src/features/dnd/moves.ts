import type { TaskDate } from '../tasks/types';

export interface Slot {
  date: TaskDate;
  /** Position in the day's sorted list. */
  index: number;
}

/**
 * Where a task dragged over another task goes, or null if it stays.
 *
 * Another day: to the hovered task's position (the live move). The same day: to the
 * hovered task's index, which (taskMoved counts after removal) lands after it when moving
 * down and before it when moving up; only once the pointer has passed the hovered card's
 * middle in that direction, so cards of unequal height do not swap back and forth.
 */
export function moveOverTask(dragged: Slot, hovered: Slot, pointerY: number, hoveredBox: { top: number; height: number }): Slot | null {
  if (dragged.date !== hovered.date) return hovered;
  if (dragged.index === hovered.index) return null;
  const middle = hoveredBox.top + hoveredBox.height / 2;
  const movingDown = dragged.index < hovered.index;
  if (movingDown ? pointerY < middle : pointerY > middle) return null;
  return hovered;
}

/**
 * A drop on a column itself (not on one of its tasks) sends the task to the end, unless the
 * pointer is in a gap between two of its cards: there the placeholder already shows where it goes.
 */
export function dropOnColumnGoesToEnd(cardBoxes: ReadonlyArray<{ top: number; bottom: number }>, pointerY: number): boolean {
  const first = cardBoxes[0];
  const last = cardBoxes[cardBoxes.length - 1];
  return !first || !last || pointerY < first.top || pointerY > last.bottom;
}
