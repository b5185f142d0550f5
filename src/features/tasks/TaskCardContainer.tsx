import { memo, useCallback } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useTaskDnd } from '../dnd/useTaskDnd';
import { TaskCard } from './TaskCard';
import { selectTaskById, taskCompletionToggled, taskDeleted, taskRenamed } from './tasksSlice';
import type { Task } from './types';

interface TaskCardContainerProps {
  id: string;
  /** This task is the one being dragged (its column knows, so cards need not all watch the drag). */
  isDragging: boolean;
}

/** Each card selects its own task, so a change to one task re-renders one card. */
export const TaskCardContainer = memo(function TaskCardContainer({ id, isDragging }: TaskCardContainerProps) {
  const task = useAppSelector((state) => selectTaskById(state, id));
  // A deleted task's card may render once more before its list drops the id.
  return task ? <DraggableTaskCard task={task} isDragging={isDragging} /> : null;
});

function DraggableTaskCard({ task, isDragging }: { task: Task; isDragging: boolean }) {
  const dispatch = useAppDispatch();
  const { id } = task;
  const { ref, handleProps } = useTaskDnd(id, isDragging);
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
