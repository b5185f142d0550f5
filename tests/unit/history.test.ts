import { HISTORY_LIMIT, historyGroupEnded, historyGroupStarted, historyReplayEnded, historyReplayStarted, redoRequested, undoRequested } from '../../src/features/history/historySlice';
import { restoreEvent } from '../../src/features/tasks/bulkEvents';
import {
  isTaskEvent,
  taskAdded,
  taskCompletionSet,
  taskDeleted,
  taskDragEnded,
  taskDragMovedTo,
  taskDragStarted,
  taskLabelsSet,
  taskMoved,
  taskRenamed,
  tasksReplaced,
  type TaskEvent,
} from '../../src/features/tasks/events';
import type { Task } from '../../src/features/tasks/types';
import { logEventsReceived, syncBaseLoaded, syncStarted } from '../../src/features/sync/syncSlice';
import { MemoryStorage, startStore } from './memoryStorage';
import { MON, TUE, WED, placedTasks, taskEntities } from './taskFixtures';

// Undo and redo on the real store: each is a set of new task events (the inverse of the step), never a rewind.

const task = (id: string, date: string, order: number, fields: Partial<Task> = {}): Task => ({ id, title: id, date, completed: false, createdAt: 1, order, ...fields });

async function board() {
  const stored = [task('a', MON, 0), task('b', MON, 1), task('c', MON, 2), task('d', TUE, 0)];
  const made = await startStore(new MemoryStorage({ 'weekly-planner-tasks': JSON.stringify(stored) }));
  const { store } = made;
  const events: TaskEvent[] = [];
  made.startAppListening({ predicate: isTaskEvent, effect: (action) => void events.push(action as TaskEvent) });
  const titles = (date: string) =>
    Object.values(placedTasks(store.getState().tasks))
      .filter((one) => one!.date === date)
      .sort((x, y) => x!.order - y!.order)
      .map((one) => (one!.completed ? `${one!.title} ✓` : one!.title));
  return { store, events, titles, undo: () => store.dispatch(undoRequested()), redo: () => store.dispatch(redoRequested()) };
}

