import { useCallback, useRef, useSyncExternalStore } from 'react';
import { useAppStore } from '../../app/hooks';
import type { AppStore } from '../../app/store';
import { fieldChangeOf, type TasksState } from './tasksSlice';
import type { Task } from './types';

type Entities = TasksState['entities'];

/**
 * Per-task subscriptions on one store: a single store listener wakes only the cards whose task changed.
 * A completion or rename names its task (fieldChangeOf), so one card is woken without looking at the
 * others; any other change of `entities` compares each subscribed task's title and completion.
 */
export class TaskSubscriptions {
  private readonly listeners = new Map<string, Set<() => void>>();
  private last: Entities;
  private stop: (() => void) | null = null;

  constructor(private readonly store: Pick<AppStore, 'getState' | 'subscribe'>) {
    this.last = store.getState().tasks.entities;
  }

  subscribe(id: string, listener: () => void): () => void {
    if (!this.stop) {
      this.last = this.store.getState().tasks.entities;
      this.stop = this.store.subscribe(() => this.changed());
    }
    let set = this.listeners.get(id);
    if (!set) this.listeners.set(id, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(id);
      if (this.listeners.size === 0 && this.stop) {
        this.stop();
        this.stop = null;
      }
    };
  }

  /** How many store changes woke listeners, and how many listeners in all (for tests). */
  readonly woken = { changes: 0, listeners: 0 };

  private changed(): void {
    const entities = this.store.getState().tasks.entities;
    const from = this.last;
    if (entities === from) return;
    this.last = entities;
    const only = fieldChangeOf(entities, from);
    const ids = only !== undefined ? [only] : [...this.listeners.keys()].filter((id) => shownDiffers(from[id], entities[id]));
    if (ids.length === 0) return;
    this.woken.changes += 1;
    for (const id of ids) {
      for (const listener of this.listeners.get(id) ?? []) {
        this.woken.listeners += 1;
        listener();
      }
    }
  }
}

/** Whether a card would show something else: a delete or a move renumbers hundreds of tasks, which no card shows. */
const shownDiffers = (before: Task | undefined, after: Task | undefined) =>
  before !== after && (!before || !after || before.title !== after.title || before.completed !== after.completed);

const registries = new WeakMap<object, TaskSubscriptions>();

export function taskSubscriptions(store: Pick<AppStore, 'getState' | 'subscribe'>): TaskSubscriptions {
  let registry = registries.get(store);
  if (!registry) registries.set(store, (registry = new TaskSubscriptions(store)));
  return registry;
}

/**
 * The task as the store has it now, for what a card shows (its title and completion). The column passes
 * each card its task, but a completion or rename leaves the column's array alone (see selectTasksByDate):
 * the card hears of it here. Returns the same object while title and completion stay the same, so a
 * reorder, which gives a task a new object, does not render the card again.
 */
export function useLiveTask(task: Task): Task {
  const store = useAppStore();
  const { id } = task;
  const shown = useRef(task);
  const subscribe = useCallback((listener: () => void) => taskSubscriptions(store).subscribe(id, listener), [store, id]);
  const snapshot = () => {
    const current = store.getState().tasks.entities[id] ?? task;
    const last = shown.current;
    if (current === last || (current.id === last.id && current.title === last.title && current.completed === last.completed)) return last;
    shown.current = current;
    return current;
  };
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
