import { combineReducers, type UnknownAction } from '@reduxjs/toolkit';
import fc from 'fast-check';
import {
  catalogReducer,
  labelCreated,
  labelDeleted,
  labelRecoloured,
  labelRenamed,
  listArchivedSet,
  listCreated,
  listDeleted,
  listMoved,
  listRenamed,
  nameKey,
  replayCatalog,
} from '../../src/features/catalog/catalogSlice';
import { emptyCatalog, LABEL_COLOURS, type CatalogState } from '../../src/features/catalog/types';
import { logEventsReceived, syncBaseLoaded, syncReducer, syncStarted, withSync, type LogEvent, type OutboxEntry } from '../../src/features/sync/syncSlice';
import { taskAdded, taskLabelsSet, taskMoved, taskMovedToEnd } from '../../src/features/tasks/events';
import { allTasksOf } from '../../src/features/tasks/taskList';
import { tasksReducer } from '../../src/features/tasks/tasksReducer';
import { listKey, SOMEDAY } from '../../src/features/tasks/types';
import { initialTasks } from './taskFixtures';
import { loadCatalog } from '../../src/features/catalog/catalogHost';

// The catalog code arrives by a dynamic import in the app; these tests make its events, so it is here first.
beforeAll(() => loadCatalog());

// Two or three devices of one person make, rename, recolour and delete labels and lists, label tasks, reorder and
// archive lists, each going offline for a while (sending nothing, receiving nothing) and then catching up, as
// sync does (syncSlice's rebase). Names collide on purpose ('Work', 'work', 'WÖRK', '' and a 101-character one):
// once everything is sent and received every device shows the same catalog and tasks, those of one serial replay
// of the server's log, and no two labels share a name.

const reducer = withSync(combineReducers({ tasks: tasksReducer, sync: syncReducer, catalog: catalogReducer }));
type State = ReturnType<typeof reducer>;

const NAMES = ['Work', 'work', 'WÖRK', 'Home', 'Café', 'cafe', '  Home  ', '', 'x'.repeat(101), 'Errands'];

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
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('edit' as const), device: fc.nat(2), op: fc.nat(14), pick: fc.nat(40), name: fc.constantFrom(...NAMES), flag: fc.boolean(), index: fc.nat(4) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('send' as const), device: fc.nat(2), count: fc.integer({ min: 1, max: 6 }) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('deliver' as const), device: fc.nat(2), count: fc.integer({ min: 1, max: 8 }), repeat: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('offline' as const), device: fc.nat(2), flag: fc.boolean() }) },
);
type Step = typeof step extends fc.Arbitrary<infer T> ? T : never;

function editFor(state: State, s: Extract<Step, { kind: 'edit' }>, n: number, device: number): UnknownAction {
  const { labels, lists } = state.catalog;
  const label = labels[s.pick % Math.max(1, labels.length)];
  const list = lists[s.pick % Math.max(1, lists.length)];
  const tasks = allTasksOf(state.tasks.days);
  const task = tasks[s.pick % Math.max(1, tasks.length)];
  const colour = LABEL_COLOURS[s.pick % LABEL_COLOURS.length]!;
  switch (s.op) {
    case 0:
    case 1:
      return labelCreated(s.name, colour, `label-${n}-d${device}`);
    case 2:
      return label ? labelRenamed({ id: label.id, name: s.name }) : labelCreated(s.name, colour, `label-${n}-d${device}`);
    case 3:
      return label ? (s.flag ? labelRecoloured({ id: label.id, colour }) : labelDeleted({ id: label.id })) : listCreated(s.name, `list-${n}-d${device}`);
    case 4:
      return { type: taskAdded.type, payload: { id: `task-${n}-d${device}`, title: `T${n}`, date: SOMEDAY, createdAt: n } };
    case 5:
    case 6: {
      // Labels as this device sees them, including ids another device may have deleted or merged meanwhile.
      const chosen = labels.filter((_, i) => (s.pick >> i) & 1).map((one) => one.id);
      return task ? taskLabelsSet({ id: task.id, labels: s.flag ? chosen : [...chosen, 'label-gone'] }) : labelCreated(s.name, colour, `label-${n}-d${device}`);
    }
    case 7:
      return listCreated(s.name, `list-${n}-d${device}`);
    case 8:
      return list ? listRenamed({ id: list.id, name: s.name }) : listCreated(s.name, `list-${n}-d${device}`);
    case 9:
      return list ? listMoved({ id: list.id, toIndex: s.index }) : listCreated(s.name, `list-${n}-d${device}`);
    case 10:
      return list ? listArchivedSet({ id: list.id, archived: s.flag }) : listCreated(s.name, `list-${n}-d${device}`);
    case 11:
      return list ? listDeleted({ id: list.id }) : labelCreated(s.name, colour, `label-${n}-d${device}`);
    // Tasks into and out of lists (43.3), as the wire carries them: Some Day with `list`, into lists another device may
    // have deleted meanwhile.
    case 12:
      return list ? { type: taskAdded.type, payload: { id: `task-${n}-d${device}`, title: `L${n}`, date: SOMEDAY, list: list.id, createdAt: n } } : listCreated(s.name, `list-${n}-d${device}`);
    case 13:
      return task && list ? taskMoved({ id: task.id, toDate: listKey(list.id), toIndex: s.index }) : listCreated(s.name, `list-${n}-d${device}`);
    default:
      return task ? taskMovedToEnd({ id: task.id, toDate: s.flag ? SOMEDAY : '2026-11-25' }) : listCreated(s.name, `list-${n}-d${device}`);
  }
}

