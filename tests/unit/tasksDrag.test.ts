import {
  taskAdded,
  taskDeleted,
  taskDragCancelled,
  taskDragEnded,
  taskDragMovedTo,
  taskDragStarted,
  taskMoved,
  taskMovedToEnd,
} from '../../src/features/tasks/events';
import { type TasksState, SOMEDAY } from '../../src/features/tasks/types';
import { MON, TUE, WED, ordersByDate, replay, taskEntities, taskTitled, titlesByDate } from './taskFixtures';

// The drag rules of spec §4, as the drag-and-drop layer dispatches them:
// a hover over a task moves the dragged task to that task's index (live),
// a drop on a column moves it to the end, a drop outside every target cancels.

function week(): TasksState {
  return replay([
    ...['A', 'B', 'C', 'D'].map((title) => taskAdded(title, MON)),
    ...['X', 'Y', 'Z'].map((title) => taskAdded(title, TUE)),
    taskAdded('S', SOMEDAY),
  ]);
}

const idOf = (state: TasksState, title: string) => taskTitled(state, title).id;

/** The dragged task hovers over `hovered`: it takes the hovered task's index in the hovered task's day. */
function hover(state: TasksState, dragged: string, hovered: string): TasksState {
  const target = taskTitled(state, hovered);
  const index = titlesByDate(state)[target.date]!.indexOf(hovered);
  return replay([taskMoved({ id: idOf(state, dragged), toDate: target.date, toIndex: index })], state);
}

describe('live move to another day', () => {
  it('inserts at the hovered task position and renumbers both days', () => {
    let state = week();
    state = replay([taskDragStarted({ id: idOf(state, 'B') })], state);
    state = hover(state, 'B', 'Y');
    expect(titlesByDate(state)).toMatchObject({ [MON]: ['A', 'C', 'D'], [TUE]: ['X', 'B', 'Y', 'Z'] });
    expect(ordersByDate(state)).toMatchObject({ [MON]: [0, 1, 2], [TUE]: [0, 1, 2, 3] });
    expect(taskTitled(state, 'B').date).toBe(TUE);
  });

  it('goes to the end when over an empty column', () => {
    let state = week();
    state = replay([taskDragStarted({ id: idOf(state, 'A') }), taskMovedToEnd({ id: idOf(state, 'A'), toDate: WED })], state);
    expect(titlesByDate(state)).toMatchObject({ [MON]: ['B', 'C', 'D'], [WED]: ['A'] });
    expect(ordersByDate(state)[WED]).toEqual([0]);
  });

  it('can move into Some Day and out of it', () => {
    let state = hover(week(), 'C', 'S');
    expect(titlesByDate(state)[SOMEDAY]).toEqual(['C', 'S']);
    state = hover(state, 'S', 'Z');
    expect(titlesByDate(state)).toMatchObject({ [SOMEDAY]: ['C'], [TUE]: ['X', 'Y', 'S', 'Z'] });
  });
});

describe('reorder within a day', () => {
  it('dragging down inserts after the hovered task', () => {
    const state = hover(week(), 'A', 'C');
    expect(titlesByDate(state)[MON]).toEqual(['B', 'C', 'A', 'D']);
    expect(ordersByDate(state)[MON]).toEqual([0, 1, 2, 3]);
  });

  it('dragging up inserts before the hovered task', () => {
    const state = hover(week(), 'D', 'B');
    expect(titlesByDate(state)[MON]).toEqual(['A', 'D', 'B', 'C']);
    expect(ordersByDate(state)[MON]).toEqual([0, 1, 2, 3]);
  });

  it('dragging onto the last task moves to the end', () => {
    const state = hover(week(), 'B', 'D');
    expect(titlesByDate(state)[MON]).toEqual(['A', 'C', 'D', 'B']);
  });

  it('a drop on its own column moves the task to the end', () => {
    const state = week();
    const next = replay([taskMovedToEnd({ id: idOf(state, 'A'), toDate: MON })], state);
    expect(titlesByDate(next)[MON]).toEqual(['B', 'C', 'D', 'A']);
    expect(ordersByDate(next)[MON]).toEqual([0, 1, 2, 3]);
  });

  it('an index past the end is clamped to the end', () => {
    const state = week();
    const next = replay([taskMoved({ id: idOf(state, 'X'), toDate: MON, toIndex: 99 })], state);
    expect(titlesByDate(next)[MON]).toEqual(['A', 'B', 'C', 'D', 'X']);
  });
});

