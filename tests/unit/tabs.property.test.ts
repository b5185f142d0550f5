import fc from 'fast-check';
import { TabMerge, type TabEvent } from '../../src/features/tasks/tabMerge';
import { taskAdded, taskCompletionSet, taskDeleted, taskMoved, taskMovedToEnd, taskRenamed, type TaskEvent } from '../../src/features/tasks/events';
import { allTasksOf } from '../../src/features/tasks/taskList';
import { replayTaskEvents, tasksReducer } from '../../src/features/tasks/tasksReducer';
import type { TaskDays } from '../../src/features/tasks/types';
import { SOMEDAY } from '../../src/features/tasks/types';
import { MemoryStorage } from './memoryStorage';

// Two or three tabs of one browser share one storage. Each edits its own list, sends its events to the
// others (delivered late, per sender in order, as a BroadcastChannel does), writes storage when it likes
// (merge on write) and hears of the others' writes late (the `storage` event). However that interleaves,
// once everything is delivered, written and heard, every tab shows the stored list, and no edit is lost.

const KEY = 'weekly-planner-tasks';
const DATES = ['2026-11-23', '2026-11-24', SOMEDAY];

const step = fc.oneof(
  fc.record({ kind: fc.constant('edit' as const), tab: fc.nat(2), op: fc.nat(5), pick: fc.nat(40), date: fc.constantFrom(...DATES), index: fc.nat(4), flag: fc.boolean() }),
  fc.record({ kind: fc.constant('deliver' as const), tab: fc.nat(2), from: fc.nat(2), count: fc.integer({ min: 1, max: 4 }) }),
  fc.record({ kind: fc.constant('write' as const), tab: fc.nat(2) }),
  fc.record({ kind: fc.constant('hear' as const), tab: fc.nat(2) }),
);
type Step = typeof step extends fc.Arbitrary<infer T> ? T : never;

interface Tab {
  merge: TabMerge;
  days: TaskDays;
  /** Messages from each other tab, not delivered yet. */
  inbox: Map<number, TabEvent[][]>;
  /** Another tab wrote since this one last looked. */
  unheard: boolean;
}

/** What every edit promised: tasks added and never deleted are there, deleted ones are not, a rename or completion set is one of those made. */
interface Promises {
  added: Set<string>;
  deleted: Set<string>;
  titles: Map<string, Set<string>>;
  completions: Map<string, Set<boolean>>;
}

function editFor(tab: Tab, s: Extract<Step, { kind: 'edit' }>, n: number, promises: Promises): TaskEvent {
  const ids = allTasksOf(tab.days).map((task) => task.id);
  const id = ids.length ? ids[s.pick % ids.length]! : 'task-0-none';
  switch (ids.length === 0 ? 0 : s.op) {
    case 0:
    case 1: {
      const made = `task-${n}-t${s.tab}`;
      promises.added.add(made);
      promises.titles.set(made, new Set([`T${n}`]));
      return { type: taskAdded.type, payload: { id: made, title: `T${n}`, date: s.date, createdAt: n } };
    }
    case 2:
      promises.titles.get(id)?.add(`R${n}`);
      return taskRenamed({ id, title: `R${n}` });
    case 3: {
      const set = promises.completions.get(id) ?? new Set<boolean>();
      promises.completions.set(id, set.add(s.flag));
      return taskCompletionSet({ id, completed: s.flag });
    }
    case 4:
      promises.deleted.add(id);
      return taskDeleted({ id });
    default:
      return s.flag ? taskMoved({ id, toDate: s.date, toIndex: s.index }) : taskMovedToEnd({ id, toDate: s.date });
  }
}

