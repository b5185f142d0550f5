import { readBackupFile } from '../../src/features/backup/backup';
import { catalogImportEvents } from '../../src/features/catalog/catalogImport';
import {
  catalogReducer,
  catalogRestored,
  labelCreated,
  labelDeleted,
  labelNameProblem,
  labelRecoloured,
  labelRenamed,
  listArchivedSet,
  listCreated,
  listMoved,
  listNameProblem,
  listRenamed,
  replayCatalog,
} from '../../src/features/catalog/catalogSlice';
import { CATALOG_BACKUP_KEY, CATALOG_KEY, readCatalog, serializeCatalog } from '../../src/features/catalog/storage';
import { emptyCatalog, type CatalogState } from '../../src/features/catalog/types';
import { serializeBackup } from '../../src/features/series/backupFormat';
import { emptySeriesState } from '../../src/features/series/seriesHost';
import { taskAdded, taskLabelsSet } from '../../src/features/tasks/events';
import { parseStoredTasks } from '../../src/features/tasks/storage';
import { selectAllTasks } from '../../src/features/tasks/taskSelectors';
import type { Task } from '../../src/features/tasks/types';
import { MemoryStorage, startStore } from './memoryStorage';
import { MON } from './taskFixtures';
import { loadCatalog } from '../../src/features/catalog/catalogHost';

// The catalog code arrives by a dynamic import in the app; these tests make its events, so it is here first.
beforeAll(() => loadCatalog());

const made = (...events: Parameters<typeof replayCatalog>[1][]) => replayCatalog(emptyCatalog, events.flat() as never);
const work = labelCreated('Work', 'blue', 'label-work');

describe('label and list events', () => {
  it('creates, renames, recolours and deletes a label', () => {
    let state = made([work]);
    expect(state.labels).toEqual([{ id: 'label-work', name: 'Work', colour: 'blue', createdAt: expect.any(Number) }]);
    state = catalogReducer(state, labelRenamed({ id: 'label-work', name: '  Office   hours ' }));
    state = catalogReducer(state, labelRecoloured({ id: 'label-work', colour: 'green' }));
    expect(state.labels[0]).toMatchObject({ name: 'Office hours', colour: 'green' });
    state = catalogReducer(state, labelDeleted({ id: 'label-work' }));
    expect(state.labels).toEqual([]);
    // The undo of a delete is its create with the same id.
    expect(catalogReducer(state, labelCreated('Office hours', 'green', 'label-work')).labels.map((label) => label.id)).toEqual(['label-work']);
  });

  it.each([
    ['an empty name', '   ', 'A label needs a name.'],
    ['a name of 101 characters', 'x'.repeat(101), "A label's name can be at most 100 characters (this one has 101)."],
    ['a name another label has, in other case and accents', 'WÖRK', 'There is already a label named “Work”.'],
  ])('refuses %s with a clear message, and the event from another device stores nothing', (_what, name, message) => {
    const state = made([work]);
    expect(labelNameProblem(state, name)).toBe(message);
    // Straight from a log: a rename to it does nothing.
    expect(catalogReducer(state, labelRenamed({ id: 'label-work', name: name === 'WÖRK' ? '' : name }))).toBe(state);
    if (name !== 'WÖRK') expect(catalogReducer(state, labelCreated(name, 'red', 'label-bad'))).toBe(state);
  });

  it('takes a name of exactly 100 characters, and a label keeps its own name in another case', () => {
    const state = made([work]);
    expect(labelNameProblem(state, 'y'.repeat(100))).toBeNull();
    expect(labelNameProblem(state, 'work', 'label-work')).toBeNull();
    expect(catalogReducer(state, labelRenamed({ id: 'label-work', name: 'work' })).labels[0]!.name).toBe('work');
  });

  it('refuses a rename onto another label’s name arriving from the log', () => {
    const state = made([work, labelCreated('Home', 'red', 'label-home')]);
    expect(catalogReducer(state, labelRenamed({ id: 'label-home', name: 'work' }))).toBe(state);
  });

  it('ignores malformed events and events about labels that are gone', () => {
    const state = made([work]);
    expect(catalogReducer(state, { type: 'tasks/labelCreated', payload: { id: 'x', name: 'X', colour: 'magenta', createdAt: 1 } })).toBe(state);
    expect(catalogReducer(state, { type: 'tasks/labelRenamed', payload: { id: 7, name: 'X' } })).toBe(state);
    expect(catalogReducer(state, labelRecoloured({ id: 'label-gone', colour: 'red' }))).toBe(state);
  });

  it('creates, renames, reorders and archives lists, refusing one without a name', () => {
    let state = made([listCreated('Books', 'list-b'), listCreated('Films', 'list-f'), listCreated('Trips', 'list-t')]);
    expect(listNameProblem(state, ' ', true)).toBe('A list needs a name.');
    expect(catalogReducer(state, listCreated('  ', 'list-x'))).toBe(state);
    expect(catalogReducer(state, listRenamed({ id: 'list-b', name: '' }))).toBe(state);
    state = catalogReducer(state, listMoved({ id: 'list-t', toIndex: 0 }));
    state = catalogReducer(state, listArchivedSet({ id: 'list-f', archived: true }));
    state = catalogReducer(state, listRenamed({ id: 'list-b', name: 'Reading' }));
    expect(state.lists.map(({ id, name, archived }) => [id, name, archived])).toEqual([
      ['list-t', 'Trips', false],
      ['list-b', 'Reading', false],
      ['list-f', 'Films', true],
    ]);
    // Set, not toggle: the same archive again changes nothing.
    expect(catalogReducer(state, listArchivedSet({ id: 'list-f', archived: true }))).toBe(state);
  });
});

