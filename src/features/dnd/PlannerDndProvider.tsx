import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { DndProvider, useDragDropManager } from 'react-dnd';
import { useAppStore } from '../../app/hooks';
import { useAnnounce } from './announceContext';
import { provideSources } from './backend/demand';
import { cardSource, type OccurrenceDragHost } from './taskSource';
import type { BackendFactory } from 'dnd-core';
import { LazyBackend } from './backend/plannerBackend';
import { DragAnnouncer } from './DragAnnouncer';
import { dragIntent, loadOnIntent } from './dragIntent';

// Shown only during a drag: loaded with the backends, on the first sign of a drag (dragIntent.ts).
const TaskDragLayer = lazy(() => import('./TaskDragLayer'));

/** The planner's backend: mouse, touch and keyboard, a chunk loaded on the first intent to drag. */
const PlannerBackend: BackendFactory = (manager, context?: { window?: Window }) => {
  const win = context?.window ?? window;
  return new LazyBackend(() => loadOnIntent(win, () => import('./backend/compositeBackend').then(({ createInputBackend }) => createInputBackend(manager, win))));
};

function DragLayer() {
  // Wanted from the first intent to drag (at once where that cannot be waited for), after the first render, which
  // must be the same everywhere: a prerendered first screen hydrates it (app/startApp.tsx).
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (wanted) return;
    let mounted = true;
    void dragIntent(window).then(() => mounted && setWanted(true));
    return () => void (mounted = false);
  }, [wanted]);
  return wanted ? (
    <Suspense fallback={null}>
      <TaskDragLayer />
    </Suspense>
  ) : null;
}

/** What a card's drag does, for the backends, which register its source on demand (backend/cardSources.ts). */
function CardSources({ occurrences }: { occurrences?: OccurrenceDragHost }): null {
  const store = useAppStore();
  const announce = useAnnounce();
  const manager = useDragDropManager();
  useEffect(
    () =>
      provideSources(manager, {
        sourceFor: (id, card) => cardSource(id, card, store, announce, occurrences),
      }),
    [manager, store, announce, occurrences],
  );
  return null;
}

/** Drag and drop for the planner grid: mouse, touch and keyboard, the drag overlay and the live region. */
export function PlannerDndProvider({ children, occurrences }: { children: ReactNode; occurrences?: OccurrenceDragHost }) {
  return (
    <DndProvider backend={PlannerBackend}>
      <DragAnnouncer>
        <CardSources occurrences={occurrences} />
        {children}
        <DragLayer />
      </DragAnnouncer>
    </DndProvider>
  );
}
