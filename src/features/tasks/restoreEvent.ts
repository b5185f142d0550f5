import { tasksRestored, type TaskEvent } from './events';
import { byOrder } from './taskList';
import type { Task } from './types';

// Apart from the log's split (bulkEvents.ts), which comes with the sync code: undo uses this on the first load.

/** Whole tasks put back at their places: by day, then place, so each lands where it says. */
export function restoreEvent(tasks: Task[]): TaskEvent {
  return tasksRestored({ tasks: [...tasks].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : byOrder(a, b))) });
}
