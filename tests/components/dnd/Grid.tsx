import { useMemo } from 'react';
import { useAppSelector } from '../../../src/app/hooks';
import { useColumnDrop } from '../../../src/features/dnd/dropZones';
import { taskDndProps } from '../../../src/features/dnd/useTaskDnd';
import { makeSelectTaskIdsOn, selectDraggedTaskId, selectTaskById } from '../../../src/features/tasks/taskSelectors';
import { clicks, DAYS } from './clicks';

// A bare planner grid made of the drag-and-drop hooks only, so these tests exercise the
// backends and hooks whatever the real cards look like.

export function Grid() {
  return (
    <>
      {DAYS.map((date) => (
        <Column key={date} date={date} />
      ))}
    </>
  );
}

function Card({ id, isDragging }: { id: string; isDragging: boolean }) {
  const task = useAppSelector((state) => selectTaskById(state, id))!;
  const { cardProps, handleProps } = taskDndProps(id, isDragging);
  return (
    <li {...cardProps} data-dragging={isDragging || undefined}>
      <button type="button" aria-label={`Move ${task.title}`} {...handleProps}>
        ⠿
      </button>
      <button type="button" onClick={() => clicks.push(task.title)}>
        {task.title}
      </button>
      <input aria-label={`Edit ${task.title}`} defaultValue={task.title} />
    </li>
  );
}

function Column({ date }: { date: string }) {
  const selectIds = useMemo(() => makeSelectTaskIdsOn(), []);
  const ids = useAppSelector((state) => selectIds(state, date));
  const draggedId = useAppSelector(selectDraggedTaskId);
  const { ref, isOver } = useColumnDrop(date);
  return (
    <section ref={ref} data-col={date} data-over={isOver || undefined} aria-label={date}>
      <ul>
        {ids.map((id) => (
          <Card key={id} id={id} isDragging={id === draggedId} />
        ))}
      </ul>
    </section>
  );
}