/** `broadcasts` false: no BroadcastChannel (or every message lost); tabs learn of each other only through storage. */
function run(tabCount: number, steps: Step[], broadcasts = true) {
  const storage = new MemoryStorage();
  const tabs: Tab[] = Array.from({ length: tabCount }, (_, t) => {
    const merge = new TabMerge(`tab${t}`, () => storage, () => 1000);
    return { merge, days: merge.loaded(null, {}), inbox: new Map(), unheard: false };
  });
  const promises: Promises = { added: new Set(), deleted: new Set(), titles: new Map(), completions: new Map() };

  const deliver = (to: number, from: number, count: number) => {
    const tab = tabs[to]!;
    const queue = tab.inbox.get(from) ?? [];
    for (const message of queue.splice(0, count)) {
      const fresh = tab.merge.foreign(message);
      tab.days = replayTaskEvents({ days: tab.days, drag: null }, fresh.map((sent) => sent.event)).days;
    }
  };
  const write = (t: number) => {
    const tab = tabs[t]!;
    const before = storage.writes.length;
    tab.days = tab.merge.write() ?? tab.days;
    if (storage.writes.length > before) tabs.forEach((other, o) => o !== t && (other.unheard = true));
  };
  const hear = (t: number) => {
    const tab = tabs[t]!;
    if (!tab.unheard) return;
    tab.unheard = false;
    tab.days = tab.merge.reread() ?? tab.days;
  };

  steps.forEach((s, n) => {
    const t = s.tab % tabCount;
    const tab = tabs[t]!;
    if (s.kind === 'edit') {
      const event = editFor(tab, { ...s, tab: t }, n + 1, promises);
      tab.days = tasksReducer({ days: tab.days, drag: null }, event).days;
      const message = tab.merge.local(event);
      tabs.forEach((other, o) => {
        if (o === t || !broadcasts) return;
        const queue = other.inbox.get(t) ?? [];
        other.inbox.set(t, [...queue, message]);
      });
    } else if (s.kind === 'deliver') deliver(t, s.from % tabCount, s.count);
    else if (s.kind === 'write') write(t);
    else hear(t);
  });

  // Everything delivered, written and heard (twice: a write can follow another tab's hearing).
  for (let round = 0; round < 2; round++) {
    tabs.forEach((_, t) => tabs.forEach((__, from) => from !== t && deliver(t, from, Infinity)));
    tabs.forEach((_, t) => write(t));
    tabs.forEach((_, t) => hear(t));
  }
  return { tabs, storage, promises };
}

describe('tabs merging through storage', () => {
  it('end equal everywhere, equal to storage, with every edit present', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 3 }), fc.array(step, { maxLength: 60 }), fc.boolean(), (tabCount, steps, broadcasts) => {
        const { tabs, storage, promises } = run(tabCount, steps, broadcasts);
        const stored = JSON.parse(storage.getItem(KEY) ?? '[]') as ReturnType<typeof allTasksOf>;
        for (const tab of tabs) expect(allTasksOf(tab.days)).toEqual(stored);
        const ids = new Set(stored.map((task) => task.id));
        const kept = [...promises.added].filter((id) => !promises.deleted.has(id));
        expect([...ids].sort()).toEqual(kept.sort());
        for (const task of stored) {
          expect(promises.titles.get(task.id)).toContain(task.title);
          const completions = promises.completions.get(task.id);
          if (completions?.size === 1) expect(task.completed).toBe([...completions][0]);
        }
        // Orders read 0..n-1 in every day.
        const byDate = new Map<string, number[]>();
        for (const task of stored) byDate.set(task.date, [...(byDate.get(task.date) ?? []), task.order]);
        for (const orders of byDate.values()) expect(orders).toEqual(orders.map((_, i) => i));
      }),
      { numRuns: 300 },
    );
  });

  it('keeps a task deleted in one tab deleted when the tab that added it writes last', () => {
    const storage = new MemoryStorage();
    const [a, b] = ['a', 'b'].map((tab) => new TabMerge(tab, () => storage));
    a!.loaded(null, {});
    b!.loaded(null, {});
    const added = taskAdded('Dentist', SOMEDAY);
    const message = a!.local(added);
    expect(b!.foreign(message)).toHaveLength(1);
    b!.local(taskDeleted({ id: added.payload.id }));
    b!.write();
    // Tab a has not heard of b's write: its own add is in storage already, and stays deleted.
    expect(a!.write()).toEqual({});
    expect(JSON.parse(storage.getItem(KEY)!)).toEqual([]);
  });
});
