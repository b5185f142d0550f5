import type { HTMLAttributes } from 'react';
import type { Task } from '../tasks/types';

// Stub contract: the drag-and-drop helper replaces the bodies.

export interface TaskDnd {
  /** Attach to the card's root element: pointer and touch drags start anywhere on it. */
  ref: (node: HTMLElement | null) => void;
  /** True for the card being dragged (render it as a placeholder). */
  isDragging: boolean;
  /** Spread onto the card's drag-handle button: keyboard drag (pick up, arrows, drop, Escape). */
  handleProps: HTMLAttributes<HTMLElement>;
}

export function useTaskDnd(_task: Task, _index: number): TaskDnd {
  return { ref: () => {}, isDragging: false, handleProps: {} };
}

export interface ColumnDrop {
  /** Attach to the column's root element. */
  ref: (node: HTMLElement | null) => void;
  isOver: boolean;
}

export function useColumnDrop(_date: string): ColumnDrop {
  return { ref: () => {}, isOver: false };
}
