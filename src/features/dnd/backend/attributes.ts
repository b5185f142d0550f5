/** Marks a drag handle inside a drag source; its value names the handle so focus can find it again. */
export const HANDLE_ATTR = 'data-dnd-handle';
