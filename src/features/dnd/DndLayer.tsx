import type { BackendFactory } from 'dnd-core';
import { useLayoutEffect } from 'react';
import { DndProvider, useDragDropManager } from 'react-dnd';
import { useAppStore } from '../../app/hooks';
import { provideSources } from './backend/demand';
import { createInputBackend } from './backend/compositeBackend';
import { DropTargets } from './dropTargets';
import { cardSource, type OccurrenceDragHost } from './taskSource';
import TaskDragLayer from './TaskDragLayer';

// Everything of drag and drop that runs only once a drag may begin: react-dnd and dnd-core, the backends (mouse,
// touch, keyboard), the drop targets and the drag overlay. One chunk, loaded on the first sign of a drag
// (PlannerDndProvider.tsx); the page's columns and week buttons are zones it makes targets of (dropZones.ts).

const backend: BackendFactory = (manager, context?: { window?: Window }) => createInputBackend(manager, context?.window ?? window);

/** What a card's drag does, for the backends, which register its source on demand (backend/cardSources.ts). */
function CardSources({ occurrences, announce }: DndLayerProps): null {
  const store = useAppStore();
  const manager = useDragDropManager();
  // In a layout effect: a press replayed right after the layer's commit (dragIntent.ts) finds them.
  useLayoutEffect(
    () =>
      provideSources(manager, {
        sourceFor: (id, card) => cardSource(id, card, store, announce, occurrences),
      }),
    [manager, store, announce, occurrences],
  );
  return null;
}

export interface DndLayerProps {
  occurrences?: OccurrenceDragHost;
  /** Says a message in the drag live region (DragAnnouncer, on the page from the first screen). */
  announce: (message: string) => void;
}

// One manager for the page, kept on the window (react-dnd's `context`). Without it, react-dnd's manager is a global
// its provider drops when its effects are cleaned up (as StrictMode does at once in development) and makes anew at its
// next render: a second backend set up beside the first ("Cannot have two Touch backends").
export default function DndLayer({ occurrences, announce }: DndLayerProps) {
  return (
    <DndProvider backend={backend} context={window}>
      <CardSources occurrences={occurrences} announce={announce} />
      <DropTargets />
      <TaskDragLayer />
    </DndProvider>
  );
}
