import { useEffect, useRef, useState } from 'react';
import { useAppStore } from '../../app/hooks';
import type { AppStore } from '../../app/store';
import { progressOf, type Progress } from './checklist';
import { changedIdsOf } from './taskEdit';
import type { TaskDays, TasksState, TaskEntity, TaskDate } from './types';

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

/** Whether a card would show something else (a new object may differ only in what no card shows). */
const shownDiffers = (before: TaskEntity | undefined, after: TaskEntity | undefined) =>
  before !== after &&
  (!before ||
    !after ||
    before.title !== after.title ||
    before.completed !== after.completed ||
    !before.notes !== !after.notes ||
    before.checklist !== after.checklist ||
    before.labels !== after.labels);

const registries = new WeakMap<object, TaskSubscriptions>();

export function taskSubscriptions(store: Pick<AppStore, 'getState' | 'subscribe'>): TaskSubscriptions {
  let registry = registries.get(store);
  if (!registry) registries.set(store, (registry = new TaskSubscriptions(store)));
  return registry;
}

/**
 * What a card shows of its task, as the store has it now. The column passes each card its task, but a completion or
 * rename leaves the column's array alone (see makeSelectTasksOn): the card hears of it here.
 *
 * A new title renders the card. A completion does not: `completed` stays as the card first showed it, and each later
 * one goes to `showCompleted`, which marks the mounted card (showCardCompletion). Rendering it began at the root
 * and went down to the card, a third of a click's time among 5,000 tasks. Since the card never renders completion
 * after mounting, React never writes an older one over a newer: a title re-rendered late (a rebase from another
 * device, at normal priority) keeps the completion a click showed in between.
 *
 * State set from the card's subscription rather than useSyncExternalStore: that hook gives every render after a
 * change a passive effect, which React runs within a click's commit (a discrete update) on top of the card's own
 * render. The subscription is made after the card mounts, so it first catches up on a change made in between, and
 * only on one: a set state that changes nothing stays queued on the card, and its first click then rendered it twice.
 */
export function useLiveTask(
  task: TaskEntity,
  showCompleted: (completed: boolean) => void,
): { title: string; completed: boolean; hasNotes: boolean; progress: Progress | undefined; labels: readonly string[] | undefined } {
  const store = useAppStore();
  const { id, date } = task;
  // The store's task as the first render read it, and what the card first shows (never set again).
  const [mount] = useState(() => {
    const read = storedTask(store.getState().tasks, id, date);
    return {
      read,
      title: (read ?? task).title,
      completed: (read ?? task).completed,
      hasNotes: !!(read ?? task).notes,
      progress: progressKey(read ?? task),
      labels: (read ?? task).labels,
    };
  });
  const [title, setTitle] = useState(mount.title);
  // The checklist's '2/5', rendered like the title (a change comes from the details view).
  const [progress, setProgress] = useState(mount.progress);
  // Whether the card shows the notes mark, rendered like the title (a rare change, from the details).
  const [hasNotes, setHasNotes] = useState(mount.hasNotes);
  const [labels, setLabels] = useState(mount.labels);
  // What the card shows now: the title rendered last, the completion rendered at mount or shown since.
  const shown = useRef<{ title: string; completed: boolean; hasNotes: boolean; progress: string; labels: readonly string[] | undefined } | null>(null);
  useEffect(() => {
    const update = () => {
      const current = storedTask(store.getState().tasks, id, date);
      // Gone from its day (moved or deleted): the card is about to leave and keeps what it shows.
      if (!current) return;
      const view = (shown.current ??= { title: mount.title, completed: mount.completed, hasNotes: mount.hasNotes, progress: mount.progress, labels: mount.labels });
      if (current.completed !== view.completed) {
        view.completed = current.completed;
        showCompleted(current.completed);
      }
      if (current.title !== view.title) {
        view.title = current.title;
        setTitle(current.title);
      }
      if (!!current.notes !== view.hasNotes) {
        view.hasNotes = !!current.notes;
        setHasNotes(view.hasNotes);
      }
      const key = progressKey(current);
      if (key !== view.progress) {
        view.progress = key;
        setProgress(key);
      }
      if (current.labels !== view.labels) {
        view.labels = current.labels;
        setLabels(current.labels);
      }
    };
    const stop = taskSubscriptions(store).subscribe(id, date, update);
    if (storedTask(store.getState().tasks, id, date) !== mount.read) update();
    return stop;
  }, [store, id, date, mount, showCompleted]);
  return { title, completed: mount.completed, hasNotes, progress: progressFrom(progress), labels };
}

/** A checklist's progress as a string ('2/5', '' for none): compared and kept in state without a new object each time. */
const progressKey = (task: TaskEntity): string => {
  const progress = progressOf(task.checklist);
  return progress ? `${progress.done}/${progress.total}` : '';
};
const progressFrom = (key: string): Progress | undefined => {
  if (!key) return undefined;
  const [done, total] = key.split('/').map(Number);
  return { done: done!, total: total! };
};

/** The task as the store has it on its day (not looked for elsewhere: moved away, its card is about to leave). */
const storedTask = (tasks: Pick<TasksState, 'days'>, id: string, date: TaskDate): TaskEntity | undefined => tasks.days[date]?.entities[id];
