import type { DayChoice } from './ChecklistEditor';
import { useChecklistEditor } from './checklistEditing';
import type { DetailsTarget } from './detailsRequest';
import { TaskDetailsDialog, type TaskDetailsDialogProps } from './TaskDetailsDialog';

/**
 * The details dialog with its target's checklist wired to the store. In the details chunk, not the first load: the
 * checklist's wiring (selectors, events, the series' ticks) is needed only once a task's details open.
 */
export function TaskDetailsWithChecklist({
  target,
  days,
  lists,
  ...props
}: Omit<TaskDetailsDialogProps, 'checklist'> & { target: DetailsTarget | null; days: readonly DayChoice[]; lists?: readonly DayChoice[] }) {
  const checklist = useChecklistEditor(target, days, lists);
  return <TaskDetailsDialog {...props} checklist={checklist} />;
}
