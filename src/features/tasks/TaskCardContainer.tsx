import { memo, useCallback } from 'react';
import { useAppDispatch, useAppStore } from '../../app/hooks';
import { useTaskDnd } from '../dnd/useTaskDnd';
import { TaskCard } from './TaskCard';
import { selectTaskById, taskCompletionSet, taskDeleted, taskRenamed } from './tasksSlice';
import type { Task } from './types';

interface TaskCardContainerProps {
  /** From the column (see makeSelectTasksOn): a change to one task re-renders one card. */
  task: Task;
  /** This task is the one being dragged (its column knows, so cards need not all watch the drag). */
  isDragging: boolean;
}

export const TaskCardContainer = memo(function TaskCardContainer({ task, isDragging }: TaskCardContainerProps) {
  const dispatch = useAppDispatch();
  const store = useAppStore();
  const { id } = task;
  const { ref, handleProps } = useTaskDnd(id, isDragging);
  // The event states the new value (read at click time, so the callback stays stable across renders).
  const onToggleComplete = useCallback(() => {
    const current = selectTaskById(store.getState(), id);
    if (current) dispatch(taskCompletionSet({ id, completed: !current.completed }));
  }, [dispatch, store, id]);
  const onDelete = useCallback(() => dispatch(taskDeleted({ id })), [dispatch, id]);
  const onRename = useCallback((title: string) => dispatch(taskRenamed({ id, title })), [dispatch, id]);

  return (
    <TaskCard
      title={task.title}
      completed={task.completed}
      isDragging={isDragging}
      cardRef={ref}
      handleProps={handleProps}
      onToggleComplete={onToggleComplete}
      onDelete={onDelete}
      onRename={onRename}
    />
  );
});
