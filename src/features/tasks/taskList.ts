import { columnOf, listIdOf, SOMEDAY, type DayTasks, type Task, type TaskDate, type TaskDays, type TaskEntity, type TasksState } from './types';

// The list as it is stored, exported and synced (tasks with their `order`) and the days the store keeps it as
// (see TaskDays): the conversions both ways and the lookups of one task.

/**
 * A day's entities as an object without a prototype. V8 keeps an object of hundreds of keys as a hash table; one
 * without a prototype starts as one, where a `{}` filled key by key changes its layout on the way (and is read
 * slower after). An edit copies its day's entities: a 625-key copy took ~0.1-0.4 ms in a click's first runs
 * this way, and ~0.02 ms from one without a prototype.
 */
export const newEntities = (): DayTasks['entities'] => Object.create(null) as DayTasks['entities'];

export function byOrder(a: Task, b: Task): number {
  return a.order - b.order || a.createdAt - b.createdAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/** The task with this id, looked for first on `hint` (the day a caller expects it on), then on every day. */
export function taskIn(tasks: Pick<TasksState, 'days'>, id: string, hint?: TaskDate): TaskEntity | undefined {
  const { days } = tasks;
  if (hint !== undefined) {
    const task = days[hint]?.entities[id];
    if (task) return task;
  }
  for (const date in days) {
    const task = days[date]!.entities[id];
    if (task) return task;
  }
  return undefined;
}

/** The days in key order (dated days by date, then 'someday'): the order of the stored and synced list. */
export const datesInOrder = (days: TaskDays): TaskDate[] => Object.keys(days).sort();

/**
 * The task with this id as written out, its `order` its index on its day; looked for as by taskIn. For what
 * needs a task's place (history); a card needs only taskIn's.
 */
export function placedTask(tasks: Pick<TasksState, 'days'>, id: string, hint?: TaskDate): Task | undefined {
  const task = taskIn(tasks, id, hint);
  return task && taskAt(task, tasks.days[task.date]!.ids.indexOf(id));
}

/** A task as written out at `order`, field by field in one shape (what storage has always held, key order included). */
export function taskAt(task: TaskEntity, order: number): Task {
  const list = listIdOf(task.date);
  return {
    id: task.id,
    title: task.title,
    date: list ? SOMEDAY : task.date,
    completed: task.completed,
    createdAt: task.createdAt,
    order,
    ...(task.notes ? { notes: task.notes } : {}),
    ...(task.checklist?.length ? { checklist: task.checklist } : {}),
    ...(task.labels && task.labels.length > 0 ? { labels: task.labels } : {}),
    ...(list ? { list } : {}),
  };
}

/** Every task, day by day (days in key order, each in display order): what is stored, exported and synced. */
export function allTasksOf(days: TaskDays): Task[] {
  const list: Task[] = [];
  for (const date of datesInOrder(days)) {
    const { ids, entities } = days[date]!;
    ids.forEach((id, order) => list.push(taskAt(entities[id]!, order)));
  }
  return list;
}

/** The days of a list of tasks, each in order (their `order`, then when made); the first task of an id wins. */
export function daysFrom(tasks: readonly Task[]): TaskDays {
  const byDate = new Map<TaskDate, Task[]>();
  const seen = new Set<string>();
  for (const task of tasks) {
    if (seen.has(task.id)) continue;
    seen.add(task.id);
    const column = columnOf(task.date, task.list);
    const list = byDate.get(column);
    if (list) list.push(task);
    else byDate.set(column, [task]);
  }
  const days: TaskDays = {};
  for (const [date, list] of byDate) {
    const ids: string[] = [];
    const entities = newEntities();
    for (const task of list.sort(byOrder)) {
      ids.push(task.id);
      entities[task.id] = entityOf(task.date === date ? task : { ...task, date });
    }
    days[date] = Object.freeze({ ids: Object.freeze(ids) as string[], entities: Object.freeze(entities) });
  }
  return Object.freeze(days);
}

/**
 * A task as the store keeps it (no `order`), frozen, built field by field (one shape for all; a spread is twice as
 * slow), and a second shape for the few with notes, labels or a checklist.
 */
const entityOf = (task: Task | TaskEntity): TaskEntity =>
  task.notes || task.labels || task.checklist?.length
    ? Object.freeze({
        id: task.id,
        title: task.title,
        date: task.date,
        completed: task.completed,
        createdAt: task.createdAt,
        ...(task.notes ? { notes: task.notes } : {}),
        ...(task.labels?.length ? { labels: task.labels } : {}),
        ...(task.checklist?.length ? { checklist: task.checklist } : {}),
      })
    : Object.freeze({ id: task.id, title: task.title, date: task.date, completed: task.completed, createdAt: task.createdAt });
