import type { ReactNode } from 'react';

// Stub: the drag-and-drop helper replaces this with the real provider (backends + drag layer).
export function PlannerDndProvider({ children }: { children: ReactNode }) {
  return <>{children}</>;
}