describe('labels on tasks', () => {
  it('sets a task’s labels (not toggles), keeps them in storage, and older data without them still loads', async () => {
    const old: Task = { id: 'task-1', title: 'Old', date: MON, completed: false, createdAt: 1, order: 0 };
    const storage = new MemoryStorage({ 'weekly-planner-tasks': JSON.stringify([old]) });
    const { store, persistor } = await startStore(storage);
    store.dispatch(labelCreated('Work', 'teal', 'label-w'));
    store.dispatch(taskLabelsSet({ id: 'task-1', labels: ['label-w', 'label-w', ''] as string[] }));
    store.dispatch(taskLabelsSet({ id: 'task-1', labels: ['label-w'] }));
    persistor.flush();
    const stored = JSON.parse(storage.getItem('weekly-planner-tasks')!) as Task[];
    expect(stored).toEqual([{ ...old, labels: ['label-w'] }]);
    expect(JSON.parse(storage.getItem(CATALOG_KEY)!)).toMatchObject({ version: 1, labels: [{ id: 'label-w', name: 'Work', colour: 'teal' }] });
    store.dispatch(taskLabelsSet({ id: 'task-1', labels: [] }));
    persistor.flush();
    // No labels is no field: the array is the spec's again.
    expect(JSON.parse(storage.getItem('weekly-planner-tasks')!)).toEqual([old]);
    expect(parseStoredTasks(JSON.stringify([{ ...old, labels: 'nope' }])).tasks).toEqual([old]);
  });

  it('reads the stored catalog at start and sets an unreadable one aside', async () => {
    const good = made([work]);
    const { store } = await startStore(new MemoryStorage({ [CATALOG_KEY]: serializeCatalog(good) }));
    expect(store.getState().catalog.labels.map((label) => label.name)).toEqual(['Work']);
    const broken = new MemoryStorage({ [CATALOG_KEY]: '{not json' });
    const second = await startStore(broken);
    await loadCatalog();
    await Promise.resolve();
    expect(second.store.getState().catalog).toEqual(emptyCatalog);
    expect(broken.getItem(CATALOG_BACKUP_KEY)).toBe('{not json');
    // One bad entry: the first screen shows what is stored, then the code keeps what it can read.
    const partly = new MemoryStorage({ [CATALOG_KEY]: JSON.stringify({ labels: [{ id: 'label-a', name: 'A', colour: 'red', createdAt: 1 }, { id: 'label-b', colour: 'plaid' }], lists: [] }) });
    const third = await startStore(partly);
    await Promise.resolve();
    await Promise.resolve();
    expect(third.store.getState().catalog.labels.map((label) => label.id)).toEqual(['label-a']);
    expect(partly.getItem(CATALOG_BACKUP_KEY)).toContain('plaid');
  });

  it('drops a stored entry it cannot read and keeps the rest', () => {
    const { state, unreadable } = readCatalog({ labels: [{ id: 'label-a', name: 'A', colour: 'red', createdAt: 1 }, { id: 'label-b', name: 'B', colour: 'plaid', createdAt: 1 }], lists: [] });
    expect(unreadable).toBe(true);
    expect(state.labels.map((label) => label.id)).toEqual(['label-a']);
  });
});

