import { useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { useAnnounce } from './announceContext';
import { DragAnnouncer } from './DragAnnouncer';
import type { DndLayerProps } from './DndLayer';
import { loadOnIntent } from './dragIntent';
import type { OccurrenceDragHost } from './taskSource';

/**
 * Mounts the drag-and-drop layer (react-dnd, the backends, the drop targets and the overlay: DndLayer.tsx) on the
 * first sign of a drag (dragIntent.ts). Mounted in the promise's own callback, synchronously (flushSync): the press
 * made while it loaded is replayed right after that callback (loadOnIntent), when targets and backend are in place.
 */
/** One load for the page: a planner mounted again (or twice, in development) takes the layer already on its way. */
let layer: Promise<ComponentType<DndLayerProps>> | undefined;

function LazyDndLayer({ occurrences }: { occurrences?: OccurrenceDragHost }) {
  const announce = useAnnounce();
  // Nothing at the first render, which must be the same everywhere: a prerendered first screen hydrates it
  // (app/startApp.tsx).
  const [Layer, setLayer] = useState<ComponentType<DndLayerProps> | null>(null);
  useEffect(() => {
    let mounted = true;
    layer ??= loadOnIntent(window, () => import('./DndLayer').then(({ default: loaded }) => loaded));
    layer.then(
      (loaded) => mounted && flushSync(() => setLayer(() => loaded)),
      (error: unknown) => console.error('Drag and drop could not load', error),
    );
    return () => void (mounted = false);
  }, []);
  return Layer ? <Layer occurrences={occurrences} announce={announce} /> : null;
}

/** Drag and drop for the planner grid: mouse, touch and keyboard, the drag overlay and the live region. */
export function PlannerDndProvider({ children, occurrences }: { children: ReactNode; occurrences?: OccurrenceDragHost }) {
  return (
    <DragAnnouncer>
      {children}
      <LazyDndLayer occurrences={occurrences} />
    </DragAnnouncer>
  );
}
