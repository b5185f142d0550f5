import { memo, useCallback } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useTaskDnd } from '../dnd/useTaskDnd';
import { TaskCard } from './TaskCard';
import { selectTaskById, taskCompletionToggled, taskDeleted, taskRenamed } from './tasksSlice';
import type { Task } from './types';

interface TaskCardContainerProps {
  id: string;
  /** Position in its day's list (for drag and drop). */
  index: number;
}

/** Each card selects its own task, so a change to one task re-renders one card. */
export const TaskCardContainer = memo(function TaskCardContainer({ id, index }: TaskCardContainerProps) {
  const task = useAppSelector((state) => selectTaskById(state, id));
  // A deleted task's card may render once more before its list drops the id.
  return task ? <DraggableTaskCard task={task} index={index} /> : null;
});

function DraggableTaskCard({ task, index }: { task: Task; index: number }) {
  const dispatch = useAppDispatch();
  const { id } = task;
  const { ref, isDragging, handleProps } = useTaskDnd(task, index);
  const onToggleComplete = useCallback(() => dispatch(taskCompletionToggled({ id })), [dispatch, id]);
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
}
