import type { Backend, BackendFactory, DragDropManager, Identifier, XYCoord } from 'dnd-core';

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

type ConnectKind = 'connectDragSource' | 'connectDragPreview' | 'connectDropTarget';

interface Connection {
  kind: ConnectKind;
  args: [Identifier, unknown, unknown];
  disconnect?: () => void;
}

/**
 * Stands in for the input backends while their code loads (they are a separate chunk,
 * off the first load's critical path): records setup and connections, and hands them over
 * once loaded. The import starts as the planner mounts, long before a person can drag.
 */
export class LazyBackend implements Backend, PointerSource {
  private real: (Backend & PointerSource) | null = null;
  private pending = new Set<Connection>();
  private isSetUp = false;

  constructor(load: () => Promise<Backend & PointerSource>) {
    load().then(
      (real) => {
        this.real = real;
        if (this.isSetUp) real.setup();
        for (const connection of this.pending) connection.disconnect = real[connection.kind](...connection.args);
        this.pending.clear();
      },
      (error: unknown) => console.error('Drag and drop could not load', error),
    );
  }

  setup(): void {
    this.isSetUp = true;
    this.real?.setup();
  }

  teardown(): void {
    this.isSetUp = false;
    this.real?.teardown();
  }

  connectDragSource(sourceId: Identifier, node?: unknown, options?: unknown): () => void {
    return this.connect('connectDragSource', [sourceId, node, options]);
  }

  connectDragPreview(sourceId: Identifier, node?: unknown, options?: unknown): () => void {
    return this.connect('connectDragPreview', [sourceId, node, options]);
  }

  connectDropTarget(targetId: Identifier, node?: unknown, options?: unknown): () => void {
    return this.connect('connectDropTarget', [targetId, node, options]);
  }

  profile(): Record<string, number> {
    return this.real?.profile() ?? { pendingConnections: this.pending.size };
  }

  currentPoint(): XYCoord | null {
    return this.real?.currentPoint() ?? null;
  }

  private connect(kind: ConnectKind, args: Connection['args']): () => void {
    if (this.real) return this.real[kind](...args);
    const connection: Connection = { kind, args };
    this.pending.add(connection);
    return () => {
      this.pending.delete(connection);
      connection.disconnect?.();
    };
  }
}

/** The planner's backend: mouse, touch and keyboard, loaded on demand. */
export const PlannerBackend: BackendFactory = (manager, context?: { window?: Window }) => {
  const win = context?.window ?? window;
  return new LazyBackend(() => import('./compositeBackend').then(({ createInputBackend }) => createInputBackend(manager, win)));
};
