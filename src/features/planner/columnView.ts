import { makeSelectTasksOn, selectDraggedTaskId } from '../tasks/taskSelectors';
import { SOMEDAY, type TasksState, type TaskEntity, type TaskDate } from '../tasks/types';
import type { CatalogState } from '../catalog/types';
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
  const selectOrphans = makeSelectOrphans();
  let last: ColumnView | null = null;
  return (state: { tasks: TasksState; planner: PlannerState; catalog?: CatalogState }, date: TaskDate): ColumnView => {
    const own = selectTasksOn(state, date);
    const tasks = date === SOMEDAY ? selectOrphans(state, own) : own;
    const draggedId = selectDraggedTaskId(state);
    const selected = selectSelectedColumn(state) === date;
    const drag = state.tasks.drag;
    const dragFrom = drag !== null && drag.positions[drag.taskId]?.date === date;
    if (last && last.tasks === tasks && last.draggedId === draggedId && last.selected === selected && last.dragFrom === dragFrom) return last;
    return (last = { tasks, draggedId, selected, dragFrom });
  };
}

/**
 * Some Day's tasks, then those of lists this device does not have: a move into a list another device deleted meanwhile
 * lands there (docs/organize.md), shown in Some Day rather than nowhere. The same array while neither changes.
 */
function makeSelectOrphans() {
  let seen: unknown[] = [];
  let last: TaskEntity[] = [];
  return (state: { tasks: TasksState; catalog?: CatalogState }, own: TaskEntity[]): TaskEntity[] => {
    const { days } = state.tasks;
    const lists = state.catalog?.lists;
    if (seen[0] === days && seen[1] === lists && seen[2] === own) return last;
    seen = [days, lists, own];
    const found = [...own];
    for (const key in days) if (key.startsWith('list:') && !lists?.some((list) => `list:${list.id}` === key)) found.push(...days[key]!.ids.map((id) => days[key]!.entities[id]!));
    return (last = found.length === own.length ? own : found);
  };
}
