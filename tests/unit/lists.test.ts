import { readBackupFile } from '../../src/features/backup/backup';
import { loadCatalog } from '../../src/features/catalog/catalogHost';
import { listArchivedSet, listCreated, listDeleted, replayCatalog } from '../../src/features/catalog/catalogSlice';
import { emptyCatalog } from '../../src/features/catalog/types';
import { makeSelectColumn } from '../../src/features/planner/columnView';
import { groupHits } from '../../src/features/search/groups';
import { searchTasks } from '../../src/features/search/rank';
import { buildIndex } from '../../src/features/search/searchIndex';
import { serializeBackup } from '../../src/features/series/backupFormat';
import { isWellFormedTaskEvent, taskAdded, taskMoved, taskMovedToEnd, taskRestored, checklistItemAdded, checklistItemMadeTask } from '../../src/features/tasks/events';
import { parseStoredTasks, serializeDays } from '../../src/features/tasks/storage';
import { allTasksOf, daysFrom } from '../../src/features/tasks/taskList';
import { selectAllTasks } from '../../src/features/tasks/taskSelectors';
import { listKey, SOMEDAY, type Task } from '../../src/features/tasks/types';
import { MemoryStorage, startStore } from './memoryStorage';
import { MON, TUE } from './taskFixtures';
import { placedTasks, replay, titlesByDate } from './taskFixtures';

// Named lists beside Some Day (issue 43.3, docs/organize.md): a list's task is written out as `date: 'someday'` with
// `list`, and kept in the store under the list's column key.

beforeAll(() => loadCatalog());

const ERRANDS = listKey('list-e');
const task = (id: string, fields: Partial<Task> = {}): Task => ({ id, title: id, date: SOMEDAY, completed: false, createdAt: 1, order: 0, ...fields });

describe('a list task as stored and as the store keeps it', () => {
  it('reads `list` beside Some Day into the list’s column, and writes it back out the same', () => {
    const stored = [task('a'), task('b', { list: 'list-e' }), task('c', { list: 'list-e', order: 1 }), task('d', { date: MON })];
    const days = daysFrom(stored);
    expect(Object.keys(days).sort()).toEqual([MON, ERRANDS, SOMEDAY].sort());
    expect(days[ERRANDS]!.ids).toEqual(['b', 'c']);
    expect(days[ERRANDS]!.entities.b).toEqual({ id: 'b', title: 'b', date: ERRANDS, completed: false, createdAt: 1 });
    const out = allTasksOf(days);
    expect(out.find((one) => one.id === 'c')).toEqual(task('c', { list: 'list-e', order: 1 }));
    expect(JSON.parse(serializeDays(days))).toEqual(out);
  });

  it('counts orders within each column: Some Day’s and a list’s 0..n-1 are not gaps to renumber', () => {
    const stored = [task('a'), task('b', { order: 1 }), task('c', { list: 'list-e' }), task('d', { list: 'list-e', order: 1 })];
    expect(parseStoredTasks(JSON.stringify(stored))).toEqual({ tasks: stored, changed: false, unreadable: false });
  });

  it('loads an array as an older version wrote it, and ignores a `list` it cannot use', () => {
    const older = [task('a'), task('b', { order: 1 })];
    expect(parseStoredTasks(JSON.stringify(older)).tasks).toEqual(older);
    const odd = [{ ...task('a'), list: 7 }, { ...task('b', { date: MON }), list: 'list-e' }];
    const read = parseStoredTasks(JSON.stringify(odd)).tasks;
    expect(read).toEqual([task('a'), task('b', { date: MON })]);
    expect(Object.keys(daysFrom(read)).sort()).toEqual([MON, SOMEDAY].sort());
  });
});

