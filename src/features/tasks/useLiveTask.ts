import { useEffect, useState } from 'react';
import { useAppStore } from '../../app/hooks';
import type { AppStore } from '../../app/store';
import { changedIdsOf, type TaskDays, type TasksState } from './tasksSlice';
import type { Task, TaskDate } from './types';

/**
 * Per-task subscriptions on one store: a single store listener wakes only the cards whose task changed.
 * Cards subscribe under their day, and a change looks only at the days whose state changed, and there at
 * the tasks the reducer touched (changedIdsOf): a completion among 5,000 tasks compares one card.
 */
export class TaskSubscriptions {
  /** Listeners by day, then by task id. */
  private readonly listeners = new Map<TaskDate, Map<string, Set<() => void>>>();
  private count = 0;
  private last: TaskDays;
  private stop: (() => void) | null = null;

  constructor(private readonly store: Pick<AppStore, 'getState' | 'subscribe'>) {
    this.last = store.getState().tasks.days;
  }

  subscribe(id: string, date: TaskDate, listener: () => void): () => void {
    if (!this.stop) {
      this.last = this.store.getState().tasks.days;
      this.stop = this.store.subscribe(() => this.changed());
    }
    let day = this.listeners.get(date);
    if (!day) this.listeners.set(date, (day = new Map()));
    let set = day.get(id);
    if (!set) day.set(id, (set = new Set()));
    set.add(listener);
    this.count += 1;
    return () => {
      if (!set.delete(listener)) return;
      this.count -= 1;
      if (set.size === 0) day.delete(id);
      if (day.size === 0) this.listeners.delete(date);
      if (this.count === 0 && this.stop) {
        this.stop();
        this.stop = null;
      }
    };
  }

  /** How many store changes woke listeners, and how many listeners in all (for tests). */
  readonly woken = { changes: 0, listeners: 0 };

  private changed(): void {
    const days = this.store.getState().tasks.days;
    const from = this.last;
    if (days === from) return;
    this.last = days;
    const wake: Array<() => void> = [];
    for (const [date, byId] of this.listeners) {
      const before = from[date]?.entities;
      const after = days[date]?.entities;
      if (before === after) continue;
      // One edit names the tasks it touched: a completion compares one card, not the day's hundreds.
      const ids = (after && changedIdsOf(after, before)) ?? byId.keys();
      for (const id of ids) {
        const set = byId.get(id);
        if (set && shownDiffers(before?.[id], after?.[id])) wake.push(...set);
      }
    }
    if (wake.length === 0) return;
    this.woken.changes += 1;
    this.woken.listeners += wake.length;
    for (const listener of wake) listener();
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
 * each card its task, but a completion or rename leaves the column's array alone (see makeSelectTasksOn):
 * the card hears of it here. Keeps the same object while title and completion stay the same, so a
 * reorder, which gives a task a new object, does not render the card again.
 *
 * State set from the card's subscription rather than useSyncExternalStore: that hook gives every render
 * after a change a passive effect, which React runs within a click's commit (a discrete update) on top of
 * the card's own render. The subscription is made after the card mounts, so it first catches up on a change
 * made in between, and only on one: a set state that changes nothing stays queued on the card, and the card's
 * first click then rendered it twice (the second time at normal priority, after the click's own render).
 */
export function useLiveTask(task: Task): Task {
  const store = useAppStore();
  const { id, date } = task;
  const [shown, setShown] = useState(() => liveTask(store.getState().tasks, id, date, task));
  // The store's task as the first render read it (never set again).
  const [read] = useState(() => storedTask(store.getState().tasks, id, date));
  useEffect(() => {
    const update = () => setShown((last) => liveTask(store.getState().tasks, id, date, last));
    const stop = taskSubscriptions(store).subscribe(id, date, update);
    if (storedTask(store.getState().tasks, id, date) !== read) update();
    return stop;
  }, [store, id, date, read]);
  return shown;
}

/** The task as the store has it on its day (not looked for elsewhere: moved away, its card is about to leave). */
const storedTask = (tasks: Pick<TasksState, 'days'>, id: string, date: TaskDate): Task | undefined => tasks.days[date]?.entities[id];

/** The store's task if it shows something else than `last`; gone from its day (moved or deleted), the card is about to leave and keeps `last`. */
function liveTask(tasks: Pick<TasksState, 'days'>, id: string, date: TaskDate, last: Task): Task {
  const current = storedTask(tasks, id, date);
  return current && shownDiffers(last, current) ? current : last;
}
