import { memo, useCallback, useState } from 'react';
import { flushSync } from 'react-dom';
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

export const TaskCardContainer = memo(TaskCardContainerInner, sameCard);

function TaskCardContainerInner({ task, isDragging }: TaskCardContainerProps) {
  const dispatch = useAppDispatch();
  const store = useAppStore();
  const { id } = task;
  const { ref, handleProps } = useTaskDnd(id, isDragging);
  // The completion this card shows ahead of the store, within one click (see onToggleComplete).
  const [completedNow, setCompletedNow] = useState<boolean | null>(null);
  // The event states the new value (read at click time, so the callback stays stable across renders).
  const onToggleComplete = useCallback(() => {
    const current = selectTaskById(store.getState(), id);
    if (!current) return;
    const completed = !current.completed;
    // The card changes first: the store's update copies the 5,000-key entities object and re-renders the
    // column, milliseconds this card need not wait for. Both land before the next frame is painted.
    flushSync(() => setCompletedNow(completed));
    dispatch(taskCompletionSet({ id, completed }));
    // From here on the store is the truth again (batched with the column's render: no second change).
    setCompletedNow(null);
  }, [dispatch, store, id]);
  const onDelete = useCallback(() => dispatch(taskDeleted({ id })), [dispatch, id]);
  const onRename = useCallback((title: string) => dispatch(taskRenamed({ id, title })), [dispatch, id]);

  return (
    <TaskCard
      title={task.title}
      completed={completedNow ?? task.completed}
      isDragging={isDragging}
      cardRef={ref}
      handleProps={handleProps}
      onToggleComplete={onToggleComplete}
      onDelete={onDelete}
      onRename={onRename}
    />
  );
}

/**
 * A card shows its task's title and completion only. A reorder (a drag hovering over a day of
 * hundreds) gives every later task of the day a new order, and so a new object: those cards need
 * not render again.
 */
function sameCard(before: TaskCardContainerProps, after: TaskCardContainerProps): boolean {
  return (
    before.isDragging === after.isDragging &&
    before.task.id === after.task.id &&
    before.task.title === after.task.title &&
    before.task.completed === after.task.completed
  );
}
