import type { PersistConfig, Storage } from 'redux-persist';
import type { TasksState } from './tasksSlice';
import { TASKS_BACKUP_KEY, TASKS_KEY, parseStoredTasks, serializeTasks } from './storage';
import type { Task } from './types';

type PersistedTasks = Pick<TasksState, 'ids' | 'entities'>;

function toPersisted(tasks: Task[]): PersistedTasks {
  return { ids: tasks.map((task) => task.id), entities: Object.fromEntries(tasks.map((task) => [task.id, task])) };
}

function safeWrite(storage: globalThis.Storage, key: string, value: string): void {
  try {
    storage.setItem(key, value);
  } catch (error) {
    // Quota exceeded or private mode: the spec says write failures are ignored; the planner keeps working in memory.
    console.warn(`Could not save ${key}`, error);
  }
}

/**
 * redux-persist settings that keep the tasks as the spec stores them: exactly one key,
 * 'weekly-planner-tasks', holding a plain JSON array (no prefix, no wrapper, no _persist field).
 */
export function tasksPersistConfig(backing: () => globalThis.Storage | undefined = () => globalThis.localStorage): PersistConfig<TasksState> {
  const storage: Storage = {
    getItem: async (key: string) => backing()?.getItem(key) ?? null,
    setItem: async (key: string, state: PersistedTasks) => {
      const target = backing();
      if (!target) return;
      safeWrite(target, key, serializeTasks(state.ids.map((id) => state.entities[id]!)));
    },
    removeItem: async (key: string) => backing()?.removeItem(key),
  };

  return {
    key: TASKS_KEY,
    keyPrefix: '',
    storage,
    serialize: false,
    deserialize: false,
    whitelist: ['ids', 'entities'],
    timeout: 0,
    // One write per animation-frame-ish burst keeps large lists cheap while dragging.
    throttle: 50,
    async getStoredState() {
      const target = backing();
      let raw: string | null;
      try {
        raw = target?.getItem(TASKS_KEY) ?? null;
      } catch {
        raw = null;
      }
      const { tasks, changed, unreadable } = parseStoredTasks(raw);
      if (target && raw !== null) {
        // Keep what could not be read aside rather than overwrite it with the next save.
        if (unreadable) safeWrite(target, TASKS_BACKUP_KEY, raw);
        if (changed) safeWrite(target, TASKS_KEY, serializeTasks(tasks));
      }
      return raw === null ? undefined : toPersisted(tasks);
    },
  } as PersistConfig<TasksState>;
}
