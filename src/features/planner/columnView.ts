import { makeSelectTasksOn, selectDraggedTaskId } from '../tasks/taskSelectors';
import type { TasksState, TaskEntity, TaskDate } from '../tasks/types';
import { makeSelectWeekOccurrences } from '../series/weekOccurrences';
import { selectSelectedColumn, selectWeekDayKeys, type PlannerState } from './plannerSlice';

/** The displayed week's occurrences of series, by day (Some Day's too): one computation a week for every column. */
export const selectWeekOccurrences = makeSelectWeekOccurrences(selectWeekDayKeys);

export interface ColumnView {
  tasks: TaskEntity[];
  draggedId: string | null;
  selected: boolean;
  /** A drag in progress began in this column (see DayColumnProps.holdHeight). */
  dragFrom: boolean;
}

/**
 * What a column shows from the store, as one subscription: every dispatch runs each mounted useSelector, and
 * three per column made 24 of the ~35 an edit's click ran. The same object while all three are the same.
 */
export function makeSelectColumn() {
  const selectTasksOn = makeSelectTasksOn();
  let last: ColumnView | null = null;
  return (state: { tasks: TasksState; planner: PlannerState }, date: TaskDate): ColumnView => {
    const tasks = selectTasksOn(state, date);
    const draggedId = selectDraggedTaskId(state);
    const selected = selectSelectedColumn(state) === date;
    const drag = state.tasks.drag;
    const dragFrom = drag !== null && drag.positions[drag.taskId]?.date === date;
    if (last && last.tasks === tasks && last.draggedId === draggedId && last.selected === selected && last.dragFrom === dragFrom) return last;
    return (last = { tasks, draggedId, selected, dragFrom });
  };
}
