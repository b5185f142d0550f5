import type { Backend, BackendFactory, DragDropManager, Identifier, XYCoord } from 'dnd-core';
import { KeyboardBackend } from './keyboardBackend';
import { PointerBackend } from './pointerBackend';

/**
 * A backend that knows where its drag's pointer is right now. dnd-core records the pointer
 * of a move only after the targets' hover handlers ran, so during hover the monitor's
 * offset is one move behind: for a keyboard drag, a whole 25 px step.
 */
export interface PointerSource {
  currentPoint(): XYCoord | null;
}

/**
 * Several backends at once, each serving its own input, all wired to every source and
 * target (in the spirit of react-dnd-multi-backend, which switches between backends
 * instead: here mouse, touch and keyboard may each start the next drag).
 */
export class CompositeBackend implements Backend, PointerSource {
  constructor(private readonly backends: ReadonlyArray<Backend & Partial<PointerSource>>) {}

  currentPoint(): XYCoord | null {
    for (const backend of this.backends) {
      const point = backend.currentPoint?.();
      if (point) return point;
    }
    return null;
  }

  setup(): void {
    for (const backend of this.backends) backend.setup();
  }

  teardown(): void {
    for (const backend of [...this.backends].reverse()) backend.teardown();
  }

  connectDragSource(sourceId: Identifier, node?: unknown, options?: unknown): () => void {
    return all(this.backends.map((backend) => backend.connectDragSource(sourceId, node, options)));
  }

  connectDragPreview(sourceId: Identifier, node?: unknown, options?: unknown): () => void {
    return all(this.backends.map((backend) => backend.connectDragPreview(sourceId, node, options)));
  }

  connectDropTarget(targetId: Identifier, node?: unknown, options?: unknown): () => void {
    return all(this.backends.map((backend) => backend.connectDropTarget(targetId, node, options)));
  }

  profile(): Record<string, number> {
    return Object.assign({}, ...this.backends.map((backend) => backend.profile()));
  }
}

/** The pointer a hover handler should measure against. */
export function currentPoint(manager: DragDropManager): XYCoord | null {
  const backend = manager.getBackend() as Backend & Partial<PointerSource>;
  return backend.currentPoint?.() ?? manager.getMonitor().getClientOffset();
}

const all = (unsubscribes: Array<() => void>) => () => unsubscribes.forEach((unsubscribe) => unsubscribe());

/** The planner's backend: mouse and touch (react-dnd-touch-backend behind the activation rules) plus the keyboard. */
export const PlannerBackend: BackendFactory = (manager, context?: { window?: Window }) => {
  const win = context?.window ?? window;
  return new CompositeBackend([new KeyboardBackend(manager, win), new PointerBackend(manager, win)]);
};
