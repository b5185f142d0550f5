import { useState, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { TASKS_KEY } from '../features/tasks/storage';
import type { Task } from '../features/tasks/types';
import type { Theme } from '../features/theme/themeSlice';
import type { BackendLoader } from '../lib/supabase';
import { makeStore } from './store';

// Stories get the real store, but never the browser's localStorage: a story must not read or
// overwrite the planner's tasks.

/** A Web Storage in memory, seeded with tasks the way the app stores them. */
class StoryStorage implements Storage {
  private readonly items = new Map<string, string>();

  constructor(tasks: Task[]) {
    if (tasks.length > 0) this.items.set(TASKS_KEY, JSON.stringify(tasks));
  }
  get length() {
    return this.items.size;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, String(value));
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  clear() {
    this.items.clear();
  }
}

export interface StoryStoreProviderProps {
  tasks: Task[];
  theme: Theme;
  backend: BackendLoader;
  children: ReactNode;
}

/** The real store, made once per mounted story so stories never share state. */
export function StoryStoreProvider({ tasks, theme, backend, children }: StoryStoreProviderProps) {
  const [store] = useState(() => {
    const storage = new StoryStorage(tasks);
    return makeStore({ storage: () => storage, backend, preloadedState: { theme } }).store;
  });
  return <Provider store={store}>{children}</Provider>;
}

