import fc from 'fast-check';
import { isDeepStrictEqual } from 'node:util';
import type { UnknownAction } from '@reduxjs/toolkit';
import {
  taskAdded,
  taskCompletionSet,
  taskDeleted,
  taskDragCancelled,
  taskDragEnded,
  taskDragStarted,
  taskMoved,
  taskMovedToEnd,
  taskRenamed,
  taskRestored,
  tasksDeleted,
  tasksRestored,
  tasksRolledOver,
  isTaskEvent,
  type TaskEvent,
} from '../../src/features/tasks/events';
import { allTasksOf } from '../../src/features/tasks/taskList';
import { selectTaskIdsByDate } from '../../src/features/tasks/taskSelectors';
import { replayTaskEvents, tasksReducer } from '../../src/features/tasks/tasksReducer';
import { type TasksState, SOMEDAY } from '../../src/features/tasks/types';
import { MON, TUE, WED, initialTasks, replay, placedTasks, taskEntities } from './taskFixtures';

// Random event sequences, as a person and the drag layer could produce them, keep the list healthy.

/** Every task id, day by day in display order. */
const idsOf = (state: TasksState): string[] => allTasksOf(state.days).map((task) => task.id);

const dates = [MON, TUE, WED, SOMEDAY];

type Step =
  | { kind: 'add'; date: string; title: string }
  | { kind: 'delete' | 'toggle' | 'dragStart'; pick: number }
  | { kind: 'move'; pick: number; date: string; index: number }
  | { kind: 'moveToEnd'; pick: number; date: string }
  | { kind: 'dragCancel' | 'dragEnd' };

// Mostly existing tasks; now and then one past the list (a stale event).
const pick = fc.nat({ max: 20 });
const date = fc.constantFrom(...dates);
const steps = {
  add: fc.record({ kind: fc.constant('add' as const), date, title: fc.constantFrom('a', 'b', ' c ', '', '  ') }),
  delete: fc.record({ kind: fc.constant('delete' as const), pick }),
  toggle: fc.record({ kind: fc.constant('toggle' as const), pick }),
  move: fc.record({ kind: fc.constant('move' as const), pick, date, index: fc.nat({ max: 12 }) }),
  moveToEnd: fc.record({ kind: fc.constant('moveToEnd' as const), pick, date }),
  dragStart: fc.record({ kind: fc.constant('dragStart' as const), pick }),
  dragCancel: fc.record({ kind: fc.constant('dragCancel' as const) }),
  dragEnd: fc.record({ kind: fc.constant('dragEnd' as const) }),
};

/** Turns a step into the action the app would dispatch; ids and timestamps come from the step number so runs replay. */
function toAction(step: Step, state: TasksState, n: number): UnknownAction {
  const id = 'pick' in step ? (idsOf(state)[step.pick] ?? `task-0-gone${step.pick}`) : '';
  switch (step.kind) {
    case 'add':
      return { type: taskAdded.type, payload: { id: `task-${n}-s${n}`, title: step.title, date: step.date, createdAt: n } };
    case 'delete':
      return taskDeleted({ id });
    case 'toggle':
      return taskCompletionSet({ id, completed: !taskEntities(state)[id]?.completed });
    case 'move':
      return taskMoved({ id, toDate: step.date, toIndex: step.index });
    case 'moveToEnd':
      return taskMovedToEnd({ id, toDate: step.date });
    case 'dragStart':
      return taskDragStarted({ id });
    case 'dragCancel':
      return taskDragCancelled();
    case 'dragEnd':
      return taskDragEnded();
  }
}

/**
 * What is wrong with the list, if anything: plain checks, as this runs after every step of every run. Each day
 * holds tasks (an empty day is absent), its ids and entities name the same tasks, each task is dated that day
 * with its index as its order, no task is on two days, and the tasks are the expected ones.
 */
