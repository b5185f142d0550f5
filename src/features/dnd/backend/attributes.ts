/** Marks a drag handle inside a drag source; its value names the handle so focus can find it again. */
export const HANDLE_ATTR = 'data-dnd-handle';
/** On every card root, naming its task: columns find their cards by it, and a press finds its card's drag source. */
export const TASK_ATTR = 'data-dnd-task';
/** The react-dnd type of a dragged task. */
export const TASK_TYPE = 'task';

/** What a drag carries: the task (read fresh from the store at each step) and its card's width for the preview. */
export interface DraggedTask {
  id: string;
  width: number;
}
