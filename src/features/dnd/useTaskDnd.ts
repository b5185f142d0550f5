import type { HTMLAttributes } from 'react';
import { INSTRUCTIONS_ID } from './announcements';
import { HANDLE_ATTR, OCCURRENCE_ATTR, TASK_ATTR } from './backend/attributes';

export interface TaskDnd {
  /** Spread onto the card's root element: pointer and touch drags start anywhere on it. */
  cardProps: { [TASK_ATTR]: string };
  /** Spread onto the card's drag-handle button: keyboard drag (pick up, arrows, drop, Escape). */
  handleProps: HTMLAttributes<HTMLElement> & { [HANDLE_ATTR]: string };
}

/**
 * A card as a drag source: attributes only. Its source is registered when a press or a pick-up key
 * reaches it (backend/cardSources.ts), so mounting or deleting one of thousands of cards touches no drag state;
 * whether it is the dragged one comes from the store, through its column.
 */
export function taskDndProps(id: string, isDragging: boolean): TaskDnd {
  return {
    cardProps: { [TASK_ATTR]: id },
    handleProps: handleProps(id, isDragging),
  };
}

/** An occurrence's card as a drag source, named by its key (series id|original date): see taskSource.ts. */
export function occurrenceDndProps(key: string, isDragging: boolean): { cardProps: Record<`data-${string}`, string>; handleProps: TaskDnd['handleProps'] } {
  return { cardProps: { [TASK_ATTR]: key, [OCCURRENCE_ATTR]: key }, handleProps: handleProps(key, isDragging) };
}

function handleProps(id: string, isDragging: boolean): TaskDnd['handleProps'] {
  return {
    [HANDLE_ATTR]: id,
    'aria-roledescription': 'draggable',
    'aria-describedby': INSTRUCTIONS_ID,
    'aria-pressed': isDragging,
  };
}
