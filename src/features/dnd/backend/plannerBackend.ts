import type { Backend, DragDropManager, XYCoord } from 'dnd-core';

/**
 * A backend that knows where its drag's pointer is right now. dnd-core records the pointer
 * of a move only after the targets' hover handlers ran, so during hover the monitor's
 * offset is one move behind: for a keyboard drag, a whole 25 px step.
 */
export interface PointerSource {
  currentPoint(): XYCoord | null;
}

/** The pointer a hover handler should measure against. */
export function currentPoint(manager: DragDropManager): XYCoord | null {
  const backend = manager.getBackend() as Backend & Partial<PointerSource>;
  return backend.currentPoint?.() ?? manager.getMonitor().getClientOffset();
}
