import { useDragLayer } from 'react-dnd';
import { useAppSelector } from '../../app/hooks';
import { taskIn } from '../tasks/taskList';
import { TaskDragPreview } from './TaskDragPreview';
import type { DraggedTask } from './backend/attributes';

/**
 * The drag overlay: a preview of the dragged task where the card would be if it followed
 * the pointer. It never takes pointer events, so hit-testing sees the targets beneath it.
 */
export default function TaskDragLayer() {
  const { item, offset } = useDragLayer((monitor) => ({
    item: monitor.isDragging() ? (monitor.getItem() as DraggedTask | null) : null,
    offset: monitor.getSourceClientOffset(),
  }));
  const stored = useAppSelector((state) => (item && !item.occurrence ? taskIn(state.tasks, item.id) : undefined));
  const task = item?.occurrence ?? stored;
  if (!item || !offset || !task) return null;
  return (
    <div className="pointer-events-none fixed inset-0 z-50" data-testid="drag-layer">
      {/* A layer of its own: following the pointer moves it on the compositor, no repaint of the page under it. */}
      <div style={{ transform: `translate(${offset.x}px, ${offset.y}px)` }} className="w-max will-change-transform">
        <TaskDragPreview title={task.title} completed={task.completed} width={item.width} />
      </div>
    </div>
  );
}
