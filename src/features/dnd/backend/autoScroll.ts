import type { DragDropMonitor, XYCoord } from 'dnd-core';

const EDGE = 40;
const MAX_STEP = 14;

/** How far to scroll per frame along one axis: faster the deeper the pointer is in the edge band. */
export function edgeStep(at: number, size: number): number {
  if (at < EDGE) return -Math.ceil((MAX_STEP * (EDGE - Math.max(at, 0))) / EDGE);
  if (at > size - EDGE) return Math.ceil((MAX_STEP * (Math.min(at, size) - (size - EDGE))) / EDGE);
  return 0;
}

/**
 * While a pointer drag runs, scrolls the window when the pointer rests near an edge
 * (on a phone the days are stacked far below each other, and a held touch cannot
 * scroll), then hovers again: the targets moved under a pointer that did not.
 * Returns the stop function.
 */
export function startAutoScroll(win: Window, monitor: DragDropMonitor, hoverAt: (point: XYCoord) => void): () => void {
  let frame = win.requestAnimationFrame(function step() {
    const point = monitor.getClientOffset();
    const dx = point ? edgeStep(point.x, win.innerWidth) : 0;
    const dy = point ? edgeStep(point.y, win.innerHeight) : 0;
    if (point && (dx || dy) && monitor.isDragging() && !monitor.didDrop()) {
      const { scrollX, scrollY } = win;
      win.scrollBy(dx, dy);
      if (win.scrollX !== scrollX || win.scrollY !== scrollY) hoverAt(point);
    }
    frame = win.requestAnimationFrame(step);
  });
  return () => win.cancelAnimationFrame(frame);
}
