/** Marks a drag handle inside a drag source; its value names the handle so focus can find it again. */
export const HANDLE_ATTR = 'data-dnd-handle';
/** On every card root, naming its task: columns find their cards by it, and a press finds its card's drag source. */
export const TASK_ATTR = 'data-dnd-task';
/** On an occurrence's card beside TASK_ATTR (both its key, series id|original date): its drag is occurrenceSource's (taskSource.ts). */
export const OCCURRENCE_ATTR = 'data-dnd-occurrence';
/** The react-dnd type of a dragged task. */
export const TASK_TYPE = 'task';

/** What a drag carries: the task (read fresh from the store at each step) and its card's width for the preview. */
export interface DraggedTask {
  id: string;
  width: number;
  /** A dragged occurrence of a series, which is not in the task list: what its preview shows. */
  occurrence?: { title: string; completed: boolean };
}