describe('cancel and end', () => {
  it('a cancel after several live moves restores every position as before the drag', () => {
    const before = week();
    let state = replay([taskDragStarted({ id: idOf(before, 'B') })], before);
    state = hover(state, 'B', 'Y');
    state = hover(state, 'B', 'S');
    state = replay([taskMovedToEnd({ id: idOf(state, 'B'), toDate: WED })], state);
    state = hover(state, 'B', 'D');
    expect(titlesByDate(state)[MON]).toEqual(['A', 'C', 'B', 'D']);
    state = replay([taskDragCancelled()], state);
    expect(titlesByDate(state)).toEqual(titlesByDate(before));
    expect(taskEntities(state)).toEqual(taskEntities(before));
    expect(state.drag).toBeNull();
  });

  it('the end of a drop keeps the moves and clears the snapshot', () => {
    let state = week();
    state = replay([taskDragStarted({ id: idOf(state, 'A') })], state);
    expect(state.drag?.taskId).toBe(idOf(state, 'A'));
    state = hover(state, 'A', 'Z');
    state = replay([taskDragEnded()], state);
    expect(state.drag).toBeNull();
    expect(titlesByDate(state)[TUE]).toEqual(['X', 'Y', 'A', 'Z']);
    // A late cancel has nothing to restore.
    expect(replay([taskDragCancelled()], state)).toBe(state);
  });

  it('a cancel after a task was deleted or added during the drag keeps every day numbered from 0', () => {
    const before = week();
    let state = replay([taskDragStarted({ id: idOf(before, 'A') })], before);
    state = hover(state, 'A', 'Y');
    state = replay([taskDeleted({ id: idOf(state, 'B') }), taskAdded('New', MON)], state);
    state = replay([taskDragCancelled()], state);
    expect(titlesByDate(state)).toMatchObject({ [MON]: ['A', 'C', 'D', 'New'], [TUE]: ['X', 'Y', 'Z'] });
    expect(ordersByDate(state)).toMatchObject({ [MON]: [0, 1, 2, 3], [TUE]: [0, 1, 2] });
  });

  it('a move of the dragged task once it is gone (another device deleted it mid-drag) changes nothing, the drag included', () => {
    const before = week();
    const id = idOf(before, 'B');
    let state = replay([taskDragStarted({ id }), taskDeleted({ id })], before);
    for (const move of [taskMovedToEnd({ id, toDate: WED }), taskMoved({ id, toDate: TUE, toIndex: 0 }), taskDragMovedTo({ id, toDate: WED, toIndex: 0 })]) {
      expect(replay([move], state)).toBe(state);
    }
    state = replay([taskDragCancelled()], state);
    expect(titlesByDate(state)).toMatchObject({ [MON]: ['A', 'C', 'D'], [TUE]: ['X', 'Y', 'Z'] });
  });

  it('a drag start for an unknown task records nothing', () => {
    const state = week();
    expect(replay([taskDragStarted({ id: 'task-1-nope' })], state)).toBe(state);
  });
});

