import { memo, useCallback, useMemo } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useColumnDrop } from '../dnd/useTaskDnd';
import { DayColumn } from '../tasks/DayColumn';
import { TaskCardContainer } from '../tasks/TaskCardContainer';
import { makeSelectTaskIdsOn, taskAdded } from '../tasks/tasksSlice';
import { SOMEDAY, type TaskDate } from '../tasks/types';
import { columnToggled, selectSelectedColumn } from './plannerSlice';
import { dateLabel, dayLabel, isTodayKey } from './week';

/** One day (or Some Day) of the displayed week, wired to the store. */
export const DayColumnContainer = memo(function DayColumnContainer({ date }: { date: TaskDate }) {
  const dispatch = useAppDispatch();
  // One selector instance per column keeps each column's memo independent.
  const selectTaskIdsOn = useMemo(makeSelectTaskIdsOn, []);
  const taskIds = useAppSelector((state) => selectTaskIdsOn(state, date));
  const selected = useAppSelector((state) => selectSelectedColumn(state) === date);
  const { ref, isOver } = useColumnDrop(date);
  const onToggleSelected = useCallback(() => dispatch(columnToggled({ id: date })), [dispatch, date]);
  const onAddTask = useCallback((title: string) => dispatch(taskAdded(title, date)), [dispatch, date]);
  const someday = date === SOMEDAY;

  return (
    <DayColumn
      title={someday ? 'Some Day' : dayLabel(date)}
      dateLabel={someday ? undefined : dateLabel(date)}
      isToday={!someday && isTodayKey(date)}
      selected={selected}
      isOver={isOver}
      taskCount={taskIds.length}
      onToggleSelected={onToggleSelected}
      onAddTask={onAddTask}
      dropRef={ref}
    >
      {taskIds.map((id, index) => (
        <TaskCardContainer key={id} id={id} index={index} />
      ))}
    </DayColumn>
  );
});
