import type { PersistConfig, Storage } from 'redux-persist';
import { whenIdle } from '../../lib/idle';
import { daysFrom } from './taskList';
import type { TaskDays, TasksState } from './types';
import { TASKS_BACKUP_KEY, TASKS_KEY, parseStoredTasks, serializeDays, serializeTasks, writeStored } from './storage';

type PersistedTasks = Pick<TasksState, 'days'>;

/**
 * How the list reaches storage. The plain one writes this tab's list; the app's (app/tabSync.ts) merges it
 * with what other tabs wrote. `urgent`: now, synchronously (pagehide, flush), not after a lock.
 */
export interface ListWriter {
  /** The list read at start (its text as storage now holds it); returns the list to start with. */
  loaded(raw: string | null, days: TaskDays): TaskDays;
  write(backing: globalThis.Storage, days: TaskDays, urgent: boolean): void | Promise<void>;
}

const plainWriter: ListWriter = {
  loaded: (_raw, days) => days,
  write: (backing, days) => void writeStored(backing, TASKS_KEY, serializeDays(days)),
};

// Serializing thousands of tasks takes milliseconds of main thread: a throttled write waits for
// idle time (a second at most) rather than landing in the middle of typing or a drag.
const IDLE_WRITE_WAIT_MS = 1000;

// While a drag moves cards, a due write waits: serializing and storing 5,000 tasks took 20–90 ms, dropped
// frames in the middle of the drag. Bounded, so it can never wait for good (a drag state left behind by a
// touch drop once held the write back indefinitely): it goes as soon as the list has not changed for
// DRAG_QUIET_MS (the drop, a hand held still, a drag that never ended), and at most DRAG_WAIT_MS after it was due.
export const DRAG_QUIET_MS = 1000;
export const DRAG_WAIT_MS = 10_000;
const DRAG_RECHECK_MS = 250;

function laterWhenIdle(ms: number, run: () => void): () => void {
  let cancelIdle: (() => void) | null = null;
  const timer = setTimeout(() => (cancelIdle = whenIdle(run, IDLE_WRITE_WAIT_MS)), ms);
  return () => {
    clearTimeout(timer);
    cancelIdle?.();
  };
}

export interface TasksPersistence {
  config: PersistConfig<TasksState>;
  /** Makes a write that waits for idle time now (persistor.flush: pagehide, tests, bench). */
  writeNow(): void;
}

interface PendingWrite {
  key: string;
  state: PersistedTasks;
  written: Array<() => void>;
  cancel: () => void;
  /** When the write was first due, and when its list last changed (Date.now()). */
  dueAt: number;
  changedAt: number;
}

/**
 * redux-persist settings that keep the tasks as the spec stores them: exactly one key,
 * 'weekly-planner-tasks', holding a plain JSON array (no prefix, no wrapper, no _persist field).
 */
export function tasksPersistence(
  backing: () => globalThis.Storage | undefined = () => globalThis.localStorage,
  /** Whether a drag is in progress (see DRAG_QUIET_MS). */
  dragging: () => boolean = () => false,
  writer: ListWriter = plainWriter,
): TasksPersistence {
  // What was read at start: redux-persist writes the rehydrated state back, which would re-serialize an unchanged list.
  let loaded: PersistedTasks | undefined;
  let pending: PendingWrite | null = null;
  // A write waiting for its lock (app/tabSync.ts). A pagehide before the lock is granted would lose it: the page
  // unloads first. An urgent write then writes it at once; the locked one finds nothing left to write.
  let waiting: PersistedTasks | null = null;

  const writeNow = (urgent = true) => {
    const write = pending;
    const target = backing();
    if (!write) {
      if (urgent && waiting && target) void writer.write(target, waiting.days, true);
      return;
    }
    pending = null;
    write.cancel();
    const done = () => write.written.forEach((resolve) => resolve());
    const writing = target ? writer.write(target, write.state.days, urgent) : undefined;
    if (writing) {
      waiting = write.state;
      void writing.finally(() => {
        if (waiting === write.state) waiting = null;
        done();
      });
    } else done();
  };

  // The idle-time write, put off while a drag is moving cards (flush() still writes at once: pagehide, tests).
  const writeWhenFree = () => {
    const write = pending;
    if (!write) return;
    const now = Date.now();
    if (dragging() && now - write.changedAt < DRAG_QUIET_MS && now - write.dueAt < DRAG_WAIT_MS) write.cancel = laterWhenIdle(DRAG_RECHECK_MS, writeWhenFree);
    else writeNow(false);
  };

  const storage: Storage = {
    getItem: async (key: string) => backing()?.getItem(key) ?? null,
    setItem: (key: string, state: PersistedTasks) =>
      new Promise<void>((resolve) => {
        if (state.days === loaded?.days) return resolve();
        // The newest state replaces one still waiting: it is written once.
        const now = Date.now();
        if (pending) Object.assign(pending, { key, state, changedAt: now }).written.push(resolve);
        else pending = { key, state, written: [resolve], cancel: whenIdle(writeWhenFree, IDLE_WRITE_WAIT_MS), dueAt: now, changedAt: now };
      }),
    removeItem: async (key: string) => backing()?.removeItem(key),
  };

  const config = {
    key: TASKS_KEY,
    keyPrefix: '',
    storage,
    serialize: false,
    deserialize: false,
    whitelist: ['days'],
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
        if (unreadable) writeStored(target, TASKS_BACKUP_KEY, raw);
        const text = changed ? serializeTasks(tasks) : raw;
        if (changed && writeStored(target, TASKS_KEY, text)) raw = text;
      }
      const days = writer.loaded(raw, daysFrom(tasks));
      loaded = raw === null && Object.keys(days).length === 0 ? undefined : { days };
      return loaded;
    },
  } as PersistConfig<TasksState>;

  return { config, writeNow };
}
