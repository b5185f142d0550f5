import { TASKS_BACKUP_KEY, TASKS_KEY, parseStoredTasks, serializeDays, writeStored } from './storage';
import type { TaskEvent } from './events';
import { daysFrom } from './taskList';
import { replayTaskEvents } from './tasksReducer';
import type { TaskDays } from './types';

/*
 * Every tab is a device (docs/sync.md, "Tabs"). The stored list plays the server's part: it is the merge
 * every tab writes into, and each tab shows it with the events not yet in it replayed on top, its own and
 * the ones other tabs sent it. A write re-reads the stored list and replays those events on it (merge on
 * write, under a Web Lock where there is one), never the tab's whole list over another tab's.
 *
 * Which events the stored list holds is kept beside it under TABS_KEY, the last event number of each tab
 * written in: a tab forgets a queued event once it is written there, by whichever tab, so an event is
 * written in once and an edit made on top of another tab's event (a rename of its new task) never lands
 * before it. It is written by a lone tab too: a tab cannot know that none opened a moment ago and holds its
 * events (the property test found that race when only tabs that had met wrote it).
 */

export const TABS_KEY = 'weekly-planner-tasks-tabs';
/** A tab's entry is dropped this long after its last event was written (its events reached every tab long before). */
const MARK_KEPT_MS = 60 * 60 * 1000;

/** A task event as tabs exchange it: made by `tab`, its `seq`th. */
export interface TabEvent {
  tab: string;
  seq: number;
  event: TaskEvent;
}

type Marks = Record<string, { seq: number; at: number }>;

function readMarks(raw: string | null): Marks {
  try {
    const value: unknown = raw ? JSON.parse(raw) : null;
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Marks) : {};
  } catch {
    return {};
  }
}

function read(storage: Storage | undefined, key: string): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export class TabMerge {
  private seq = 0;
  private queue: TabEvent[] = [];
  private marks: Marks = {};
  private marksRaw: string | null = null;
  /** The stored list as last read or written here (its text, and its days). */
  private listRaw: string | null = null;
  private listDays: TaskDays = {};

  constructor(
    readonly tab: string,
    private readonly storage: () => Storage | undefined,
    private readonly now: () => number = Date.now,
  ) {}

  /** The list read at start (`raw` as storage now holds it); returns it with any events already received on top. */
  loaded(raw: string | null, days: TaskDays): TaskDays {
    this.listRaw = raw;
    this.listDays = days;
    this.readMarks();
    return this.shown();
  }

  /**
   * This tab's event: queued for the next write. Returns what to send to the other tabs: every event queued here,
   * this one last, so a tab that has not yet heard of an event this one builds on (another tab's new task, now
   * renamed here) gets it first (BroadcastChannel keeps each sender's order, not the order across senders).
   */
  local(event: TaskEvent): TabEvent[] {
    this.queue.push({ tab: this.tab, seq: ++this.seq, event });
    return [...this.queue];
  }

  /** Another tab's message: the events to apply here, in order (those not written in as far as this tab knows, not seen before). */
  foreign(message: readonly TabEvent[]): TabEvent[] {
    const seen = new Set(this.queue.map(({ tab, seq }) => `${tab}#${seq}`));
    const fresh = message.filter((sent) => sent.tab !== this.tab && !this.written(sent) && !seen.has(`${sent.tab}#${sent.seq}`));
    this.queue.push(...fresh);
    return fresh;
  }

  /** Starts over from storage (sync took over the list, or gave it back). */
  reset(): void {
    this.queue = [];
    this.listRaw = null;
    this.listDays = {};
    this.marksRaw = null;
  }

  /** The list to show: storage as it is now with the queued events on top. */
  current(): TaskDays {
    this.readStored();
    return this.shown();
  }

  /** After another tab wrote: the list to show, or null when what this tab shows already is it. */
  reread(): TaskDays | null {
    return this.readStored() ? this.shown() : null;
  }

  /**
   * Writes this tab's queued events into the stored list. Returns the list to show when other tabs' writes
   * changed it, null when this tab's list is what was written (or nothing needed writing).
   */
  write(): TaskDays | null {
    const storage = this.storage();
    const changed = this.readStored();
    const days = this.shown();
    if (this.queue.length === 0 || !storage) return changed ? days : null;
    const raw = serializeDays(days);
    if (!writeStored(storage, TASKS_KEY, raw)) return changed ? days : null;
    const now = this.now();
    for (const { tab, seq } of this.queue) this.marks[tab] = { seq: Math.max(seq, this.marks[tab]?.seq ?? 0), at: now };
    for (const tab in this.marks) if (now - this.marks[tab]!.at > MARK_KEPT_MS) delete this.marks[tab];
    this.marksRaw = JSON.stringify(this.marks);
    writeStored(storage, TABS_KEY, this.marksRaw);
    this.listRaw = raw;
    this.listDays = days;
    this.queue = [];
    return changed ? days : null;
  }

  private written({ tab, seq }: TabEvent): boolean {
    return (this.marks[tab]?.seq ?? 0) >= seq;
  }

  /** Re-reads the marks; whether they changed. */
  private readMarks(): boolean {
    const raw = read(this.storage(), TABS_KEY);
    if (raw === this.marksRaw) return false;
    this.marksRaw = raw;
    this.marks = readMarks(raw);
    return true;
  }

  /** Re-reads storage; whether the list to show may have changed. */
  private readStored(): boolean {
    const storage = this.storage();
    let changed = false;
    const raw = read(storage, TASKS_KEY);
    if (raw !== this.listRaw) {
      const { tasks, unreadable } = parseStoredTasks(raw);
      // Kept aside, as at start, rather than overwritten by the next write.
      if (unreadable && raw !== null && storage) writeStored(storage, TASKS_BACKUP_KEY, raw);
      this.listRaw = raw;
      this.listDays = daysFrom(tasks);
      changed = true;
    }
    if (this.readMarks()) {
      const before = this.queue.length;
      this.queue = this.queue.filter((queued) => !this.written(queued));
      changed ||= this.queue.length !== before;
    }
    return changed;
  }

  private shown(): TaskDays {
    if (this.queue.length === 0) return this.listDays;
    return replayTaskEvents({ days: this.listDays, drag: null }, this.queue.map((queued) => queued.event)).days;
  }
}
