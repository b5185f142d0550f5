import { makeStore } from '../../src/app/store';
import { UploadScheduler } from '../../src/features/sync/uploadScheduler';
import type { Task } from '../../src/features/tasks/types';
import type { FakeBackend } from './fakeBackend';

export function task(id: string, overrides: Partial<Task> = {}): Task {
  return { id, title: `Task ${id}`, date: '2026-11-23', completed: false, createdAt: 1, order: 0, ...overrides };
}

/** Lets pending promises and due fake timers run. */
export async function settle(ms = 0): Promise<void> {
  await jest.advanceTimersByTimeAsync(ms);
}

/**
 * The real store (reducers, redux-persist on jsdom's localStorage, listeners) talking to `backend`,
 * started like the app starts it. Call with fake timers on.
 */
export async function startApp(backend: FakeBackend, { stored }: { stored?: Task[] } = {}) {
  if (stored) localStorage.setItem('weekly-planner-tasks', JSON.stringify(stored));
  const uploads = new UploadScheduler(500, 3000);
  const { store, persistor } = makeStore({ backend: async () => backend, uploads });
  await settle();
  if (!store.getState().tasks._persist.rehydrated) throw new Error('store did not load from storage');
  return { store, persistor, uploads };
}

/** What the app would have saved locally. */
export function storedTasks(): Task[] {
  return JSON.parse(localStorage.getItem('weekly-planner-tasks') ?? '[]') as Task[];
}
