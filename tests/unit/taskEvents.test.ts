import {
  checklistItemAdded,
  checklistItemDeleted,
  checklistItemDoneSet,
  checklistItemMadeTask,
  checklistItemMoved,
  checklistItemTextSet,
  isWellFormedTaskEvent,
  TASK_EVENT_TYPES,
  isTaskEvent,
  isTaskListChange,
  taskAdded,
  taskCompletionSet,
  taskDragCancelled,
  taskDragMovedTo,
  taskDeleted,
  taskMoved,
  taskMovedToEnd,
  taskNotesSet,
  taskLabelsSet,
  taskRenamed,
  taskRestored,
  tasksDeleted,
  tasksRestored,
  tasksRolledOver,
  NOTES_MAX_LENGTH,
} from '../../src/features/tasks/events';
import { parseStoredTasks } from '../../src/features/tasks/storage';
import { allTasksOf, daysFrom } from '../../src/features/tasks/taskList';
import { replayTaskEvents } from '../../src/features/tasks/tasksReducer';

describe('task events read from elsewhere', () => {
  const task = { id: 'task-1-a', title: 'A', date: '2026-11-23', completed: false, createdAt: 1, order: 0 };

  it('accepts every event the app makes, as JSON', () => {
    const events = [
      taskAdded('A', '2026-11-23'),
      taskRenamed({ id: 'task-1-a', title: 'B' }),
      taskNotesSet({ id: 'task-1-a', notes: 'Line one\nhttps://example.com' }),
      taskLabelsSet({ id: 'task-1-a', labels: ['label-1'] }),
      taskCompletionSet({ id: 'task-1-a', completed: true }),
      taskDeleted({ id: 'task-1-a' }),
      taskMoved({ id: 'task-1-a', toDate: 'someday', toIndex: 2 }),
      taskMovedToEnd({ id: 'task-1-a', toDate: 'someday' }),
      taskRestored({ task }),
      tasksRestored({ tasks: [task] }),
      tasksDeleted({ ids: ['task-1-a'] }),
      tasksRolledOver({ ids: ['task-1-a'], to: '2026-11-25' }),
      checklistItemAdded('task-1-a', 'Passport'),
      checklistItemTextSet({ id: 'task-1-a', itemId: 'item-1', text: 'Passports' }),
      checklistItemDoneSet({ id: 'task-1-a', itemId: 'item-1', done: true }),
      checklistItemMoved({ id: 'task-1-a', itemId: 'item-1', toIndex: 0 }),
      checklistItemDeleted({ id: 'task-1-a', itemId: 'item-1' }),
      checklistItemMadeTask('task-1-a', 'item-1', '2026-11-26'),
    ];
    expect(events.map((event) => event.type).sort()).toEqual([...TASK_EVENT_TYPES].sort());
    for (const event of events) expect(isWellFormedTaskEvent(JSON.parse(JSON.stringify(event)))).toBe(true);
  });

  it('refuses a label set that is not a list of ids, and a restored task whose labels are not', () => {
    expect(isWellFormedTaskEvent({ type: 'tasks/taskLabelsSet', payload: { id: 'task-1-a', labels: 'label-1' } })).toBe(false);
    expect(isWellFormedTaskEvent({ type: 'tasks/taskLabelsSet', payload: { id: 'task-1-a', labels: [3] } })).toBe(false);
    expect(isWellFormedTaskEvent(taskRestored({ task: { ...task, labels: [''] } }))).toBe(false);
  });

  it.each([
    ['not an object', 'tasks/taskDeleted'],
    ['a local action', { type: 'tasks/taskDragStarted', payload: { id: 'x' } }],
    ['an unknown type', { type: 'tasks/taskExploded', payload: { id: 'x' } }],
    ['a toggle of old', { type: 'tasks/taskCompletionToggled', payload: { id: 'x' } }],
    ['no payload', { type: 'tasks/taskDeleted' }],
    ['notes that are not text', { type: 'tasks/taskNotesSet', payload: { id: 'x', notes: 3 } }],
    ['a completion that is not a boolean', { type: 'tasks/taskCompletionSet', payload: { id: 'x', completed: 'yes' } }],
    ['a negative index', { type: 'tasks/taskMoved', payload: { id: 'x', toDate: 'someday', toIndex: -1 } }],
    ['a fractional index', { type: 'tasks/taskMoved', payload: { id: 'x', toDate: 'someday', toIndex: 0.5 } }],
    ['a rename without a title', { type: 'tasks/taskRenamed', payload: { id: 'x' } }],
    ['a restore of half a task', { type: 'tasks/taskRestored', payload: { task: { id: 'x', title: 'A' } } }],
    ['an empty id', { type: 'tasks/taskDeleted', payload: { id: '' } }],
    ['a bulk restore with half a task', { type: 'tasks/tasksRestored', payload: { tasks: [{ id: 'x', title: 'A' }] } }],
    ['a bulk delete of no list', { type: 'tasks/tasksDeleted', payload: { ids: 'x' } }],
    ['a rollover to no day', { type: 'tasks/tasksRolledOver', payload: { ids: ['x'], to: 'tomorrow' } }],
  ])('rejects %s', (_name, value) => {
    expect(isWellFormedTaskEvent(value)).toBe(false);
  });
});