function healthProblem(state: TasksState, expectedIds: Set<string>): string | null {
  const all: string[] = [];
  for (const [date, day] of Object.entries(state.days)) {
    if (day.ids.length === 0) return `empty day ${date}`;
    const keys = Object.keys(day.entities);
    if (new Set(day.ids).size !== day.ids.length) return `duplicate ids on ${date}: ${day.ids}`;
    if (keys.length !== day.ids.length || !day.ids.every((id) => day.entities[id])) return `ids ${day.ids} and entities ${keys} of ${date} differ`;
    for (const [order, id] of day.ids.entries()) {
      const task = day.entities[id]!;
      if (task.id !== id || task.date !== date || 'order' in task) return `task ${id} at ${date} #${order} reads ${JSON.stringify(task)}`;
    }
    all.push(...day.ids);
  }
  if (new Set(all).size !== all.length) return `a task on two days: ${all}`;
  if (all.length !== expectedIds.size || !all.every((id) => expectedIds.has(id))) return `ids ${all}, expected ${[...expectedIds]}`;
  return null;
}

/** Runs the steps, checking after every one that orders read 0..n-1 per day and no task is lost or duplicated. */
function run(stepList: Step[], onStep?: (state: TasksState, step: Step, before: TasksState) => void): TasksState {
  let state = initialTasks();
  const expectedIds = new Set<string>();
  stepList.forEach((step, n) => {
    const action = toAction(step, state, n);
    const before = state;
    state = tasksReducer(state, action);
    if (taskAdded.match(action) && action.payload.title.trim()) expectedIds.add(action.payload.id);
    if (taskDeleted.match(action)) expectedIds.delete(action.payload.id);
    const problem = healthProblem(state, expectedIds);
    if (problem) throw new Error(`after step ${n} (${step.kind}): ${problem}`);
    onStep?.(state, step, before);
  });
  return state;
}

const addsFirst = fc.array(steps.add, { minLength: 3, maxLength: 15 });

describe('task order invariants', () => {
  it('hold for any sequence of adds, deletes, moves, toggles and drags', () => {
    fc.assert(
      fc.property(addsFirst, fc.array(fc.oneof(...Object.values(steps)), { minLength: 20, maxLength: 80 }), (adds, rest) => {
        run([...adds, ...rest]);
      }),
      { numRuns: 1000 },
    );
  });

  it('moves place the task exactly where a plain list would', () => {
    const withoutDrag = fc.oneof(steps.add, steps.delete, steps.toggle, steps.move, steps.moveToEnd);
    fc.assert(
      fc.property(addsFirst, fc.array(withoutDrag, { minLength: 10, maxLength: 40 }), (adds, rest) => {
        run([...adds, ...rest], (state, step, before) => {
          if (step.kind !== 'move' && step.kind !== 'moveToEnd') return;
          const id = idsOf(before)[step.pick];
          if (!id) return expect(state).toBe(before);
          const task = taskEntities(before)[id]!;
          const lists = idsByDate(before);
          lists[task.date] = lists[task.date]!.filter((other) => other !== id);
          const target = lists[step.date] ?? [];
          const index = step.kind === 'move' ? Math.min(step.index, target.length) : target.length;
          target.splice(index, 0, id);
          lists[step.date] = target;
          const expected = Object.fromEntries(Object.entries(lists).filter(([, ids]) => ids.length > 0));
          if (!isDeepStrictEqual(idsByDate(state), expected)) expect(idsByDate(state)).toEqual(expected);
        });
      }),
      { numRuns: 300 },
    );
  });

  it("each day's memoized list matches a fresh sort whatever state was read before, and a toggle keeps the lists", () => {
    fc.assert(
      fc.property(addsFirst, fc.array(fc.oneof(...Object.values(steps)), { minLength: 20, maxLength: 60 }), (adds, rest) => {
        run([...adds, ...rest], (state, step, before) => {
          // Reading the state before each step and then the one after makes the memo work out the difference both ways.
          const previous = selectTaskIdsByDate({ tasks: before });
          if (!isDeepStrictEqual(previous, idsByDate(before))) expect(previous).toEqual(idsByDate(before));
          const lists = selectTaskIdsByDate({ tasks: state });
          if (!isDeepStrictEqual(lists, idsByDate(state))) expect(lists).toEqual(idsByDate(state));
          // A toggle keeps every day's list: the same arrays on the same days.
          if (step.kind === 'toggle') {
            expect(Object.keys(lists).sort()).toEqual(Object.keys(previous).sort());
            for (const day of Object.keys(lists)) expect(lists[day]).toBe(previous[day]);
          }
        });
      }),
      { numRuns: 300 },
    );
  });

  it('a cancelled drag restores the list exactly, after any number of live moves', () => {
    const liveMove = fc.oneof(steps.move, steps.moveToEnd);
    fc.assert(
      fc.property(addsFirst, pick, fc.array(liveMove, { maxLength: 12 }), (adds, dragged, moves) => {
        const before = run(adds);
        const ids = idsOf(before);
        const id = ids[dragged % ids.length]!;
        let state = replay([taskDragStarted({ id })], before);
        // The days the drag enters (all adds may have been blank: no task, no drag).
        const origin = taskEntities(before)[id];
        const entered = new Set<string>(origin ? [origin.date] : []);
        for (const move of moves) {
          // During a drag only the dragged task moves.
          state = replay([move.kind === 'move' ? taskMoved({ id, toDate: move.date, toIndex: move.index }) : taskMovedToEnd({ id, toDate: move.date })], state);
          entered.add(move.date);
        }
        state = replay([taskDragCancelled()], state);
        expect(state.days).toEqual(before.days);
        expect(taskEntities(state)).toEqual(taskEntities(before));
        expect(state.drag).toBeNull();
        // A day the drag never entered was never copied.
        for (const day of Object.keys(before.days)) if (!entered.has(day)) expect(state.days[day]).toBe(before.days[day]);
      }),
      { numRuns: 300 },
    );
  });
});

