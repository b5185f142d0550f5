import { combineReducers, type UnknownAction } from '@reduxjs/toolkit';
import fc from 'fast-check';
import {
  logEventsReceived,
  syncBaseLoaded,
  syncReducer,
  syncStarted,
  withSync,
  type LogEvent,
  type OutboxEntry,
} from '../../src/features/sync/syncSlice';
import {
  taskAdded,
  taskCompletionSet,
  taskDeleted,
  taskMoved,
  taskMovedToEnd,
  taskRenamed,
  taskRestored,
  type TaskEvent,
} from '../../src/features/tasks/events';
import { allTasksOf, taskIn } from '../../src/features/tasks/taskList';
import { tasksReducer } from '../../src/features/tasks/tasksReducer';
import { type TaskDays, type TasksState, SOMEDAY } from '../../src/features/tasks/types';
import { initialTasks, placedTasks } from './taskFixtures';

// Several devices of one user edit, go offline, send in batches (some twice) and receive the log in
// pieces, out of order and repeated. However that interleaves, once everything is sent and received
// every device shows exactly what one serial replay of the server's log gives.

const reducer = withSync(combineReducers({ tasks: tasksReducer, sync: syncReducer }));
type State = ReturnType<typeof reducer>;

const DATES = ['2026-11-23', '2026-11-24', SOMEDAY];

class Server {
  readonly log: LogEvent[] = [];
  private readonly stored = new Map<string, number>();
  append(entries: OutboxEntry[]) {
    for (const entry of entries) {
      const key = `${entry.clientId}#${entry.clientSeq}`;
      if (this.stored.has(key)) continue; // a retried batch is stored once
      const seq = this.log.length + 1;
      this.stored.set(key, seq);
      this.log.push({ seq, client_id: entry.clientId, client_seq: entry.clientSeq, event: JSON.parse(JSON.stringify(entry.event)) });
    }
  }
}

const step = fc.oneof(
  fc.record({ kind: fc.constant('edit' as const), device: fc.nat(2), op: fc.nat(6), pick: fc.nat(40), date: fc.constantFrom(...DATES), index: fc.nat(6), flag: fc.boolean() }),
  fc.record({ kind: fc.constant('send' as const), device: fc.nat(2), count: fc.integer({ min: 1, max: 6 }), twice: fc.boolean() }),
  fc.record({ kind: fc.constant('deliver' as const), device: fc.nat(2), count: fc.integer({ min: 1, max: 8 }), seed: fc.nat(), repeat: fc.boolean() }),
);
type Step = typeof step extends fc.Arbitrary<infer T> ? T : never;

function editFor(state: State, s: Extract<Step, { kind: 'edit' }>, n: number): TaskEvent {
  const ids = allTasksOf(state.tasks.days).map((task) => task.id);
  const id = ids.length ? ids[s.pick % ids.length]! : `task-0-none`;
  const task = taskIn(state.tasks, id);
  switch (s.op) {
    case 0:
    case 1:
      return { type: taskAdded.type, payload: { id: `task-${n}-d${s.device}`, title: `T${n}`, date: s.date, createdAt: n } };
    case 2:
      return taskRenamed({ id, title: `R${n}` });
    case 3:
      return taskCompletionSet({ id, completed: s.flag });
    case 4:
      return taskDeleted({ id });
    case 5:
      return s.flag ? taskMoved({ id, toDate: s.date, toIndex: s.index }) : taskMovedToEnd({ id, toDate: s.date });
    default:
      return task ? taskRestored({ task: { ...task, title: `P${n}`, date: s.date, order: s.index } }) : taskDeleted({ id });
  }
}

/** Deterministic shuffle from a seed. */
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

function start(device: number): State {
  let state = reducer(undefined, { type: '@@init' });
  state = reducer(state, syncStarted({ userId: 'u', clientId: `device-${device}`, pending: [], early: [], base: null }));
  return reducer(state, syncBaseLoaded({ lastSeq: 0, tasks: [], seed: [] }));
}

