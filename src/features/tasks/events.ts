import { TASK_EVENT_TYPES, isDayKey, isTaskEvent, type TaskEvent } from './tasksSlice';

export { TASK_EVENT_TYPES, isTaskEvent, type TaskEvent };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isText = (value: unknown): value is string => typeof value === 'string' && value.length > 0;
const isIndex = (value: unknown): boolean => typeof value === 'number' && Number.isInteger(value) && value >= 0;
const isTaskShape = (value: unknown): boolean =>
  isRecord(value) &&
  isText(value.id) &&
  typeof value.title === 'string' &&
  isText(value.date) &&
  typeof value.completed === 'boolean' &&
  typeof value.createdAt === 'number' &&
  Number.isFinite(value.createdAt) &&
  isIndex(value.order);

/**
 * Whether a value read from elsewhere (the cloud log, another tab, a file) is a task event this
 * version understands, with the payload its reducer expects. Anything else is skipped, not applied.
 */
export function isWellFormedTaskEvent(value: unknown): value is TaskEvent {
  if (!isRecord(value) || typeof value.type !== 'string' || !TASK_EVENT_TYPES.includes(value.type)) return false;
  const payload = value.payload;
  if (!isRecord(payload)) return false;
  switch (value.type.slice('tasks/'.length)) {
    case 'taskAdded':
      return isText(payload.id) && typeof payload.title === 'string' && isText(payload.date) && typeof payload.createdAt === 'number';
    case 'taskRenamed':
      return isText(payload.id) && typeof payload.title === 'string';
    case 'taskCompletionSet':
      return isText(payload.id) && typeof payload.completed === 'boolean';
    case 'taskDeleted':
      return isText(payload.id);
    case 'taskMoved':
      return isText(payload.id) && isText(payload.toDate) && isIndex(payload.toIndex);
    case 'taskMovedToEnd':
      return isText(payload.id) && isText(payload.toDate);
    case 'taskRestored':
      return isTaskShape(payload.task);
    case 'tasksRestored':
      return Array.isArray(payload.tasks) && payload.tasks.every(isTaskShape);
    case 'tasksDeleted':
      return Array.isArray(payload.ids) && payload.ids.every(isText);
    case 'tasksRolledOver':
      return Array.isArray(payload.ids) && payload.ids.every(isText) && isDayKey(payload.to);
    default:
      return false;
  }
}
