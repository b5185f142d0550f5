import { taskAdded, taskCompletionSet, taskDeleted, taskMoved, taskDragStarted, taskRenamed } from '../../src/features/tasks/events';
import { byOrder } from '../../src/features/tasks/taskList';
import { makeSelectTasksOn, selectTaskById, selectTaskIdsByDate } from '../../src/features/tasks/taskSelectors';
import { replayTaskEvents } from '../../src/features/tasks/tasksReducer';
import { type TasksState, type Task, type TaskDate, type TaskEntity, SOMEDAY } from '../../src/features/tasks/types';
import { makeSelectColumn } from '../../src/features/planner/columnView';
import type { PlannerState } from '../../src/features/planner/plannerSlice';
import { placedTasks, replay, taskEntities } from './taskFixtures';

// One task event must cost only the columns it touched: with thousands of tasks, every other column's
// selector hands back the array it handed before, so those columns do not even re-render. A column's
// array changes only when its day's list does (a task added, removed or moved); a completion or rename
// changes none, and the card reads its task's title and completion by itself (useLiveTask).

const DAYS: TaskDate[] = ['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29', SOMEDAY];

function week(): TasksState {
  return replay(DAYS.flatMap((day) => Array.from({ length: 30 }, (_, i) => taskAdded(`${day} #${i}`, day))));
}

/**
 * One column's selector as DayColumnContainer keeps it (one per column, for the column's life), counting
 * how often it hands over a new array: what makes the column render again.
 */
function column(day: TaskDate) {
  const select = makeSelectTasksOn();
  let last: TaskEntity[] | undefined;
  let changes = 0;
  return {
    read(state: TasksState): TaskEntity[] {
      const tasks = select({ tasks: state }, day);
      // React reads a selector more than once for one state (useSyncExternalStore): every read must agree.
      expect(select({ tasks: state }, day)).toBe(tasks);
      if (last !== undefined && tasks !== last) changes += 1;
      last = tasks;
      return tasks;
    },
    get changes() {
      return changes;
    },
  };
}

/** The day's tasks from scratch: every task dated `day` as written out, sorted by order. */
const freshDay = (state: TasksState, day: TaskDate) =>
  Object.values(placedTasks(state))
    .filter((task) => task!.date === day)
    .sort((a, b) => byOrder(a!, b!)) as Task[];

/** A column's array holds its day's tasks in display order: the ids and dates of a fresh sort. */
function expectFresh(tasks: TaskEntity[], state: TasksState, day: TaskDate) {
  const fresh = freshDay(state, day);
  expect(tasks.map((task) => task.id)).toEqual(fresh.map((task) => task.id));
  // Title and completion may be older (the card reads those live); the day never is.
  expect(tasks.map((task) => task.date)).toEqual(fresh.map((task) => task.date));
}

/** One column per day, each read once on `state`. */
function columns(state: TasksState) {
  const cols = DAYS.map(column);
  const results = cols.map((col) => col.read(state));
  DAYS.forEach((day, i) => expectFresh(results[i]!, state, day));
  return {
    results,
    /** Reads every column on `next`: the days whose column handed a new array, and the arrays. */
    after(next: TasksState) {
      const before = cols.map((col) => col.changes);
      const now = cols.map((col) => col.read(next));
      DAYS.forEach((day, i) => expectFresh(now[i]!, next, day));
      return {
        renewed: DAYS.filter((_, i) => cols[i]!.changes > before[i]!),
        now,
      };
    },
  };
}

const idOf = (state: TasksState, title: string) => Object.values(taskEntities(state)).find((task) => task!.title === title)!.id;

/** What a card shows of a task from its column: the task as the store has it now, on its day (useLiveTask). */
const live = (state: TasksState, task: TaskEntity) => selectTaskById({ tasks: state }, task.id, task.date)!;