/** Ids per date in display order, from the tasks' own dates and orders (not from the days' lists). */
function idsByDate(state: TasksState): Record<string, string[]> {
  const entities = placedTasks(state);
  const result: Record<string, string[]> = {};
  for (const task of Object.values(entities)) (result[task!.date] ??= []).push(task!.id);
  for (const list of Object.values(result)) list.sort((a, b) => entities[a]!.order - entities[b]!.order);
  return result;
}

describe('replayTaskEvents (catch-up and rebase apply many events at once)', () => {
  const logSteps = fc.oneof(
    steps.add,
    steps.delete,
    steps.toggle,
    steps.move,
    steps.moveToEnd,
    fc.record({ kind: fc.constant('rename' as const), pick }),
    fc.record({ kind: fc.constant('restore' as const), pick, date, index: fc.nat({ max: 12 }) }),
    fc.record({ kind: fc.constant('restoreMany' as const), picks: fc.array(pick, { maxLength: 4 }), date, index: fc.nat({ max: 12 }) }),
    fc.record({ kind: fc.constant('deleteMany' as const), picks: fc.array(pick, { maxLength: 4 }) }),
    fc.record({ kind: fc.constant('rollover' as const), picks: fc.array(pick, { maxLength: 6 }), date: fc.constantFrom(TUE, WED) }),
  );

  it('ends where reducing the same events one by one ends, and tasks they left alone keep their objects', () => {
    fc.assert(
      fc.property(addsFirst, fc.array(logSteps, { minLength: 1, maxLength: 60 }), fc.nat({ max: 15 }), (adds, rest, split) => {
        // A start state of its own, then log events made against the states they meet one by one.
        const start = run(adds);
        let serial = start;
        const events: TaskEvent[] = [];
        rest.forEach((step, n) => {
          let action: UnknownAction;
          const serialIds = idsOf(serial);
          const id = 'pick' in step ? (serialIds[step.pick] ?? `task-0-gone${step.pick}`) : '';
          const ids = 'picks' in step ? step.picks.map((p) => serialIds[p] ?? `task-0-gone${p}`) : [];
          if (step.kind === 'rename') action = taskRenamed({ id, title: `renamed ${n}` });
          else if (step.kind === 'restoreMany')
            action = tasksRestored({
              tasks: ids.map((taskId, k) => ({ id: k % 2 ? taskId : `task-${n}-m${k}`, title: `many ${k}`, date: step.date, completed: k === 1, createdAt: n, order: step.index + k })),
            });
          else if (step.kind === 'deleteMany') action = tasksDeleted({ ids });
          else if (step.kind === 'rollover') action = tasksRolledOver({ ids, to: step.date });
          else if (step.kind === 'restore')
            action = taskRestored({ task: { id: step.pick % 2 ? id : `task-${n}-r`, title: 'restored', date: step.date, completed: false, createdAt: n, order: step.index } });
          else action = toAction(step, serial, 100 + n);
          if (!isTaskEvent(action)) throw new Error(`not a log event: ${action.type}`);
          events.push(action);
          serial = tasksReducer(serial, action);
        });
        // In two batches, as pages of the log arrive.
        const cut = Math.min(split, events.length);
        const middle = replayTaskEvents(start, events.slice(0, cut));
        const batched = replayTaskEvents(middle, events.slice(cut));
        expect(idsOf(batched)).toEqual(idsOf(serial));
        expect(batched.days).toEqual(serial.days);
        for (const [from, to] of [[start, middle], [middle, batched]] as const) {
          const problem = healthProblem(to, new Set(idsOf(to)));
          if (problem) throw new Error(`replayed: ${problem}`);
          const before = taskEntities(from);
          for (const task of allTasksOf(to.days)) {
            if (before[task.id] && isDeepStrictEqual(before[task.id], task)) expect(task).toBe(before[task.id]);
          }
          // What the replay makes is frozen, as the reducer's states are.
          expect(Object.isFrozen(to) && Object.isFrozen(to.days)).toBe(true);
          for (const day of Object.values(to.days)) {
            expect(Object.isFrozen(day) && Object.isFrozen(day.ids) && Object.isFrozen(day.entities)).toBe(true);
            expect(day.ids.every((taskId) => Object.isFrozen(day.entities[taskId]))).toBe(true);
          }
        }
      }),
      { numRuns: 500 },
    );
  });

  it('a task the events change and change back keeps its object, and a day they never touch keeps its object', () => {
    const start = run(['a', 'b', 'c'].map((title) => ({ kind: 'add' as const, date: MON, title })).concat([{ kind: 'add', date: TUE, title: 'x' }]));
    const [a, b, c, x] = idsOf(start);
    const events: TaskEvent[] = [
      taskCompletionSet({ id: a!, completed: true }),
      taskRenamed({ id: b!, title: 'b2' }),
      taskMoved({ id: a!, toDate: WED, toIndex: 0 }),
      taskRenamed({ id: a!, title: 'a2' }),
      taskCompletionSet({ id: a!, completed: false }),
      taskRenamed({ id: b!, title: 'b' }),
      taskRenamed({ id: a!, title: 'a' }),
      taskMoved({ id: a!, toDate: MON, toIndex: 0 }),
      taskRenamed({ id: c!, title: 'c2' }),
    ];
    const next = replayTaskEvents(start, events);
    const [before, after] = [taskEntities(start), taskEntities(next)];
    for (const id of [a!, b!, x!]) expect(after[id]).toBe(before[id]);
    expect(after[c!]).toMatchObject({ title: 'c2', date: MON });
    expect(placedTasks(next)[c!]!.order).toBe(2);
    expect(next.days[TUE]).toBe(start.days[TUE]);
    expect(next.days[WED]).toBeUndefined();
    expect(next.days).toEqual(events.reduce(tasksReducer, start).days);
  });

  it('no events, or only ones that change nothing, leave the tasks as they were', () => {
    const start = run([{ kind: 'add', date: MON, title: 'a' }]);
    expect(replayTaskEvents(start, [])).toBe(start);
    const unchanged = replayTaskEvents(start, [taskRenamed({ id: 'task-gone', title: 'x' })]);
    expect(unchanged.days).toEqual(start.days);
    const [id] = idsOf(start);
    expect(taskEntities(unchanged)[id!]).toBe(taskEntities(start)[id!]);
    expect(unchanged.days[MON]).toBe(start.days[MON]);
  });
});