function start(device: number): State {
  let state = reducer(undefined, { type: '@@init' });
  state = reducer(state, syncStarted({ userId: 'u', clientId: `device-${device}`, pending: [], early: [], base: null }));
  return reducer(state, syncBaseLoaded({ lastSeq: 0, tasks: [], seed: [] }));
}

function problemsOf(catalog: CatalogState): string[] {
  const problems: string[] = [];
  const keys = catalog.labels.map((label) => nameKey(label.name));
  if (new Set(keys).size !== keys.length) problems.push(`two labels share a name: ${keys.join(', ')}`);
  for (const one of [...catalog.labels, ...catalog.lists]) {
    if (!one.name || one.name.length > 100 || one.name !== one.name.trim()) problems.push(`bad name ${JSON.stringify(one.name)}`);
  }
  const ids = [...catalog.labels, ...catalog.lists].map((one) => one.id);
  if (new Set(ids).size !== ids.length) problems.push('an id twice');
  return problems;
}

describe('labels and lists across devices', () => {
  it('converge on one serial replay of the log, with no two labels of one name and no refused name stored', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 3 }), fc.array(step, { maxLength: 70 }), (deviceCount, steps) => {
        const server = new Server();
        const devices = Array.from({ length: deviceCount }, (_, d) => start(d));
        const online = devices.map(() => true);
        const dispatch = (d: number, action: UnknownAction) => (devices[d] = reducer(devices[d], action));
        steps.forEach((s, n) => {
          const d = s.device % deviceCount;
          const state = devices[d]!;
          if (s.kind === 'edit') dispatch(d, editFor(state, s, n + 1, d));
          else if (s.kind === 'offline') online[d] = s.flag;
          else if (!online[d]) return;
          else if (s.kind === 'send') server.append(state.sync.outbox.slice(0, s.count));
          else {
            const from = state.sync.lastSeq!;
            const window = server.log.slice(from, from + s.count);
            dispatch(d, logEventsReceived({ events: s.repeat ? [...window].reverse().concat(window) : window }));
          }
          expect(problemsOf(devices[d]!.catalog)).toEqual([]);
        });
        for (let round = 0; round < 2; round++) {
          devices.forEach((state) => server.append(state.sync.outbox));
          devices.forEach((_, d) => dispatch(d, logEventsReceived({ events: server.log })));
        }
        const events = server.log.map((entry) => entry.event as UnknownAction);
        const serialCatalog = replayCatalog(emptyCatalog, events);
        const serialTasks = events.reduce(tasksReducer, initialTasks());
        expect(problemsOf(serialCatalog)).toEqual([]);
        for (const state of devices) {
          expect(state.sync.outbox).toEqual([]);
          expect(state.catalog).toEqual(serialCatalog);
          expect(state.sync.confirmedCatalog).toEqual(serialCatalog);
          expect(allTasksOf(state.tasks.days)).toEqual(allTasksOf(serialTasks.days));
        }
        // Written out, a list's task is the spec's Some Day with its list beside it.
        for (const task of allTasksOf(serialTasks.days)) if (task.list !== undefined) expect(task.date).toBe(SOMEDAY);
      }),
      { numRuns: 300 },
    );
  });

  it('makes one label of two made offline under one name, so both devices’ tasks carry it', () => {
    const server = new Server();
    let a = start(0);
    let b = start(1);
    a = reducer(a, labelCreated('Work', 'blue', 'label-a'));
    a = reducer(a, { type: taskAdded.type, payload: { id: 'task-a', title: 'Report', date: SOMEDAY, createdAt: 1 } });
    a = reducer(a, taskLabelsSet({ id: 'task-a', labels: ['label-a'] }));
    b = reducer(b, labelCreated('wörk', 'red', 'label-b'));
    b = reducer(b, { type: taskAdded.type, payload: { id: 'task-b', title: 'Call', date: SOMEDAY, createdAt: 2 } });
    b = reducer(b, taskLabelsSet({ id: 'task-b', labels: ['label-b'] }));
    server.append(a.sync.outbox);
    server.append(b.sync.outbox);
    a = reducer(a, logEventsReceived({ events: server.log }));
    b = reducer(b, logEventsReceived({ events: server.log }));
    for (const state of [a, b]) {
      expect(state.catalog.labels).toEqual([{ id: 'label-a', name: 'Work', colour: 'blue', createdAt: expect.any(Number) }]);
      expect(state.catalog.aliases).toEqual({ 'label-b': 'label-a' });
    }
    expect(a.catalog).toEqual(b.catalog);
  });
});