describe('isTaskEvent and isTaskListChange', () => {
  it('match the log’s events by type, and nothing else', () => {
    const events = [taskAdded('A', '2026-11-23'), taskRenamed({ id: 'a', title: 'B' }), tasksRolledOver({ ids: ['a'], to: '2026-11-24' })];
    for (const event of events) {
      expect(isTaskEvent(event)).toBe(true);
      expect(isTaskListChange(event)).toBe(true);
    }
    expect(TASK_EVENT_TYPES.every((type) => isTaskEvent({ type }))).toBe(true);
    for (const other of [null, undefined, 'tasks/taskRenamed', { type: 'tasks/taskDragStarted' }, { type: 42 }, { payload: {} }]) {
      expect(isTaskEvent(other)).toBe(false);
      expect(isTaskListChange(other)).toBe(false);
    }
  });

  it('count a drag’s live moves and its cancel as list changes, not as log events', () => {
    for (const local of [taskDragMovedTo({ id: 'a', toDate: '2026-11-24' }), taskDragCancelled()]) {
      expect(isTaskEvent(local)).toBe(false);
      expect(isTaskListChange(local)).toBe(true);
    }
  });
});

describe('notes (issue 30.6)', () => {
  const start = replayTaskEvents({ days: {}, drag: null }, [taskAdded('Book flights', '2026-11-23')]);
  const [added] = allTasksOf(start.days);
  const notesOf = (state: typeof start) => allTasksOf(state.days)[0]!.notes;

  it('sets and clears them as a field of the task, cut to what one event of the log may hold', () => {
    const set = replayTaskEvents(start, [taskNotesSet({ id: added!.id, notes: 'Window seat\nhttps://example.com' })]);
    expect(notesOf(set)).toBe('Window seat\nhttps://example.com');
    expect(allTasksOf(replayTaskEvents(set, [taskNotesSet({ id: added!.id, notes: '' })]).days)[0]).not.toHaveProperty('notes');
    expect(notesOf(replayTaskEvents(start, [taskNotesSet({ id: added!.id, notes: 'x'.repeat(5000) })]))).toHaveLength(NOTES_MAX_LENGTH);
    expect(replayTaskEvents(start, [taskNotesSet({ id: 'gone', notes: 'x' })]).days).toBe(start.days);
  });

  it('are kept by the stored plain array, and a task without them is stored as the spec has it', () => {
    const set = replayTaskEvents(start, [taskNotesSet({ id: added!.id, notes: 'Window seat' })]);
    const { tasks } = parseStoredTasks(JSON.stringify(allTasksOf(set.days)));
    expect(tasks[0]).toMatchObject({ notes: 'Window seat' });
    // ...and by the list loaded from it (a reload).
    expect(allTasksOf(daysFrom(tasks))[0]).toMatchObject({ notes: 'Window seat' });
    expect(Object.keys(parseStoredTasks(JSON.stringify(allTasksOf(start.days))).tasks[0]!)).toEqual(['id', 'title', 'date', 'completed', 'createdAt', 'order']);
  });
});