describe('task events into and out of lists', () => {
  it('sends a list’s column as Some Day with `list`, which an older version reads as Some Day', () => {
    const added = taskAdded('Stamps', ERRANDS);
    expect(added.payload).toMatchObject({ title: 'Stamps', date: SOMEDAY, list: 'list-e' });
    expect(taskMoved({ id: 'x', toDate: ERRANDS, toIndex: 2 }).payload).toEqual({ id: 'x', toDate: SOMEDAY, toIndex: 2, list: 'list-e' });
    expect(taskMovedToEnd({ id: 'x', toDate: MON }).payload).toEqual({ id: 'x', toDate: MON });
    expect(checklistItemMadeTask('x', 'i', ERRANDS).payload.newTask).toMatchObject({ date: SOMEDAY, list: 'list-e' });
    for (const event of [added, taskMoved({ id: 'x', toDate: ERRANDS, toIndex: 0 })]) expect(isWellFormedTaskEvent(JSON.parse(JSON.stringify(event)))).toBe(true);
    expect(isWellFormedTaskEvent({ type: 'tasks/taskMovedToEnd', payload: { id: 'x', toDate: SOMEDAY, list: 7 } })).toBe(false);
  });

  it('adds into a list, moves between lists and days, and a move to Some Day or a day drops the list', () => {
    const a = taskAdded('Stamps', ERRANDS);
    const b = taskAdded('Milk', MON);
    let state = replay([a, b, taskMoved({ id: b.payload.id, toDate: ERRANDS, toIndex: 0 })]);
    expect(titlesByDate(state)).toEqual({ [ERRANDS]: ['Milk', 'Stamps'] });
    expect(placedTasks(state)[a.payload.id]).toMatchObject({ date: SOMEDAY, list: 'list-e', order: 1 });
    state = replay([taskMovedToEnd({ id: a.payload.id, toDate: SOMEDAY }), taskMoved({ id: b.payload.id, toDate: TUE, toIndex: 0 })], state);
    expect(titlesByDate(state)).toEqual({ [SOMEDAY]: ['Stamps'], [TUE]: ['Milk'] });
    expect(placedTasks(state)[a.payload.id]).not.toHaveProperty('list');
    expect(placedTasks(state)[b.payload.id]).not.toHaveProperty('list');
  });

  it('replays the wire form on someone else’s state: a set, not a toggle, and a move of a task that is gone does nothing', () => {
    const a = taskAdded('Stamps', MON);
    const move = JSON.parse(JSON.stringify(taskMoved({ id: a.payload.id, toDate: ERRANDS, toIndex: 0 })));
    const once = replay([a, move]);
    expect(replay([move], once)).toEqual(once);
    expect(replay([move])).toEqual(replay([]));
  });

  it("makes a checklist item a task in a list: the log's form replays once, and where the list is gone it shows in Some Day", () => {
    const checklist = [
      { id: 'a', text: 'Stamps', done: false },
      { id: 'b', text: 'Milk', done: true },
    ];
    const base = replay([taskRestored({ task: task('t', { date: MON, checklist }) })]);
    const made = JSON.parse(JSON.stringify(checklistItemMadeTask('t', 'a', ERRANDS))) as ReturnType<typeof checklistItemMadeTask>;
    expect(made.payload.newTask).toMatchObject({ date: SOMEDAY, list: 'list-e' });
    expect(isWellFormedTaskEvent(made)).toBe(true);
    const after = replay([made], base);
    expect(titlesByDate(after)).toEqual({ [MON]: ['t'], [ERRANDS]: ['Stamps'] });
    expect(placedTasks(after)[made.payload.newTask.id]).toMatchObject({ title: 'Stamps', date: SOMEDAY, list: 'list-e', order: 0, completed: false });
    expect(placedTasks(after).t!.checklist).toEqual([checklist[1]]);
    expect(replay([made], after)).toEqual(after);
    // A ticked item into another list: a done task there.
    const done = checklistItemMadeTask('t', 'b', listKey('list-b'));
    expect(placedTasks(replay([done], after))[done.payload.newTask.id]).toMatchObject({ title: 'Milk', list: 'list-b', completed: true });

    // On a device that has the list, it is in the list's column; where it was deleted meanwhile, in Some Day.
    const planner = { selectedColumn: null } as never;
    const catalog = replayCatalog(emptyCatalog, [listCreated('Errands', 'list-e')]);
    expect(makeSelectColumn()({ tasks: after, planner, catalog }, ERRANDS).tasks.map((one) => one.title)).toEqual(['Stamps']);
    expect(makeSelectColumn()({ tasks: after, planner, catalog }, SOMEDAY).tasks).toEqual([]);
    const gone = replayCatalog(catalog, [listDeleted({ id: 'list-e' })]);
    expect(makeSelectColumn()({ tasks: after, planner, catalog: gone }, SOMEDAY).tasks.map((one) => one.title)).toEqual(['Stamps']);
  });

  it('puts a restored task (undo, import, seed) back into its list, checklist and all', () => {
    const state = replay([taskRestored({ task: task('r', { list: 'list-e', notes: 'n' }) }), checklistItemAdded('r', 'Item')]);
    expect(state.days[ERRANDS]!.ids).toEqual(['r']);
    expect(placedTasks(state).r).toMatchObject({ date: SOMEDAY, list: 'list-e', notes: 'n', checklist: [{ text: 'Item' }] });
  });
});