describe('undo and redo', () => {
  it('undoes a change of labels alone with the labels as they were, and redoes it', async () => {
    const { store, events, undo, redo } = await board();
    const labels = () => placedTasks(store.getState().tasks)['b']!.labels;
    store.dispatch(taskLabelsSet({ id: 'b', labels: ['label-work'] }));
    expect(store.getState().history.undo).toHaveLength(1);
    undo();
    expect(labels()).toBeUndefined();
    expect(events.at(-1)).toEqual(taskLabelsSet({ id: 'b', labels: [] }));
    redo();
    expect(labels()).toEqual(['label-work']);
  });

  it('undoes an add with a delete of that task, and redoes it in its place', async () => {
    const { store, events, titles, undo, redo } = await board();
    const added = store.dispatch(taskAdded('New', MON));
    events.length = 0;
    undo();
    expect(events).toEqual([taskDeleted({ id: added.payload.id })]);
    expect(titles(MON)).toEqual(['a', 'b', 'c']);
    redo();
    expect(titles(MON)).toEqual(['a', 'b', 'c', 'New']);
    expect(taskEntities(store.getState().tasks)[added.payload.id]!.createdAt).toBe(added.payload.createdAt);
  });

  it('undoes a rename with a rename back, and nothing else', async () => {
    const { store, events, titles, undo, redo } = await board();
    store.dispatch(taskRenamed({ id: 'b', title: 'B!' }));
    events.length = 0;
    undo();
    expect(events).toEqual([taskRenamed({ id: 'b', title: 'b' })]);
    redo();
    expect(titles(MON)).toEqual(['a', 'B!', 'c']);
  });

  it('undoes a completion by setting it back', async () => {
    const { store, events, titles, undo } = await board();
    store.dispatch(taskCompletionSet({ id: 'a', completed: true }));
    expect(titles(MON)).toEqual(['a ✓', 'b', 'c']);
    events.length = 0;
    undo();
    expect(events).toEqual([taskCompletionSet({ id: 'a', completed: false })]);
    expect(titles(MON)).toEqual(['a', 'b', 'c']);
  });

  it('undoes a move to its old day and place', async () => {
    const { store, titles, undo, redo } = await board();
    store.dispatch(taskMoved({ id: 'b', toDate: TUE, toIndex: 0 }));
    expect(titles(TUE)).toEqual(['b', 'd']);
    undo();
    expect(titles(MON)).toEqual(['a', 'b', 'c']);
    expect(titles(TUE)).toEqual(['d']);
    redo();
    expect(titles(TUE)).toEqual(['b', 'd']);
  });

  it('undoes a delete by putting the task back in its place', async () => {
    const { store, events, titles, undo } = await board();
    store.dispatch(taskDeleted({ id: 'b' }));
    events.length = 0;
    undo();
    expect(events).toEqual([expect.objectContaining({ type: 'tasks/taskRestored', payload: { task: task('b', MON, 1) } })]);
    expect(titles(MON)).toEqual(['a', 'b', 'c']);
  });

  it('takes a whole drag across several days back in one step', async () => {
    const { store, titles, undo, redo } = await board();
    store.dispatch(taskDragStarted({ id: 'a' }));
    store.dispatch(taskDragMovedTo({ id: 'a', toDate: TUE, toIndex: 0 }));
    store.dispatch(taskDragMovedTo({ id: 'a', toDate: WED }));
    store.dispatch(taskMoved({ id: 'a', toDate: WED, toIndex: 0 }));
    store.dispatch(taskDragEnded());
    expect(store.getState().history.undo).toHaveLength(1);
    undo();
    expect(titles(MON)).toEqual(['a', 'b', 'c']);
    expect(titles(WED)).toEqual([]);
    redo();
    expect(titles(WED)).toEqual(['a']);
    expect(titles(MON)).toEqual(['b', 'c']);
  });

  it('undoes steps newest first and redoes them in order', async () => {
    const { store, titles, undo, redo } = await board();
    store.dispatch(taskRenamed({ id: 'a', title: 'A1' }));
    store.dispatch(taskRenamed({ id: 'a', title: 'A2' }));
    store.dispatch(taskCompletionSet({ id: 'c', completed: true }));
    undo();
    undo();
    expect(titles(MON)).toEqual(['A1', 'b', 'c']);
    redo();
    expect(titles(MON)).toEqual(['A2', 'b', 'c']);
    redo();
    expect(titles(MON)).toEqual(['A2', 'b', 'c ✓']);
    redo(); // nothing left to redo
    undo();
    undo();
    undo();
    undo(); // nothing left to undo
    expect(titles(MON)).toEqual(['a', 'b', 'c']);
  });

  it('clears what could be redone when a new edit is made', async () => {
    const { store, titles, undo, redo } = await board();
    store.dispatch(taskRenamed({ id: 'a', title: 'A1' }));
    undo();
    store.dispatch(taskRenamed({ id: 'b', title: 'B1' }));
    expect(store.getState().history.redo).toEqual([]);
    redo();
    expect(titles(MON)).toEqual(['a', 'B1', 'c']);
  });

  it(`keeps the last ${HISTORY_LIMIT} steps`, async () => {
    const { store, titles, undo } = await board();
    for (let n = 1; n <= HISTORY_LIMIT + 5; n += 1) store.dispatch(taskRenamed({ id: 'a', title: `A${n}` }));
    expect(store.getState().history.undo).toHaveLength(HISTORY_LIMIT);
    for (let n = 0; n < HISTORY_LIMIT + 5; n += 1) undo();
    expect(titles(MON)[0]).toBe('A5');
  });

  it('records events dispatched in a group as one step, and undoes them with bulk events', async () => {
    const { store, events, titles, undo, redo } = await board();
    store.dispatch(historyGroupStarted());
    store.dispatch(restoreEvent([task('x', WED, 0), task('y', WED, 1)]));
    store.dispatch(taskMoved({ id: 'a', toDate: TUE, toIndex: 1 }));
    store.dispatch(taskRenamed({ id: 'a', title: 'a again' }));
    store.dispatch(taskDeleted({ id: 'c' }));
    store.dispatch(historyGroupEnded());
    expect(store.getState().history.undo).toHaveLength(1);
    events.length = 0;
    undo();
    expect(events.map((event) => event.type)).toEqual(['tasks/tasksDeleted', 'tasks/tasksRestored']);
    expect(titles(MON)).toEqual(['a', 'b', 'c']);
    expect(titles(TUE)).toEqual(['d']);
    expect(titles(WED)).toEqual([]);
    redo();
    expect(titles(WED)).toEqual(['x', 'y']);
    expect(titles(TUE)).toEqual(['d', 'a again']);
    expect(titles(MON)).toEqual(['b']);
  });

  it('does not record an event that changes nothing', async () => {
    const { store } = await board();
    store.dispatch(taskRenamed({ id: 'a', title: 'a' }));
    store.dispatch(taskDeleted({ id: 'gone' }));
    expect(store.getState().history.undo).toEqual([]);
  });

  it('can undo a deletion from its toast after later edits, bringing only that task back', async () => {
    const { store, titles } = await board();
    store.dispatch(taskDeleted({ id: 'b' }));
    const deletion = store.getState().history.undo.at(-1)!.id;
    store.dispatch(taskRenamed({ id: 'c', title: 'C' }));
    store.dispatch(undoRequested(deletion));
    expect(titles(MON)).toEqual(['a', 'b', 'C']);
    expect(store.getState().history.undo).toHaveLength(1);
  });

  it('keeps other devices’ events out of the history, and forgets it when the list is replaced', async () => {
    const { store } = await board();
    store.dispatch(taskRenamed({ id: 'a', title: 'mine' }));
    store.dispatch(syncStarted({ userId: 'u1', clientId: 'c1', pending: [], early: [], base: null }));
    expect(store.getState().history.undo).toEqual([]);
    store.dispatch(syncBaseLoaded({ lastSeq: 0, tasks: [task('a', MON, 0)], seed: [] }));
    store.dispatch(logEventsReceived({ events: [{ seq: 1, client_id: 'other', client_seq: 1, event: taskRenamed({ id: 'a', title: 'theirs' }) }] }));
    expect(taskEntities(store.getState().tasks).a!.title).toBe('theirs');
    expect(store.getState().history.undo).toEqual([]);
    store.dispatch(taskRenamed({ id: 'a', title: 'mine again' }));
    store.dispatch(tasksReplaced({ tasks: [] }));
    expect(store.getState().history.undo).toEqual([]);
  });

  it('sends an undo to the outbox like any edit', async () => {
    const { store } = await board();
    store.dispatch(syncStarted({ userId: 'u1', clientId: 'c1', pending: [], early: [], base: null }));
    store.dispatch(syncBaseLoaded({ lastSeq: 0, tasks: [task('a', MON, 0)], seed: [] }));
    store.dispatch(taskRenamed({ id: 'a', title: 'renamed' }));
    store.dispatch(undoRequested());
    expect(store.getState().sync.outbox.map((entry) => entry.event)).toEqual([taskRenamed({ id: 'a', title: 'renamed' }), taskRenamed({ id: 'a', title: 'a' })]);
  });
});

