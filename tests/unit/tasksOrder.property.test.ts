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
  replayTaskEvents,
  selectTaskIdsByDate,
  taskRenamed,
  taskRestored,
  tasksDeleted,
  tasksRestored,
  tasksRolledOver,
  tasksReducer,
  isTaskEvent,
  type TaskEvent,
  type TasksState,
} from '../../src/features/tasks/tasksSlice';
import { SOMEDAY } from '../../src/features/tasks/types';
import { MON, TUE, WED, initialTasks, replay } from './taskFixtures';

// Random event sequences, as a person and the drag layer could produce them, keep the list healthy.

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
  const id = 'pick' in step ? (state.ids[step.pick] ?? `task-0-gone${step.pick}`) : '';
  switch (step.kind) {
    case 'add':
      return { type: taskAdded.type, payload: { id: `task-${n}-s${n}`, title: step.title, date: step.date, createdAt: n } };
    case 'delete':
      return taskDeleted({ id });
    case 'toggle':
      return taskCompletionSet({ id, completed: !state.entities[id]?.completed });
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

/** What is wrong with the list, if anything: plain checks, as this runs after every step of every run. */
function healthProblem(state: TasksState, expectedIds: Set<string>): string | null {
  if (new Set(state.ids).size !== state.ids.length) return `duplicate ids ${state.ids}`;
  const sameIds = (ids: string[]) => ids.length === expectedIds.size && ids.every((id) => expectedIds.has(id));
  if (!sameIds(state.ids as string[]) || !sameIds(Object.keys(state.entities))) return `ids ${state.ids}, expected ${[...expectedIds]}`;
  const orders = new Map<string, number[]>();
  for (const id of state.ids) {
    const task = state.entities[id]!;
    orders.set(task.date, [...(orders.get(task.date) ?? []), task.order]);
  }
  for (const [date, list] of orders) {
    if (list.sort((a, b) => a - b).some((order, index) => order !== index)) return `orders on ${date}: ${list}`;
  }
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
          const id = before.ids[step.pick];
          if (!id) return expect(state).toBe(before);
          const task = before.entities[id]!;
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
          if (step.kind === 'toggle') expect(lists).toBe(previous);
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
        const id = before.ids[dragged % before.ids.length]!;
        let state = replay([taskDragStarted({ id })], before);
        for (const move of moves) {
          // During a drag only the dragged task moves.
          state = replay([move.kind === 'move' ? taskMoved({ id, toDate: move.date, toIndex: move.index }) : taskMovedToEnd({ id, toDate: move.date })], state);
        }
        state = replay([taskDragCancelled()], state);
        expect(state.entities).toEqual(before.entities);
        expect(state.drag).toBeNull();
      }),
      { numRuns: 300 },
    );
  });
});

/** Ids per date in display order. */
function idsByDate(state: TasksState): Record<string, string[]> {
  const result: Record<string, string[]> = {};
  for (const id of state.ids) (result[state.entities[id]!.date] ??= []).push(id);
  for (const list of Object.values(result)) list.sort((a, b) => state.entities[a]!.order - state.entities[b]!.order);
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
          const id = 'pick' in step ? (serial.ids[step.pick] ?? `task-0-gone${step.pick}`) : '';
          const ids = 'picks' in step ? step.picks.map((p) => serial.ids[p] ?? `task-0-gone${p}`) : [];
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
        expect(batched.ids).toEqual(serial.ids);
        expect(batched.entities).toEqual(serial.entities);
        for (const [from, to] of [[start, middle], [middle, batched]] as const) {
          for (const id of to.ids) {
            const before = from.entities[id];
            if (before && isDeepStrictEqual(before, to.entities[id])) expect(to.entities[id]).toBe(before);
          }
        }
      }),
      { numRuns: 500 },
    );
  });

  it('no events, or only ones that change nothing, leave the tasks as they were', () => {
    const start = run([{ kind: 'add', date: MON, title: 'a' }]);
    expect(replayTaskEvents(start, [])).toBe(start);
    const unchanged = replayTaskEvents(start, [taskRenamed({ id: 'task-gone', title: 'x' })]);
    expect(unchanged.entities).toEqual(start.entities);
    expect(unchanged.entities[start.ids[0]!]).toBe(start.entities[start.ids[0]!]);
  });
});
