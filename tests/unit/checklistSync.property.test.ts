import { combineReducers, type UnknownAction } from '@reduxjs/toolkit';
import fc from 'fast-check';
import { logEventsReceived, syncBaseLoaded, syncReducer, syncStarted, withSync, type LogEvent, type OutboxEntry } from '../../src/features/sync/syncSlice';
import {
  checklistItemAdded,
  checklistItemDeleted,
  checklistItemDoneSet,
  checklistItemMadeTask,
  checklistItemMoved,
  checklistItemTextSet,
  taskAdded,
  taskDeleted,
  taskRestored,
  type TaskEvent,
} from '../../src/features/tasks/events';
import { splitForLog } from '../../src/features/tasks/bulkEvents';
import { allTasksOf, placedTask, taskIn } from '../../src/features/tasks/taskList';
import { tasksReducer } from '../../src/features/tasks/tasksReducer';
import type { Task, TasksState } from '../../src/features/tasks/types';
import { initialTasks } from './taskFixtures';

// Two or three devices tick, add, rename, move, delete and make tasks of checklist items (and now and then delete
// or restore a whole task) while offline, send in batches (some twice) and receive the log late, out of order and
// repeated. Once all is sent and received, every device shows the same tasks and checklists: one serial replay of
// the server's log, with every item's id once and no list past the cap.

const reducer = withSync(combineReducers({ tasks: tasksReducer, sync: syncReducer }));
type State = ReturnType<typeof reducer>;
const TASKS = ['task-a', 'task-b'];

class Server {
  readonly log: LogEvent[] = [];
  private readonly stored = new Set<string>();
  append(entries: OutboxEntry[]) {
    for (const entry of entries) {
      const key = `${entry.clientId}#${entry.clientSeq}`;
      if (this.stored.has(key)) continue;
      this.stored.add(key);
      this.log.push({ seq: this.log.length + 1, client_id: entry.clientId, client_seq: entry.clientSeq, event: JSON.parse(JSON.stringify(entry.event)) });
    }
  }
}

const step = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('edit' as const), device: fc.nat(2), op: fc.nat(9), task: fc.nat(1), pick: fc.nat(20), index: fc.nat(5), flag: fc.boolean() }) },
  fc.record({ kind: fc.constant('edit' as const), device: fc.nat(2), op: fc.nat(9), task: fc.nat(1), pick: fc.nat(20), index: fc.nat(5), flag: fc.boolean() }),
  fc.record({ kind: fc.constant('send' as const), device: fc.nat(2), count: fc.integer({ min: 1, max: 6 }), twice: fc.boolean() }),
  fc.record({ kind: fc.constant('deliver' as const), device: fc.nat(2), count: fc.integer({ min: 1, max: 8 }), seed: fc.nat(), repeat: fc.boolean() }),
);
type Edit = Extract<typeof step extends fc.Arbitrary<infer T> ? T : never, { kind: 'edit' }>;

function editFor(state: State, s: Edit, n: number, kept: Map<string, Task>): TaskEvent[] {
  const id = TASKS[s.task]!;
  const list = taskIn(state.tasks, id)?.checklist ?? [];
  // Now and then an item of a list it does not know yet (another device's, or one gone).
  const itemId = list.length && s.pick < 16 ? list[s.pick % list.length]!.id : `item-${s.pick}`;
  switch (s.op) {
    case 0:
    case 1:
      return [{ type: checklistItemAdded.type, payload: { id, item: { id: `item-${n}`, text: `I${n}`, done: false }, ...(s.flag ? { index: s.index } : {}) } }];
    case 2:
    case 3:
      return [checklistItemDoneSet({ id, itemId, done: s.flag })];
    case 4:
      return [checklistItemTextSet({ id, itemId, text: `T${n}` })];
    case 5:
      return [checklistItemMoved({ id, itemId, toIndex: s.index })];
    case 6:
      return [checklistItemDeleted({ id, itemId })];
    case 7:
      return [{ type: checklistItemMadeTask.type, payload: { id, itemId, newTask: { id: `task-made-${n}`, date: '2026-12-04', createdAt: n } } }];
    case 8: {
      const task = placedTask(state.tasks, id);
      if (task) kept.set(id, task);
      return task && s.flag ? [taskDeleted({ id })] : [];
    }
    default: {
      // The undo of a delete (or an import): the whole task back as this device last saw it, as the log takes it.
      const task = placedTask(state.tasks, id) ?? kept.get(id);
      return task ? splitForLog(taskRestored({ task: { ...task, title: `P${n}` } })) : [];
    }
  }
}

