import {
  byOrder,
  makeSelectTasksOn,
  selectTaskIdsByDate,
  selectTasksByDate,
  taskAdded,
  taskCompletionSet,
  taskDeleted,
  taskMoved,
  taskRenamed,
  replayTaskEvents,
  type TasksState,
} from '../../src/features/tasks/tasksSlice';
import type { TaskDate } from '../../src/features/tasks/types';
import { SOMEDAY } from '../../src/features/tasks/types';
import { replay } from './taskFixtures';

// One task event must cost only the columns it touched: with thousands of tasks, every other column's
// selector keeps its result without recomputing, so those columns do not even re-render.

const DAYS: TaskDate[] = ['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29', SOMEDAY];

function week(): TasksState {
  return replay(DAYS.flatMap((day) => Array.from({ length: 30 }, (_, i) => taskAdded(`${day} #${i}`, day))));
}

/** One selector per column, as DayColumnContainer makes them, each run once on `state`. */
function columns(state: TasksState) {
  const selectors = DAYS.map(() => makeSelectTasksOn());
  const results = DAYS.map((day, i) => selectors[i]!({ tasks: state }, day));
  return {
    results,
    /** Runs every column on `next`; returns the days whose selector recomputed and those whose list changed. */
    after(next: TasksState) {
      const before = selectors.map((selector) => selector.recomputations());
      const now = DAYS.map((day, i) => selectors[i]!({ tasks: next }, day));
      return {
        recomputed: DAYS.filter((_, i) => selectors[i]!.recomputations() > before[i]!),
        changed: DAYS.filter((_, i) => now[i] !== results[i]),
        now,
      };
    },
  };
}

const idOf = (state: TasksState, title: string) => Object.values(state.entities).find((task) => task!.title === title)!.id;

describe('column selectors', () => {
  it('a rename or a completion recomputes no column: the card follows its task by itself (useLiveTask)', () => {
    const state = week();
    const cols = columns(state);
    const id = idOf(state, `${DAYS[2]} #7`);
    const renamed = replay([taskRenamed({ id, title: 'Renamed' })], state);
    expect(cols.after(renamed)).toMatchObject({ recomputed: [], changed: [] });
    const cols2 = columns(renamed);
    const completed = replay([taskCompletionSet({ id, completed: true })], renamed);
    const { recomputed, changed, now } = cols2.after(completed);
    expect(recomputed).toEqual([]);
    expect(changed).toEqual([]);
    // The column's array keeps the task's place; what its card shows is read from the store.
    expect(now[2]![7]!.id).toBe(id);
    expect(completed.entities[id]).toMatchObject({ title: 'Renamed', completed: true });
  });

  it('a task changed some other way (sync replaying a rename) recomputes its column', () => {
    const state = week();
    const cols = columns(state);
    const id = idOf(state, `${DAYS[3]} #2`);
    const next = replayTaskEvents(state, [taskRenamed({ id, title: 'From another device' })]);
    const { recomputed, now } = cols.after(next);
    expect(recomputed).toEqual([DAYS[3]]);
    expect(now[3]![2]!.title).toBe('From another device');
  });

  it('a delete recomputes only its column', () => {
    const state = week();
    const cols = columns(state);
    const next = replay([taskDeleted({ id: idOf(state, `${SOMEDAY} #0`) })], state);
    const { recomputed, now } = cols.after(next);
    expect(recomputed).toEqual([SOMEDAY]);
    expect(now[7]).toHaveLength(29);
  });

  it('a move between days recomputes the two columns it touches, and an add the one it adds to', () => {
    const state = week();
    const cols = columns(state);
    const moved = replay([taskMoved({ id: idOf(state, `${DAYS[0]} #3`), toDate: DAYS[4]!, toIndex: 0 })], state);
    expect(cols.after(moved).recomputed).toEqual([DAYS[0], DAYS[4]]);

    const cols2 = columns(moved);
    const added = replay([taskAdded('New', DAYS[6]!)], moved);
    const { recomputed, now } = cols2.after(added);
    expect(recomputed).toEqual([DAYS[6]]);
    expect(now[6]!.at(-1)!.title).toBe('New');
  });

  it('an event that changes no task recomputes nothing', () => {
    const state = week();
    const cols = columns(state);
    const next = replay([taskRenamed({ id: idOf(state, `${DAYS[1]} #1`), title: '   ' })], state);
    expect(cols.after(next).recomputed).toEqual([]);
  });

  it('completions and renames, read after each event or after several, keep every day equal to a fresh sort', () => {
    // Reads after one field change take what changed from the reducer; after several they compare every task.
    // A day's array may hold an older object of a completed or renamed task (its place is current): read live.
    let state = week();
    const fresh = (at: TasksState) =>
      Object.fromEntries(DAYS.map((day) => [day, Object.values(at.entities).filter((task) => task!.date === day).sort(byOrder)]));
    const titles = (byDate: Record<string, { id: string }[] | undefined>, at: TasksState) =>
      DAYS.map((day) => (byDate[day] ?? []).map(({ id }) => `${at.entities[id]!.title}:${at.entities[id]!.completed}`));
    for (let step = 0; step < 40; step++) {
      const day = DAYS[(step * 5) % DAYS.length]!;
      const id = idOf(state, `${day} #${(step * 7) % 30}`);
      const events =
        step % 3 === 0
          ? [taskCompletionSet({ id, completed: step % 2 === 0 })]
          : step % 3 === 1
            ? [taskRenamed({ id, title: `${day} #${(step * 7) % 30}` }), taskCompletionSet({ id, completed: true })]
            : [taskMoved({ id, toDate: DAYS[step % DAYS.length]!, toIndex: step % 4 }), taskRenamed({ id, title: `moved ${step}` })];
      const before = selectTasksByDate({ tasks: state });
      state = replay(events, state);
      const after = selectTasksByDate({ tasks: state });
      expect(titles(after, state)).toEqual(titles(fresh(state), state));
      expect(Object.fromEntries(DAYS.map((d) => [d, selectTaskIdsByDate({ tasks: state })[d] ?? []]))).toEqual(
        Object.fromEntries(DAYS.map((d) => [d, fresh(state)[d]!.map((task) => task.id)])),
      );
      // A completion alone touches no day's array.
      if (step % 3 === 0) expect(DAYS.filter((d) => after[d] !== before[d])).toEqual([]);
    }
  });
});