describe('column selectors', () => {
  it('a rename or a completion gives no column a new array: the card follows its task by itself (useLiveTask)', () => {
    const state = week();
    const cols = columns(state);
    const id = idOf(state, `${DAYS[2]} #7`);
    const renamed = replay([taskRenamed({ id, title: 'Renamed' })], state);
    expect(taskEntities(renamed)[id]!.title).toBe('Renamed');
    expect(cols.after(renamed).renewed).toEqual([]);
    const completed = replay([taskCompletionSet({ id, completed: true })], renamed);
    const { renewed, now } = cols.after(completed);
    expect(renewed).toEqual([]);
    expect(now).toEqual(cols.results);
    DAYS.forEach((_, i) => expect(now[i]).toBe(cols.results[i]));
    // The column's array keeps the task's place; what its card shows is read from the store.
    expect(now[2]![7]!.id).toBe(id);
    expect(live(completed, now[2]![7]!)).toMatchObject({ title: 'Renamed', completed: true });
    expect(taskEntities(completed)[id]).toMatchObject({ title: 'Renamed', completed: true });
  });

  it('a rename replayed by sync (replayTaskEvents) gives no column a new array either; the card reads it live', () => {
    const state = week();
    const cols = columns(state);
    const id = idOf(state, `${DAYS[3]} #2`);
    const next = replayTaskEvents(state, [taskRenamed({ id, title: 'From another device' })]);
    expect(next).not.toBe(state);
    const { renewed, now } = cols.after(next);
    expect(renewed).toEqual([]);
    expect(now[3]![2]!.id).toBe(id);
    expect(live(next, now[3]![2]!).title).toBe('From another device');
  });

  it('a replay that also moves the task gives its column a new array, holding the task as it is now', () => {
    const state = week();
    const cols = columns(state);
    const id = idOf(state, `${DAYS[3]} #2`);
    const next = replayTaskEvents(state, [taskRenamed({ id, title: 'From another device' }), taskMoved({ id, toDate: DAYS[3]!, toIndex: 0 })]);
    const { renewed, now } = cols.after(next);
    expect(renewed).toEqual([DAYS[3]]);
    expect(now[3]![0]).toMatchObject({ id, title: 'From another device' });
  });

  it('a replay that leaves every list as it was gives no column a new array', () => {
    const state = week();
    const cols = columns(state);
    const id = idOf(state, `${DAYS[5]} #4`);
    const next = replayTaskEvents(state, [
      taskRenamed({ id, title: 'Briefly' }),
      taskMoved({ id, toDate: DAYS[1]!, toIndex: 0 }),
      taskMoved({ id, toDate: DAYS[5]!, toIndex: 4 }),
      taskRenamed({ id, title: `${DAYS[5]} #4` }),
    ]);
    expect(cols.after(next).renewed).toEqual([]);
    expect(taskEntities(next)[id]).toBe(taskEntities(state)[id]);
  });

  it('a delete gives only its column a new array', () => {
    const state = week();
    const cols = columns(state);
    const next = replay([taskDeleted({ id: idOf(state, `${SOMEDAY} #0`) })], state);
    const { renewed, now } = cols.after(next);
    expect(renewed).toEqual([SOMEDAY]);
    expect(now[7]).toHaveLength(29);
  });

  it('a move between days gives the two columns it touches new arrays, and an add the one it adds to', () => {
    const state = week();
    const cols = columns(state);
    const moved = replay([taskMoved({ id: idOf(state, `${DAYS[0]} #3`), toDate: DAYS[4]!, toIndex: 0 })], state);
    const first = cols.after(moved);
    expect(first.renewed).toEqual([DAYS[0], DAYS[4]]);
    expect(first.now[4]![0]!.title).toBe(`${DAYS[0]} #3`);

    const cols2 = columns(moved);
    const added = replay([taskAdded('New', DAYS[6]!)], moved);
    const { renewed, now } = cols2.after(added);
    expect(renewed).toEqual([DAYS[6]]);
    expect(now[6]!.at(-1)!.title).toBe('New');
  });

  it('an event that changes no task gives no column a new array', () => {
    const state = week();
    const cols = columns(state);
    const next = replay([taskRenamed({ id: idOf(state, `${DAYS[1]} #1`), title: '   ' })], state);
    expect(next).toBe(state);
    expect(cols.after(next).renewed).toEqual([]);
  });

  it('completions, renames and moves, read after each event or after several, keep every day equal to a fresh sort', () => {
    // The columns live through the whole sequence, as on the page. Each hands a new array exactly when its
    // day's list changed, and a day's array may hold an older object of a completed or renamed task (its
    // place is current): what a card shows is read live.
    let state = week();
    const cols = DAYS.map(column);
    const listsOf = (at: TasksState) => DAYS.map((day) => [...(at.days[day]?.ids ?? [])]);
    const titles = (byDay: TaskEntity[][], at: TasksState) => byDay.map((tasks) => tasks.map((task) => `${live(at, task).title}:${live(at, task).completed}`));
    let arrays = cols.map((col) => col.read(state));
    let lists = listsOf(state);
    const expectedChanges = DAYS.map(() => 0);
    for (let step = 0; step < 40; step++) {
      const day = DAYS[(step * 5) % DAYS.length]!;
      const id = idOf(state, `${day} #${(step * 7) % 30}`);
      const events =
        step % 3 === 0
          ? [taskCompletionSet({ id, completed: step % 2 === 0 })]
          : step % 3 === 1
            ? [taskRenamed({ id, title: `${day} #${(step * 7) % 30}` }), taskCompletionSet({ id, completed: true })]
            : [taskMoved({ id, toDate: DAYS[step % DAYS.length]!, toIndex: step % 4 }), taskRenamed({ id, title: `moved ${step}` })];
      state = replay(events, state);
      const now = cols.map((col) => col.read(state));
      DAYS.forEach((d, i) => expectFresh(now[i]!, state, d));
      expect(titles(now, state)).toEqual(DAYS.map((d) => freshDay(state, d).map((task) => `${task.title}:${task.completed}`)));
      expect(Object.fromEntries(DAYS.map((d) => [d, selectTaskIdsByDate({ tasks: state })[d] ?? []]))).toEqual(
        Object.fromEntries(DAYS.map((d) => [d, freshDay(state, d).map((task) => task.id)])),
      );
      // A new array exactly when the day's list changed, counted per column over the sequence.
      const listsNow = listsOf(state);
      DAYS.forEach((_, i) => {
        const listChanged = listsNow[i]!.join() !== lists[i]!.join();
        expect(now[i] !== arrays[i]).toBe(listChanged);
        if (listChanged) expectedChanges[i]! += 1;
      });
      expect(cols.map((col) => col.changes)).toEqual(expectedChanges);
      // A completion alone touches no day's array.
      if (step % 3 === 0) expect(DAYS.filter((_, i) => now[i] !== arrays[i])).toEqual([]);
      arrays = now;
      lists = listsNow;
    }
    // Only the moves (every third step) changed lists, each at most two; the sequence did change some.
    const total = expectedChanges.reduce((sum, n) => sum + n, 0);
    expect(total).toBeGreaterThan(0);
    expect(total).toBeLessThanOrEqual(2 * Math.floor(40 / 3));
  });
});

