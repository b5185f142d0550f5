import { createEntityAdapter } from '@reduxjs/toolkit';
import { sameChecklist } from './checklist';
import { newEntities } from './taskList';
import type { DayTasks, DragOrigin, TaskDate, TaskDays, TaskEntity, TasksState } from './types';

// Copy-on-write edits: what a reduction changes is copied once, everything else is shared with the
// state it started from, and the result is frozen.

const dayAdapter = createEntityAdapter<TaskEntity>();

/** A state being edited by one reduction (or, in replayTaskEvents, by many events in a row). */
export class TaskEdit {
  private days: TaskDays;
  private daysCopied = false;
  /** Days whose DayTasks, `ids` or `entities` are copies this edit owns (and may change in place). */
  private readonly ownDay = new Set<TaskDate>();
  private readonly ownIds = new Set<TaskDate>();
  private readonly ownEntities = new Set<TaskDate>();
  private readonly touched = new Map<TaskDate, Set<string>>();
  /** Task objects made by this edit (changed in place rather than copied again). */
  private readonly fresh = new Set<TaskEntity>();
  drag: DragOrigin | null;
  /** The last task looked for and its day (see dayOf); kept current by remove, insert and attach. */
  private found: { id: string; date: TaskDate | undefined } | null = null;

  constructor(
    private readonly base: TasksState,
    /** Where each task is, for a long run of events (replayTaskEvents); otherwise days are searched. */
    private readonly where?: Map<string, TaskDate>,
  ) {
    this.days = base.days;
    this.drag = base.drag;
  }

  dayOf(id: string): TaskDate | undefined {
    if (this.where) return this.where.get(id);
    // An event looks its task up, then changes it: the search through the days is made once.
    if (this.found && this.found.id === id) return this.found.date;
    let date: TaskDate | undefined;
    for (const key in this.days) {
      if (this.days[key]!.entities[id]) {
        date = key;
        break;
      }
    }
    this.found = { id, date };
    return date;
  }

  get(id: string): TaskEntity | undefined {
    const date = this.dayOf(id);
    return date === undefined ? undefined : this.days[date]!.entities[id];
  }

  /** The ids of a day in display order (read only). */
  idsOn(date: TaskDate): readonly string[] {
    return this.days[date]?.ids ?? [];
  }

  /** Changes fields of a task other than its day. */
  update(id: string, fields: Partial<Pick<TaskEntity, 'title' | 'completed' | 'notes' | 'checklist' | 'labels'>>): void {
    const date = this.dayOf(id);
    if (date === undefined) return;
    const entities = this.entitiesOf(date);
    const task = entities[id]!;
    this.touchedOn(date).add(id);
    const next = { ...task, ...fields };
    // No notes is no field (the stored task keeps the spec's shape).
    if (!next.notes) delete next.notes;
    if (!next.checklist?.length) delete next.checklist;
    if (!next.labels?.length) delete next.labels;
    if (this.fresh.has(task)) {
      Object.assign(task, fields);
      if (!task.notes) delete task.notes;
      if (!task.checklist?.length) delete task.checklist;
      if (!task.labels?.length) delete task.labels;
    } else entities[id] = this.made(next);
  }

  /** Takes a task out of its day. */
  remove(id: string): TaskEntity | undefined {
    const date = this.dayOf(id);
    if (date === undefined) return undefined;
    const task = this.days[date]!.entities[id]!;
    const ids = this.idsOf(date);
    const at = ids.indexOf(id);
    if (at >= 0) ids.splice(at, 1);
    delete this.entitiesOf(date)[id];
    this.touchedOn(date).add(id);
    this.where?.delete(id);
    if (this.found?.id === id) this.found = null;
    return task;
  }

  /** Puts a task (not on any day now) on `task.date` at `index` (clamped; the end by default). */
  insert(task: TaskEntity, index = Number.MAX_SAFE_INTEGER): void {
    const date = task.date;
    const ids = this.idsOf(date);
    ids.splice(Math.max(0, Math.min(index, ids.length)), 0, task.id);
    this.entitiesOf(date)[task.id] = this.adopted(task);
    this.touchedOn(date).add(task.id);
    this.where?.set(task.id, date);
    if (this.found?.id === task.id) this.found = null;
  }

  /** Moves a task to `toDate` at `toIndex` (its index once it is out of its old place). */
  move(id: string, toDate: TaskDate, toIndex: number): void {
    if (this.placedAt(id, toDate, toIndex)) return;
    const task = this.remove(id);
    if (!task) return;
    const moved = task.date === toDate ? task : this.fresh.has(task) ? Object.assign(task, { date: toDate }) : { ...task, date: toDate };
    this.insert(moved, toIndex);
  }

  /** Whether the task is on `date` already, where a move to `index` (clamped, as by move) would put it. */
  placedAt(id: string, date: TaskDate, index: number): boolean {
    const ids = this.idsOn(date);
    const at = ids.indexOf(id);
    return at >= 0 && at === Math.max(0, Math.min(index, ids.length - 1));
  }

