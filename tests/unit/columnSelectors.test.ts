import { makeSelectTasksOn, taskAdded, taskDeleted, taskMoved, taskRenamed, type TasksState } from '../../src/features/tasks/tasksSlice';
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
  it('a rename recomputes only the renamed task’s column', () => {
    const state = week();
    const cols = columns(state);
    const next = replay([taskRenamed({ id: idOf(state, `${DAYS[2]} #7`), title: 'Renamed' })], state);
    const { recomputed, changed, now } = cols.after(next);
    expect(recomputed).toEqual([DAYS[2]]);
    expect(changed).toEqual([DAYS[2]]);
    expect(now[2]!.map((task) => task.title)[7]).toBe('Renamed');
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
});
