import type { Backend, DragDropManager, Identifier, XYCoord } from 'dnd-core';
import { KeyboardBackend } from './keyboardBackend';
import type { PointerSource } from './plannerBackend';
import { PointerBackend } from './pointerBackend';

/**
 * Several backends at once, each serving its own input, all wired to every source and
 * target (in the spirit of react-dnd-multi-backend, which switches between backends
 * instead: here mouse, touch and keyboard may each start the next drag).
 */
export class CompositeBackend implements Backend, PointerSource {
  constructor(private readonly backends: ReadonlyArray<Backend & Partial<PointerSource>>) {}

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

  currentPoint(): XYCoord | null {
    for (const backend of this.backends) {
      const point = backend.currentPoint?.();
      if (point) return point;
    }
    return null;
  }
}

const all = (unsubscribes: Array<() => void>) => () => unsubscribes.forEach((unsubscribe) => unsubscribe());

/** Mouse and touch (react-dnd-touch-backend behind the activation rules) plus the keyboard. */
export const createInputBackend = (manager: DragDropManager, win: Window) =>
  new CompositeBackend([new KeyboardBackend(manager, win), new PointerBackend(manager, win)]);
