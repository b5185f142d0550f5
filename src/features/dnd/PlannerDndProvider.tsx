import type { ReactNode } from 'react';
import { DndProvider } from 'react-dnd';
import { PlannerBackend } from './backend/plannerBackend';
import { DragAnnouncer } from './DragAnnouncer';
import { TaskDragLayer } from './TaskDragLayer';

/** Drag and drop for the planner grid: mouse, touch and keyboard, the drag overlay and the live region. */
export function PlannerDndProvider({ children }: { children: ReactNode }) {
  return (
    <DndProvider backend={PlannerBackend}>
      <DragAnnouncer>
        {children}
        <TaskDragLayer />
      </DragAnnouncer>
    </DndProvider>
  );
}