describe('the drag-start snapshot', () => {
  it('records the dragged task’s day only, then each day as the task first enters it', () => {
    const before = week();
    let state = replay([taskDragStarted({ id: idOf(before, 'B') })], before);
    expect(state.drag?.days).toEqual([MON]);
    expect(Object.keys(state.drag!.positions).sort()).toEqual(['A', 'B', 'C', 'D'].map((title) => idOf(before, title)).sort());
    state = hover(state, 'B', 'Y');
    expect(state.drag?.days).toEqual([MON, TUE]);
    // Tuesday as it stood before B entered it.
    expect(state.drag!.positions[idOf(before, 'Y')]).toEqual({ date: TUE, order: 1 });
    expect(state.drag!.positions[idOf(before, 'B')]).toEqual({ date: MON, order: 1 });
    const snapshot = state.drag;
    state = hover(state, 'B', 'X');
    expect(state.drag).toBe(snapshot);
  });

  it('restores on cancel every day the drag touched, the entered ones included', () => {
    const before = week();
    let state = replay([taskDragStarted({ id: idOf(before, 'A') })], before);
    state = hover(state, 'A', 'Y');
    state = replay([taskMovedToEnd({ id: idOf(state, 'A'), toDate: WED })], state);
    state = hover(state, 'A', 'S');
    // A move made meanwhile in a recorded day is put back too (as when every task was recorded).
    state = replay([taskMoved({ id: idOf(state, 'C'), toDate: MON, toIndex: 0 })], state);
    state = replay([taskDragCancelled()], state);
    expect(titlesByDate(state)).toEqual({ [MON]: ['A', 'B', 'C', 'D'], [TUE]: ['X', 'Y', 'Z'], [SOMEDAY]: ['S'] });
    expect(ordersByDate(state)).toMatchObject({ [MON]: [0, 1, 2, 3], [TUE]: [0, 1, 2], [SOMEDAY]: [0] });
    expect(state.drag).toBeNull();
  });
});

describe('what a drag copies', () => {
  const frozenThrough = (state: TasksState) =>
    Object.isFrozen(state) &&
    Object.isFrozen(state.days) &&
    Object.values(state.days).every((day) => Object.isFrozen(day) && Object.isFrozen(day.ids) && Object.isFrozen(day.entities) && day.ids.every((id) => Object.isFrozen(day.entities[id])));

  it('a start copies no day, a live move only the day it leaves and the day it enters, the end none', () => {
    const before = week();
    const started = replay([taskDragStarted({ id: idOf(before, 'B') })], before);
    expect(started.days).toBe(before.days);
    const moved = hover(started, 'B', 'Y');
    expect(moved.days[MON]).not.toBe(started.days[MON]);
    expect(moved.days[TUE]).not.toBe(started.days[TUE]);
    expect(moved.days[SOMEDAY]).toBe(before.days[SOMEDAY]);
    expect(frozenThrough(moved)).toBe(true);
    const within = hover(moved, 'B', 'Z');
    expect(titlesByDate(within)[TUE]).toEqual(['X', 'Y', 'Z', 'B']);
    expect(within.days[MON]).toBe(moved.days[MON]);
    expect(within.days[SOMEDAY]).toBe(before.days[SOMEDAY]);
    const ended = replay([taskDragEnded()], within);
    expect(ended.days).toBe(within.days);
  });

  it('a cancel with nothing moved copies nothing; after moves, it leaves the days the drag never entered as they were', () => {
    const before = week();
    const started = replay([taskDragStarted({ id: idOf(before, 'A') })], before);
    const still = replay([taskDragCancelled()], started);
    expect(still.days).toBe(before.days);
    expect(still.drag).toBeNull();

    let state = hover(started, 'A', 'X');
    state = replay([taskMovedToEnd({ id: idOf(state, 'A'), toDate: WED })], state);
    state = replay([taskDragCancelled()], state);
    expect(state.days).toEqual(before.days);
    expect(state.days[SOMEDAY]).toBe(before.days[SOMEDAY]);
    expect(state.days[WED]).toBeUndefined();
    expect(frozenThrough(state)).toBe(true);
  });
});