/** Every task, sorted by id. */
function view(tasks: Pick<TasksState, 'days'>) {
  return allTasksOf(tasks.days).sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** Each day's ids in display order. */
function lists(tasks: Pick<TasksState, 'days'>) {
  return Object.fromEntries(Object.entries(tasks.days).map(([date, day]) => [date, [...day.ids]]));
}

/**
 * The days are well formed: each day present has tasks, its `ids` and `entities` hold the same tasks,
 * each dated that day with `order` its index in `ids` (0..n-1), no task on two days, everything frozen.
 */
function problemsOf(days: TaskDays): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  if (!Object.isFrozen(days)) problems.push('days not frozen');
  for (const [date, day] of Object.entries(days)) {
    if (day.ids.length === 0) problems.push(`${date}: empty day kept`);
    if (!Object.isFrozen(day) || !Object.isFrozen(day.ids) || !Object.isFrozen(day.entities)) problems.push(`${date}: not frozen`);
    if (Object.keys(day.entities).length !== day.ids.length || new Set(day.ids).size !== day.ids.length) problems.push(`${date}: ids and entities differ`);
    day.ids.forEach((id, index) => {
      const task = day.entities[id];
      if (!task) return void problems.push(`${date}: ${id} listed without its task`);
      if (task.id !== id || task.date !== date || 'order' in task) problems.push(`${date}: ${id} at ${index} is ${JSON.stringify(task)}`);
      if (!Object.isFrozen(task)) problems.push(`${date}: ${id} not frozen`);
      if (seen.has(id)) problems.push(`${id} on two days`);
      seen.add(id);
    });
  }
  return problems;
}

describe('devices merging through the log', () => {
  it('converge on one serial replay of the server log, losing no confirmed event', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 3 }), fc.array(step, { maxLength: 60 }), (deviceCount, steps) => {
        const server = new Server();
        const devices = Array.from({ length: deviceCount }, (_, d) => start(d));
        const dispatch = (d: number, action: UnknownAction) => (devices[d] = reducer(devices[d], action));
        steps.forEach((s, n) => {
          const d = s.device % deviceCount;
          const state = devices[d]!;
          if (s.kind === 'edit') dispatch(d, editFor(state, s, n + 1));
          else if (s.kind === 'send') {
            const batch = state.sync.outbox.slice(0, s.count);
            server.append(batch);
            if (s.twice) server.append(batch);
          } else {
            const from = state.sync.lastSeq!;
            const window = server.log.slice(from, from + s.count);
            const delivery = shuffled(s.repeat ? [...window, ...window] : window, s.seed);
            dispatch(d, logEventsReceived({ events: delivery }));
            expect(problemsOf(devices[d]!.tasks.days)).toEqual([]);
            expect(problemsOf(devices[d]!.sync.confirmed!)).toEqual([]);
          }
        });
        // Everyone comes online: sends everything and reads the whole log.
        for (let round = 0; round < 2; round++) {
          devices.forEach((state) => server.append(state.sync.outbox));
          devices.forEach((_, d) => dispatch(d, logEventsReceived({ events: server.log })));
        }
        let serial: TasksState = initialTasks();
        for (const entry of server.log) serial = tasksReducer(serial, entry.event as TaskEvent);
        expect(problemsOf(serial.days)).toEqual([]);
        for (const state of devices) {
          expect(state.sync.outbox).toEqual([]);
          expect(state.sync.lastSeq).toBe(server.log.length);
          expect(view(state.tasks)).toEqual(view(serial));
          expect(lists(state.tasks)).toEqual(lists(serial));
          expect(state.tasks.days).toEqual(serial.days);
          // With nothing left to send, the list shown is the log's.
          expect(state.sync.confirmed).toEqual(serial.days);
          expect(problemsOf(state.tasks.days)).toEqual([]);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('shows a device’s own edits at once, and keeps them on top of everyone else’s', () => {
    const server = new Server();
    let a = start(0);
    let b = start(1);
    a = reducer(a, { type: taskAdded.type, payload: { id: 'task-1-a', title: 'From A', date: SOMEDAY, createdAt: 1 } });
    server.append(a.sync.outbox);
    b = reducer(b, { type: taskAdded.type, payload: { id: 'task-2-b', title: 'From B', date: SOMEDAY, createdAt: 2 } });
    expect(view(b.tasks).map((task) => task.title)).toEqual(['From B']);
    b = reducer(b, logEventsReceived({ events: server.log }));
    // A's task arrived underneath; B's unsent one stays, after it.
    expect(allTasksOf(b.tasks.days).map((task) => task.title)).toEqual(['From A', 'From B']);
    expect(b.tasks.days[SOMEDAY]!.ids).toEqual(['task-1-a', 'task-2-b']);
    expect(placedTasks(b.tasks)['task-2-b']!.order).toBe(1);
    expect(b.sync.confirmed![SOMEDAY]!.ids).toEqual(['task-1-a']);
    expect(b.sync.outbox).toHaveLength(1);
  });

  it('skips a malformed log entry but still moves past it', () => {
    let a = start(0);
    a = reducer(a, logEventsReceived({ events: [{ seq: 1, client_id: 'x', client_seq: 1, event: { type: 'tasks/taskExploded', payload: {} } }] }));
    expect(a.sync.lastSeq).toBe(1);
    expect(a.tasks.days).toEqual({});
    expect(a.sync.confirmed).toEqual({});
  });
});