describe('a column’s one subscription (makeSelectColumn)', () => {
  const planner = (selectedColumn: string | null): PlannerState => ({ anchor: DAYS[0]!, selectedColumn, details: null, scopeQuestion: null, occurrenceDrag: null });

  it('hands every column the object it handed before when an edit leaves its list, the drag and the selection alone', () => {
    const state = week();
    const selects = DAYS.map(() => makeSelectColumn());
    const first = DAYS.map((day, i) => selects[i]!({ tasks: state, planner: planner(null) }, day));
    const id = idOf(state, `${DAYS[3]} #2`);
    const completed = replay([taskCompletionSet({ id, completed: true })], state);
    DAYS.forEach((day, i) => expect(selects[i]!({ tasks: completed, planner: planner(null) }, day)).toBe(first[i]));
    expect(first[3]).toMatchObject({ draggedId: null, selected: false });
    expect(first[3]!.tasks.map((task) => task.id)).toContain(id);
  });

  it('renews only the columns whose list, drag mark or selection changed', () => {
    const state = week();
    const selects = DAYS.map(() => makeSelectColumn());
    const read = (tasks: TasksState, selected: string | null) => DAYS.map((day, i) => selects[i]!({ tasks, planner: planner(selected) }, day));
    const renewed = (before: ReturnType<typeof read>, after: ReturnType<typeof read>) => DAYS.filter((_, i) => before[i] !== after[i]);
    const first = read(state, null);
    const selected = read(state, DAYS[5]!);
    expect(renewed(first, selected)).toEqual([DAYS[5]]);
    expect(selected[5]!.selected).toBe(true);
    const deleted = replay([taskDeleted({ id: idOf(state, `${DAYS[1]} #0`) })], state);
    expect(renewed(selected, read(deleted, DAYS[5]!))).toEqual([DAYS[1]]);
    // Every column learns which card is dragged (a drop may come to any of them).
    const dragging = replay([taskDragStarted({ id: idOf(state, `${DAYS[0]} #0`) })], deleted);
    const during = read(dragging, DAYS[5]!);
    expect(during.every((view) => view.draggedId === idOf(state, `${DAYS[0]} #0`))).toBe(true);
  });
});