  /** Replaces a day's display order (the same tasks, or tasks now dated `date` put on it by `attach`). */
  setOrder(date: TaskDate, ids: string[]): void {
    this.idsOf(date).splice(0, Infinity, ...ids);
  }

  /** Puts a task on `task.date`'s entities without placing it in the day's order (see setOrder). */
  attach(task: TaskEntity): void {
    this.entitiesOf(task.date)[task.id] = this.adopted(task);
    this.touchedOn(task.date).add(task.id);
    this.where?.set(task.id, task.date);
    if (this.found?.id === task.id) this.found = null;
  }

  /** The state the edit made: the days it touched frozen, the rest as they were. */
  finish(keepSame = false): TasksState {
    if (!this.daysCopied) return this.drag === this.base.drag ? this.base : Object.freeze({ ...this.base, drag: this.drag });
    const days = this.days;
    for (const date of this.ownDay) {
      const day = days[date]!;
      if (day.ids.length === 0) {
        delete days[date];
        continue;
      }
      // The tasks this edit made or changed (title, completion, presence: what cards show).
      const touched = this.touchedOn(date);
      const before = this.base.days[date]?.entities;
      for (const id of touched) {
        const task = day.entities[id];
        if (!task || !this.fresh.has(task)) continue;
        // A long replay may leave a task as it was: it keeps its object, so its card does not render again.
        const old = keepSame ? before?.[id] : undefined;
        if (old && sameTask(old, task)) this.entitiesOf(date)[id] = old;
        else Object.freeze(task);
      }
      Object.freeze(day.ids);
      Object.freeze(day.entities);
      Object.freeze(day);
      dayChanges.set(day.entities, { from: before, ids: touched });
    }
    return Object.freeze({ ...this.base, days: Object.freeze(days), drag: this.drag });
  }

  /** The ids of the tasks this edit made, changed, put or took away on `date`. */
  private touchedOn(date: TaskDate): Set<string> {
    let ids = this.touched.get(date);
    if (!ids) this.touched.set(date, (ids = new Set()));
    return ids;
  }

  private made(task: TaskEntity): TaskEntity {
    this.fresh.add(task);
    return task;
  }

  /** A task to keep: a frozen one is shared as it is, a new one from the caller becomes this edit's. */
  private adopted(task: TaskEntity): TaskEntity {
    return Object.isFrozen(task) || this.fresh.has(task) ? task : this.made(task);
  }

  private ownDays(): TaskDays {
    if (!this.daysCopied) {
      this.days = { ...this.days };
      this.daysCopied = true;
    }
    return this.days;
  }

  private dayToEdit(date: TaskDate): DayTasks {
    const days = this.ownDays();
    if (this.ownDay.has(date)) return days[date]!;
    this.ownDay.add(date);
    const day = days[date];
    if (!day) {
      this.ownIds.add(date);
      this.ownEntities.add(date);
      return (days[date] = { ...dayAdapter.getInitialState(), entities: newEntities() });
    }
    return (days[date] = { ...day });
  }

  private idsOf(date: TaskDate): string[] {
    const day = this.dayToEdit(date);
    if (!this.ownIds.has(date)) {
      day.ids = [...day.ids];
      this.ownIds.add(date);
    }
    return day.ids;
  }

  private entitiesOf(date: TaskDate): DayTasks['entities'] {
    const day = this.dayToEdit(date);
    if (!this.ownEntities.has(date)) {
      // Key by key from ids into a hash table from the start (newEntities): V8 spreads such objects slowly.
      const copy = newEntities();
      for (const id of day.ids) copy[id] = day.entities[id]!;
      day.entities = copy;
      this.ownEntities.add(date);
    }
    return day.entities;
  }
}

type DayEntities = DayTasks['entities'];

/**
 * For each day's entities an edit made: the entities it started from and the ids of the tasks it edited. A
 * card subscription (useLiveTask) then compares those few tasks rather than every card of the day.
 */
const dayChanges = new WeakMap<DayEntities, { from: DayEntities | undefined; ids: ReadonlySet<string> }>();

/**
 * The ids whose title, completion or presence may differ between a day's `before` and `after` entities, when
 * `after` was made from `before` by one edit.
 */
export function changedIdsOf(after: DayEntities, before: DayEntities | undefined): ReadonlySet<string> | undefined {
  const change = dayChanges.get(after);
  return change && change.from === before ? change.ids : undefined;
}

export const sameTask = (a: TaskEntity, b: TaskEntity) =>
  a.title === b.title &&
  a.date === b.date &&
  a.completed === b.completed &&
  a.createdAt === b.createdAt &&
  a.id === b.id &&
  a.notes === b.notes &&
  sameChecklist(a.checklist, b.checklist) &&
  sameLabels(a.labels, b.labels);

const sameLabels = (a: readonly string[] | undefined, b: readonly string[] | undefined) =>
  a === b || ((a?.length ?? 0) === (b?.length ?? 0) && (a ?? []).every((id, i) => id === b![i]));
