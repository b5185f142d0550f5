import fc from 'fast-check';
import { restoreEvent, splitForLog } from '../../src/features/tasks/bulkEvents';
import {
  isWellFormedTaskEvent,
  taskDeleted,
  taskRestored,
  tasksDeleted,
  tasksRestored,
  tasksRolledOver,
} from '../../src/features/tasks/events';
import { allTasksOf } from '../../src/features/tasks/taskList';
import { tasksReducer } from '../../src/features/tasks/tasksReducer';
import { SOMEDAY, type Task } from '../../src/features/tasks/types';
import { MON, TUE, WED, initialTasks, ordersByDate, replay, taskEntities, titlesByDate } from './taskFixtures';

const task = (id: string, fields: Partial<Task> = {}): Task => ({ id, title: id, date: MON, completed: false, createdAt: 1, order: 0, ...fields });

const start = (tasks: Task[]) => replay(tasks.map((one) => taskRestored({ task: one })));

const dates = [MON, TUE, WED, SOMEDAY];
const ids = ['a', 'b', 'c', 'd', 'e', 'f', 'g'];
const arbitraryTask = fc.record({
  id: fc.constantFrom(...ids),
  title: fc.constantFrom('x', 'y', ' z ', ''),
  date: fc.constantFrom(...dates),
  completed: fc.boolean(),
  createdAt: fc.nat({ max: 5 }),
  order: fc.nat({ max: 8 }),
});
const board = fc.array(arbitraryTask, { maxLength: 12 });

describe('bulk task events', () => {
  it('tasksRestored gives the same list as one taskRestored per task, in order', () => {
    fc.assert(
      fc.property(board, board, (before, given) => {
        const from = start(before);
        const one = tasksReducer(from, tasksRestored({ tasks: given }));
        const each = replay(given.map((restored) => taskRestored({ task: restored })), from);
        expect(taskEntities(one)).toEqual(taskEntities(each));
        // Every day's display order too, not only each task's fields.
        expect(one.days).toEqual(each.days);
      }),
    );
  });

  it('tasksDeleted gives the same list as one taskDeleted per id', () => {
    fc.assert(
      fc.property(board, fc.array(fc.constantFrom(...ids, 'gone')), (before, gone) => {
        const from = start(before);
        const one = tasksReducer(from, tasksDeleted({ ids: gone }));
        const each = replay(gone.map((id) => taskDeleted({ id })), from);
        expect(taskEntities(one)).toEqual(taskEntities(each));
        expect(one.days).toEqual(each.days);
      }),
    );
  });

  it('cuts a bulk event into pieces the server accepts, each under 8 KB as jsonb shows it', () => {
    const many = Array.from({ length: 5000 }, (_, n) => task(`task-${1700000000000 + n}-abcdefgh`, { title: `Task number ${n} with a longer title`, order: n }));
    const ids = many.map((one) => one.id);
    const events = [restoreEvent(many), tasksDeleted({ ids }), tasksRolledOver({ ids, to: WED })].flatMap(splitForLog);
    for (const event of events) {
      const stored = JSON.stringify(event).replace(/([:,])/g, '$1 ');
      expect(stored.length).toBeLessThanOrEqual(8192);
      expect(isWellFormedTaskEvent(JSON.parse(JSON.stringify(event)))).toBe(true);
    }
    expect(events.length).toBeLessThan(400);
    const restored = replay(splitForLog(restoreEvent(many)));
    expect(allTasksOf(restored.days)).toHaveLength(5000);
    // Read straight from the day: ordersByDate looks every task up through taskEntities, quadratic at 5,000 tasks.
    expect(restored.days[MON]!.ids).toEqual(ids);
    expect(allTasksOf(restored.days).map((task) => task.order)).toEqual(many.map((_, n) => n));
  });

  it('gives the same list whether a bulk event is applied whole or in its pieces', () => {
    const longTitle = fc.string({ minLength: 1, maxLength: 3000 }).filter((title) => title.trim().length > 0);
    fc.assert(
      fc.property(board, fc.array(fc.record({ id: fc.constantFrom(...ids), title: longTitle, date: fc.constantFrom(...dates), order: fc.nat({ max: 8 }) }), { maxLength: 12 }), (before, given) => {
        const from = start(before);
        const whole = tasksRestored({ tasks: given.map((one) => task(one.id, one)) });
        expect(replay(splitForLog(whole), from).days).toEqual(tasksReducer(from, whole).days);
        const deleted = tasksDeleted({ ids: given.map((one) => one.id.repeat(200)) });
        expect(replay(splitForLog(deleted), from).days).toEqual(tasksReducer(from, deleted).days);
      }),
      { numRuns: 50 },
    );
  });
});

describe('tasksRolledOver', () => {
  const board = () =>
    start([
      task('mon-open', { date: MON, order: 0 }),
      task('mon-done', { date: MON, order: 1, completed: true }),
      task('tue-open', { date: TUE, order: 0 }),
      task('wed-first', { date: WED, order: 0 }),
      task('someday', { date: SOMEDAY, order: 0 }),
      task('later', { date: '2026-11-30', order: 0 }),
    ]);

  it('moves only unfinished tasks dated before the day to its end, in the listed order', () => {
    const state = tasksReducer(board(), tasksRolledOver({ ids: ['mon-open', 'tue-open', 'mon-done', 'someday', 'later', 'wed-first'], to: WED }));
    expect(titlesByDate(state)).toEqual({
      [MON]: ['mon-done'],
      [WED]: ['wed-first', 'mon-open', 'tue-open'],
      [SOMEDAY]: ['someday'],
      '2026-11-30': ['later'],
    });
    expect(ordersByDate(state)[WED]).toEqual([0, 1, 2]);
    expect(ordersByDate(state)[MON]).toEqual([0]);
  });

  it('does nothing the second time: replayed, or run by a second device', () => {
    const event = tasksRolledOver({ ids: ['mon-open', 'tue-open'], to: WED });
    const once = tasksReducer(board(), event);
    const twice = tasksReducer(once, tasksRolledOver({ ids: ['tue-open', 'mon-open'], to: WED }));
    expect(twice).toBe(once);
    expect(tasksReducer(once, event)).toBe(once);
  });

  it('leaves a task that was completed or moved since the event was made', () => {
    const event = tasksRolledOver({ ids: ['mon-open'], to: WED });
    const moved = replay([{ type: 'tasks/taskMoved', payload: { id: 'mon-open', toDate: '2026-12-01', toIndex: 0 } }, event], board());
    expect(taskEntities(moved)['mon-open']!.date).toBe('2026-12-01');
    expect(titlesByDate(moved)[WED]).toEqual(['wed-first']);
  });

  it('rejects a target that is not a day', () => {
    expect(isWellFormedTaskEvent(tasksRolledOver({ ids: ['a'], to: SOMEDAY }))).toBe(false);
    expect(tasksReducer(board(), tasksRolledOver({ ids: ['mon-open'], to: SOMEDAY }))).toEqual(board());
  });

  it('starts from nothing without failing', () => {
    expect(tasksReducer(initialTasks(), tasksRolledOver({ ids: ['x'], to: WED }))).toEqual(initialTasks());
  });
});