describe('recording steps in the reduction (withHistory)', () => {
  it('records an edit in the same dispatch, without a second action, and as the same state for the same input', async () => {
    const { store } = await board();
    const dispatched: string[] = [];
    const unsubscribe = store.subscribe(() => dispatched.push('notified'));
    const before = store.getState();
    store.dispatch(taskRenamed({ id: 'a', title: 'A' }));
    unsubscribe();
    expect(dispatched).toEqual(['notified']);
    const { undo } = store.getState().history;
    expect(undo).toHaveLength(1);
    expect(undo[0]!.entries).toEqual([{ id: 'a', before: task('a', MON, 0), after: task('a', MON, 0, { title: 'A' }) }]);
    expect(Object.isFrozen(undo)).toBe(true);
    // Pure: reducing the same action on the same state gives an equal state (Redux DevTools can replay it).
    const { makeStore } = await import('../../src/app/store');
    const replayed = makeStore({ storage: () => undefined, preloadedState: before }).store;
    replayed.dispatch(taskRenamed({ id: 'a', title: 'A' }));
    expect(replayed.getState().history.undo).toEqual(undo);
  });

  it('names steps uniquely, also after the stacks were cleared', async () => {
    const { store } = await board();
    store.dispatch(taskRenamed({ id: 'a', title: 'A' }));
    const first = store.getState().history.undo[0]!.id;
    store.dispatch(tasksReplaced({ tasks: [task('a', MON, 0)] }));
    expect(store.getState().history.undo).toEqual([]);
    store.dispatch(taskRenamed({ id: 'a', title: 'A again' }));
    expect(store.getState().history.undo[0]!.id).not.toBe(first);
  });

  it('does not record the events of a replay, nor add them to an open group', async () => {
    const { store } = await board();
    store.dispatch(historyReplayStarted());
    store.dispatch(taskRenamed({ id: 'a', title: 'A' }));
    store.dispatch(historyReplayEnded());
    expect(store.getState().history.undo).toEqual([]);
    store.dispatch(historyGroupStarted());
    store.dispatch(historyReplayStarted());
    store.dispatch(taskRenamed({ id: 'b', title: 'B' }));
    store.dispatch(historyReplayEnded());
    store.dispatch(taskRenamed({ id: 'c', title: 'C' }));
    store.dispatch(historyGroupEnded());
    expect(store.getState().history.undo.map((step) => step.entries.map((entry) => entry.id))).toEqual([['c']]);
  });

  it('records nested groups as one step when the outermost ends, each task as it was when the group began', async () => {
    const { store, titles, undo } = await board();
    store.dispatch(historyGroupStarted());
    store.dispatch(taskRenamed({ id: 'a', title: 'A1' }));
    store.dispatch(historyGroupStarted());
    store.dispatch(taskRenamed({ id: 'a', title: 'A2' }));
    store.dispatch(taskMoved({ id: 'b', toDate: TUE, toIndex: 0 }));
    store.dispatch(historyGroupEnded());
    expect(store.getState().history.undo).toEqual([]);
    store.dispatch(historyGroupEnded());
    const [step] = store.getState().history.undo;
    expect(step!.entries.map((entry) => [entry.id, entry.before?.title, entry.after?.title])).toEqual([
      ['a', 'a', 'A2'],
      ['b', 'b', 'b'],
    ]);
    undo();
    expect(titles(MON)).toEqual(['a', 'b', 'c']);
    expect(titles(TUE)).toEqual(['d']);
  });

  it(`keeps the newest ${HISTORY_LIMIT} steps and clears what could be redone`, async () => {
    const { store, undo } = await board();
    store.dispatch(taskRenamed({ id: 'a', title: 'first' }));
    undo();
    expect(store.getState().history.redo).toHaveLength(1);
    for (let n = 1; n <= HISTORY_LIMIT + 1; n += 1) store.dispatch(taskCompletionSet({ id: 'b', completed: n % 2 === 1 }));
    const state = store.getState().history;
    expect(state.redo).toEqual([]);
    expect(state.undo).toHaveLength(HISTORY_LIMIT);
    expect(state.undo.at(-1)!.id).toBe(`step-${state.recorded}`);
    expect(state.undo[0]!.id).toBe(`step-${state.recorded - HISTORY_LIMIT + 1}`);
  });
});
