import {
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
  taskRenamed,
  taskRestored,
  tasksDeleted,
  tasksRestored,
  tasksRolledOver,
} from '../../src/features/tasks/events';

describe('task events read from elsewhere', () => {
  const task = { id: 'task-1-a', title: 'A', date: '2026-11-23', completed: false, createdAt: 1, order: 0 };

  it('accepts every event the app makes, as JSON', () => {
    const events = [
      taskAdded('A', '2026-11-23'),
      taskRenamed({ id: 'task-1-a', title: 'B' }),
      taskCompletionSet({ id: 'task-1-a', completed: true }),
      taskDeleted({ id: 'task-1-a' }),
      taskMoved({ id: 'task-1-a', toDate: 'someday', toIndex: 2 }),
      taskMovedToEnd({ id: 'task-1-a', toDate: 'someday' }),
      taskRestored({ task }),
      tasksRestored({ tasks: [task] }),
      tasksDeleted({ ids: ['task-1-a'] }),
      tasksRolledOver({ ids: ['task-1-a'], to: '2026-11-25' }),
    ];
    expect(events.map((event) => event.type).sort()).toEqual([...TASK_EVENT_TYPES].sort());
    for (const event of events) expect(isWellFormedTaskEvent(JSON.parse(JSON.stringify(event)))).toBe(true);
  });

  it.each([
    ['not an object', 'tasks/taskDeleted'],
    ['a local action', { type: 'tasks/taskDragStarted', payload: { id: 'x' } }],
    ['an unknown type', { type: 'tasks/taskExploded', payload: { id: 'x' } }],
    ['a toggle of old', { type: 'tasks/taskCompletionToggled', payload: { id: 'x' } }],
    ['no payload', { type: 'tasks/taskDeleted' }],
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