describe('the week’s view of lists', () => {
  const catalog = replayCatalog(emptyCatalog, [listCreated('Errands', 'list-e')]);
  const tasks = { days: daysFrom([task('s'), task('e', { list: 'list-e' }), task('g', { list: 'list-gone' })]), drag: null };
  const planner = { selectedColumn: null } as never;

  it('shows a list’s tasks in its column, and those of a list this device does not have in Some Day', () => {
    const select = makeSelectColumn();
    expect(select({ tasks, planner, catalog }, SOMEDAY).tasks.map((one) => one.id)).toEqual(['s', 'g']);
    expect(makeSelectColumn()({ tasks, planner, catalog }, ERRANDS).tasks.map((one) => one.id)).toEqual(['e']);
    const first = select({ tasks, planner, catalog }, SOMEDAY);
    expect(select({ tasks, planner, catalog }, SOMEDAY)).toBe(first);
    // The list deleted here: its task shows in Some Day too.
    const gone = replayCatalog(catalog, [listDeleted({ id: 'list-e' })]);
    expect(select({ tasks, planner, catalog: gone }, SOMEDAY).tasks.map((one) => one.id)).toEqual(['s', 'e', 'g']);
  });

  it('search shows a list’s task under its list’s name, and says when the list is archived', () => {
    const index = buildIndex(daysFrom([task('Stamps for Errands', { list: 'list-e' }), task('Stamps here')]));
    const outcome = searchTasks(index, 'stamps', MON);
    if (outcome.kind !== 'results') throw new Error('no results');
    const archived = replayCatalog(catalog, [listArchivedSet({ id: 'list-e', archived: true })]);
    const shown = (lists: typeof catalog.lists) => groupHits(outcome.hits, MON, new Map(lists.map((list) => [list.id, list]))).map((group) => [group.label, group.place]);
    expect(shown(catalog.lists).sort()).toEqual([['Errands', 'Errands'], ['Some Day', undefined]].sort());
    expect(shown(archived.lists)).toContainEqual(['Errands (archived)', 'Errands (archived)']);
  });
});

describe('backups with list tasks', () => {
  const file = (text: string) => ({ size: text.length, text: async () => text });

  it('a list task survives export → import into another device, with its list', async () => {
    const { store } = await startStore(new MemoryStorage());
    store.dispatch(listCreated('Errands', 'list-e'));
    store.dispatch(taskAdded('Stamps', ERRANDS));
    store.dispatch(taskAdded('Later', SOMEDAY));
    const { catalog, series } = store.getState();
    const text = serializeBackup(selectAllTasks(store.getState()), series, { version: 1, ...catalog });
    const reading = await readBackupFile(file(text));
    if (!reading.ok) throw new Error(reading.error);
    const other = (await startStore(new MemoryStorage())).store;
    const { importBackup } = await import('../../src/features/backup/backup');
    other.dispatch(importBackup(reading.tasks, 'merge', reading.series, reading.catalog));
    expect(other.getState().catalog.lists.map((list) => list.name)).toEqual(['Errands']);
    expect(titlesByDate(other.getState().tasks)).toEqual({ [ERRANDS]: ['Stamps'], [SOMEDAY]: ['Later'] });
    expect(selectAllTasks(other.getState())).toEqual(selectAllTasks(store.getState()));
  });

  it('still imports a plain array from before lists, and one whose `list` names no list here (into Some Day)', async () => {
    const before = await readBackupFile(file(JSON.stringify([task('a', { date: MON }), task('b')])));
    expect(before).toMatchObject({ ok: true, tasks: [{ id: 'a' }, { id: 'b' }] });
    const stray = await readBackupFile(file(JSON.stringify([task('c', { list: 'list-nowhere' })])));
    if (!stray.ok) throw new Error(stray.error);
    const { store } = await startStore(new MemoryStorage());
    const { importBackup } = await import('../../src/features/backup/backup');
    store.dispatch(importBackup(stray.tasks, 'merge'));
    expect(makeSelectColumn()(store.getState(), SOMEDAY).tasks.map((one) => one.id)).toEqual(['c']);
  });
});
