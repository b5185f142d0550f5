import { lazy, Suspense, type ReactNode } from 'react';
import { DndProvider } from 'react-dnd';
import { PlannerBackend } from './backend/plannerBackend';
import { DragAnnouncer } from './DragAnnouncer';

// Shown only during a drag: loaded beside the planner, not before it.
const TaskDragLayer = lazy(() => import('./TaskDragLayer'));

/** Drag and drop for the planner grid: mouse, touch and keyboard, the drag overlay and the live region. */
export function PlannerDndProvider({ children }: { children: ReactNode }) {
  return (
    <DndProvider backend={PlannerBackend}>
      <DragAnnouncer>
        {children}
        <Suspense fallback={null}>
          <TaskDragLayer />
        </Suspense>
      </DragAnnouncer>
    </DndProvider>
  );
}
