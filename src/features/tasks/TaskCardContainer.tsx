import { memo, use, useCallback, useMemo, useRef } from 'react';
import { useAppDispatch, useAppStore } from '../../app/hooks';
import { CatalogViewContext, filteredOut, labelsOf } from '../catalog/CatalogView';
import { taskDndProps } from '../dnd/useTaskDnd';
import { showCardCompletion } from './cardCompletion';
import { DetailsRequestContext } from './detailsRequest';
import { MoveRequestContext } from './moveRequest';
import { TaskCard } from './TaskCard';
import { taskCompletionSet, taskDeleted } from './events';
import { cardRenamed } from './freshTasks';
import { selectTaskById } from './taskSelectors';
import type { TaskEntity } from './types';
import { useLiveTask } from './useLiveTask';

interface TaskCardContainerProps {
  /**
   * From the column (see makeSelectTasksOn). Its place is current; its title and completion may be older,
   * the card reads those from the store (useLiveTask), so a completion re-renders one card, not a column.
   */
  task: TaskEntity;
  /** This task is the one being dragged (its column knows, so cards need not all watch the drag). */
  isDragging: boolean;
}

export const TaskCardContainer = memo(TaskCardContainerInner, sameCard);

function TaskCardContainerInner({ task, isDragging }: TaskCardContainerProps) {
  const dispatch = useAppDispatch();
  const store = useAppStore();
  const { id, date } = task;
  const card = useRef<HTMLLIElement>(null);
  const showCompleted = useCallback((completed: boolean) => {
    if (card.current) showCardCompletion(card.current, completed);
  }, []);
  // A completion after mount is shown on the card without rendering it (see useLiveTask).
  const live = useLiveTask(task, showCompleted);
  const { cardProps, handleProps } = taskDndProps(id, isDragging);
  // The event states the new value (read at click time, so the callback stays stable across renders).
  const onToggleComplete = useCallback(() => {
    const current = selectTaskById(store.getState(), id, date);
    if (current) dispatch(taskCompletionSet({ id, completed: !current.completed }));
  }, [dispatch, store, id, date]);
  const onDelete = useCallback(() => dispatch(taskDeleted({ id })), [dispatch, id]);
  // The first rename of a task '+' just made reads phrases as an add box does (tasks/freshTasks.ts).
  const onRename = useCallback((title: string) => void dispatch(cardRenamed(id, title)), [dispatch, id]);
  const requestMove = use(MoveRequestContext);
  const onMoveRequest = useMemo(() => (requestMove ? () => requestMove(id) : undefined), [requestMove, id]);
  const requestDetails = use(DetailsRequestContext);
  const onOpenDetails = useMemo(() => (requestDetails ? () => requestDetails({ kind: 'task', id }) : undefined), [requestDetails, id]);
  const view = use(CatalogViewContext);
  const labels = useMemo(() => (view ? labelsOf(view, live.labels) : undefined), [view, live.labels]);

  return (
    <TaskCard
      ref={card}
      title={live.title}
      completed={live.completed}
      isDragging={isDragging}
      cardProps={cardProps}
      handleProps={handleProps}
      onToggleComplete={onToggleComplete}
      onDelete={onDelete}
      onRename={onRename}
      onMoveRequest={onMoveRequest}
      onOpenDetails={onOpenDetails}
      hasNotes={live.hasNotes}
      progress={live.progress}
      labels={labels}
      filtered={filteredOut(view, labels)}
    />
  );
}

/** A card shows its task's title, completion and whether it has notes (its place is the column's). */
function sameCard(before: TaskCardContainerProps, after: TaskCardContainerProps): boolean {
  return (
    before.isDragging === after.isDragging &&
    before.task.id === after.task.id &&
    before.task.title === after.task.title &&
    before.task.completed === after.task.completed &&
    before.task.notes === after.task.notes &&
    before.task.checklist === after.task.checklist &&
    before.task.labels === after.task.labels
  );
}