function shuffled<T>(items: T[], seed: number): T[] {
  const copy = [...items];
  let x = seed || 1;
  for (let i = copy.length - 1; i > 0; i--) {
    x = (x * 1103515245 + 12345) % 2147483648;
    const j = x % (i + 1);
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

const seed = TASKS.map((id, n) => ({ type: taskAdded.type, payload: { id, title: id, date: '2026-12-03', createdAt: n } }));

function start(device: number, server: Server): State {
  let state = reducer(undefined, { type: '@@init' });
  state = reducer(state, syncStarted({ userId: 'u', clientId: `device-${device}`, pending: [], early: [], base: null }));
  state = reducer(state, syncBaseLoaded({ lastSeq: 0, tasks: [], seed: [] }));
  return reducer(state, logEventsReceived({ events: server.log }));
}

const view = (tasks: TasksState) => allTasksOf(tasks.days).sort((a, b) => (a.id < b.id ? -1 : 1));

describe('checklists merging through the log', () => {
  it('devices that edit checklists offline end equal to one serial replay of the log', () => {
    let withItems = 0;
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 3 }), fc.array(step, { minLength: 10, maxLength: 80 }), (deviceCount, steps) => {
        const server = new Server();
        server.append(seed.map((event, n) => ({ clientId: 'seed', clientSeq: n + 1, event }) as OutboxEntry));
        const devices = Array.from({ length: deviceCount }, (_, d) => start(d, server));
        const dispatch = (d: number, action: UnknownAction) => (devices[d] = reducer(devices[d], action));
        const kept = new Map<string, Task>();
        steps.forEach((s, n) => {
          const d = s.device % deviceCount;
          const state = devices[d]!;
          if (s.kind === 'edit') for (const event of editFor(state, s, n + 1, kept)) dispatch(d, event);
          else if (s.kind === 'send') {
            const batch = state.sync.outbox.slice(0, s.count);
            server.append(batch);
            if (s.twice) server.append(batch);
          } else {
            const from = state.sync.lastSeq!;
            const window = server.log.slice(from, from + s.count);
            dispatch(d, logEventsReceived({ events: shuffled(s.repeat ? [...window, ...window] : window, s.seed) }));
          }
        });
        for (let round = 0; round < 2; round++) {
          devices.forEach((state) => server.append(state.sync.outbox));
          devices.forEach((_, d) => dispatch(d, logEventsReceived({ events: server.log })));
        }
        let serial = initialTasks();
        for (const entry of server.log) serial = tasksReducer(serial, entry.event as TaskEvent);
        for (const state of devices) {
          expect(state.sync.outbox).toEqual([]);
          expect(view(state.tasks)).toEqual(view(serial));
        }
        for (const task of view(serial)) {
          const ids = (task.checklist ?? []).map((item) => item.id);
          expect(new Set(ids).size).toBe(ids.length);
          expect(ids.length).toBeLessThanOrEqual(100);
          if (ids.length > 1 && task.checklist!.some((item) => item.done)) withItems++;
        }
      }),
      { numRuns: 200 },
    );
    // The runs do reach lists of several items with ticks (not only empty ones).
    expect(withItems).toBeGreaterThan(5);
  });
});