describe('backups with labels and lists', () => {
  const task: Task = { id: 'task-1', title: 'Report', date: MON, completed: false, createdAt: 1, order: 0, labels: ['label-work'] };
  const catalog: CatalogState = made([work, listCreated('Books', 'list-b')]);
  const file = (text: string) => ({ size: text.length, text: async () => text });

  it('round-trips labels, lists and the tasks’ labels through a file', async () => {
    const reading = await readBackupFile(file(serializeBackup([task], emptySeriesState, { version: 1, ...catalog })));
    expect(reading).toEqual({ ok: true, tasks: [task], series: { series: [], exceptions: [] }, catalog });
  });

  it('still imports a backup from before labels, and one from before series', async () => {
    const before = { format: 'weekly-planner-backup', version: 2, tasks: [{ ...task, labels: undefined }], series: [], exceptions: [] };
    expect(await readBackupFile(file(JSON.stringify(before)))).toMatchObject({ ok: true, tasks: [{ id: 'task-1' }] });
    expect(await readBackupFile(file(JSON.stringify([{ ...task, labels: undefined }])))).toMatchObject({ ok: true, tasks: [{ id: 'task-1' }] });
  });

  it('refuses a backup whose labels cannot be read, with a clear message', async () => {
    const bad = { format: 'weekly-planner-backup', version: 2, tasks: [task], series: [], exceptions: [], catalog: { labels: [{ id: 'x', name: 'X', colour: 'plaid' }], lists: [] } };
    expect(await readBackupFile(file(JSON.stringify(bad)))).toEqual({ ok: false, error: 'This file is not a Weekly Planner backup. One of its labels or lists cannot be read.' });
  });

  it('merges a file’s label into the one here of the same name, relabelling the file’s tasks', () => {
    const here = made([labelCreated('work', 'red', 'label-here')]);
    const { events, tasks } = catalogImportEvents(here, catalog, [task], 'merge');
    expect(tasks[0]!.labels).toEqual(['label-here']);
    const after = replayCatalog(here, events);
    expect(after.labels.map((label) => label.id)).toEqual(['label-here']);
    expect(after.lists.map((list) => list.id)).toEqual(['list-b']);
  });

  it('imports labels with their tasks into a store, and a replace takes the file’s labels only', async () => {
    const { store } = await startStore(new MemoryStorage());
    store.dispatch(labelCreated('Home', 'red', 'label-home'));
    store.dispatch(taskAdded('Here', MON));
    const { importBackup } = await import('../../src/features/backup/backup');
    store.dispatch(importBackup([task], 'replace', undefined, catalog));
    expect(store.getState().catalog.labels.map((label) => label.name)).toEqual(['Work']);
    expect(selectAllTasks(store.getState())).toEqual([task]);
    expect(catalogRestored.type).toBe('tasks/catalogRestored');
  });
});

describe("'#name' in an add box", () => {
  it('labels the new task, finding a label by name (case and accents ignored) and making a new one', async () => {
    const { quickAdded } = await import('../../src/features/series/quickAddThunk');
    const { store } = await startStore(new MemoryStorage());
    store.dispatch(labelCreated('Café', 'red', 'label-cafe'));
    await store.dispatch(quickAdded('Buy beans #cafe #Errands #errands', MON));
    const [task] = selectAllTasks(store.getState());
    expect(task).toMatchObject({ title: 'Buy beans', date: MON });
    const errands = store.getState().catalog.labels.find((label) => label.name === 'Errands')!;
    expect(task!.labels).toEqual(['label-cafe', errands.id]);
    expect(store.getState().catalog.labels).toHaveLength(2);
  });

  it('refuses a label name over 100 characters, and a text of labels alone, storing nothing', async () => {
    const { quickAdded } = await import('../../src/features/series/quickAddThunk');
    const { notify } = await import('../../src/lib/notify');
    const error = jest.spyOn(notify, 'error').mockImplementation(() => {});
    const { store } = await startStore(new MemoryStorage());
    await store.dispatch(quickAdded(`Plan #${'x'.repeat(101)} #fine`, MON));
    expect(error).toHaveBeenLastCalledWith("A label's name can be at most 100 characters (this one has 101).");
    await store.dispatch(quickAdded('#only', MON));
    expect(error).toHaveBeenLastCalledWith('Type the task before its labels (“Call the bank #errands”).');
    expect(selectAllTasks(store.getState())).toEqual([]);
    expect(store.getState().catalog.labels).toEqual([]);
    error.mockRestore();
  });
});
