import { importEvents, readBackup } from '../../src/features/backup/backup';
import { eventsToward } from '../../src/features/history/steps';
import { splitSeriesForLog } from '../../src/features/series/logSplit';
import { seriesChecklistItemAdded, seriesCreated, seriesReducer, occurrenceChecklistItemDoneSet, seriesChecklistItemDeleted, seriesTemplateChanged } from '../../src/features/series/seriesSlice';
import { occurrencesBetween } from '../../src/features/series/occurrences';
import { isWellFormedSeriesEvent, readSeries } from '../../src/features/series/wire';
import { splitForLog } from '../../src/features/tasks/bulkEvents';
import {
  CHECKLIST_FULL,
  CHECKLIST_ITEM_MAX_LENGTH,
  CHECKLIST_MAX_ITEMS,
  ITEM_TOO_LONG,
  itemRefusal,
  progressOf,
  progressText,
  readChecklist,
} from '../../src/features/tasks/checklist';
import {
  checklistItemAdded,
  checklistItemDeleted,
  checklistItemDoneSet,
  checklistItemMadeTask,
  checklistItemMoved,
  checklistItemTextSet,
  isWellFormedTaskEvent,
  taskAdded,
  taskDeleted,
  taskRestored,
  tasksRestored,
} from '../../src/features/tasks/events';
import { parseStoredTasks, serializeDays } from '../../src/features/tasks/storage';
import { placedTask, taskIn } from '../../src/features/tasks/taskList';
import { tasksReducer } from '../../src/features/tasks/tasksReducer';
import type { TasksState } from '../../src/features/tasks/types';
import { replay } from './taskFixtures';

const TASK = { type: taskAdded.type, payload: { id: 'task-1', title: 'Pack', date: '2026-12-03', createdAt: 1 } };
const add = (text: string, itemId: string, index?: number) => ({ type: checklistItemAdded.type, payload: { id: 'task-1', item: { id: itemId, text, done: false }, ...(index === undefined ? {} : { index }) } });
const items = (state: TasksState, id = 'task-1') => taskIn(state, id)?.checklist?.map((item) => `${item.text}${item.done ? '✓' : ''}`);

describe('a task’s checklist', () => {
  it('adds, ticks, renames, moves and deletes items by id', () => {
    let state = replay([TASK, add('Passport', 'a'), add('Charger', 'b'), add('Socks', 'c', 0)]);
    expect(items(state)).toEqual(['Socks', 'Passport', 'Charger']);
    state = replay([checklistItemDoneSet({ id: 'task-1', itemId: 'a', done: true }), checklistItemTextSet({ id: 'task-1', itemId: 'b', text: '  USB charger ' })], state);
    expect(items(state)).toEqual(['Socks', 'Passport✓', 'USB charger']);
    state = replay([checklistItemMoved({ id: 'task-1', itemId: 'c', toIndex: 2 })], state);
    expect(items(state)).toEqual(['Passport✓', 'USB charger', 'Socks']);
    state = replay([checklistItemDeleted({ id: 'task-1', itemId: 'b' })], state);
    expect(items(state)).toEqual(['Passport✓', 'Socks']);
  });

  it('sets a tick rather than toggling it: a replay changes nothing more', () => {
    const once = replay([TASK, add('Passport', 'a'), checklistItemDoneSet({ id: 'task-1', itemId: 'a', done: true })]);
    const twice = replay([checklistItemDoneSet({ id: 'task-1', itemId: 'a', done: true })], once);
    expect(twice).toBe(once);
  });

  it('does nothing for a task or an item that is gone, or an id already there', () => {
    const state = replay([TASK, add('Passport', 'a')]);
    for (const event of [
      checklistItemDoneSet({ id: 'task-1', itemId: 'zz', done: true }),
      checklistItemTextSet({ id: 'task-9', itemId: 'a', text: 'x' }),
      checklistItemMoved({ id: 'task-1', itemId: 'zz', toIndex: 0 }),
      checklistItemDeleted({ id: 'task-1', itemId: 'zz' }),
      add('Again', 'a'),
      checklistItemMadeTask('task-1', 'zz', '2026-12-04'),
    ]) {
      expect(tasksReducer(state, event)).toBe(state);
    }
    const gone = replay([taskDeleted({ id: 'task-1' }), add('Late', 'b')], state);
    expect(taskIn(gone, 'task-1')).toBeUndefined();
  });

  it('ignores events past the caps, as from another device’s log', () => {
    let state = replay([TASK]);
    for (let n = 0; n < CHECKLIST_MAX_ITEMS + 5; n++) state = tasksReducer(state, add(`Item ${n}`, `i${n}`));
    expect(taskIn(state, 'task-1')!.checklist).toHaveLength(CHECKLIST_MAX_ITEMS);
    const long = 'x'.repeat(CHECKLIST_ITEM_MAX_LENGTH + 1);
    const small = replay([TASK, add('Short', 'a')]);
    expect(tasksReducer(small, add(long, 'b'))).toBe(small);
    expect(tasksReducer(small, checklistItemTextSet({ id: 'task-1', itemId: 'a', text: long }))).toBe(small);
    expect(tasksReducer(small, checklistItemTextSet({ id: 'task-1', itemId: 'a', text: '   ' }))).toBe(small);
  });

  it('refuses bad input with a clear message before any event', () => {
    expect(itemRefusal('x'.repeat(CHECKLIST_ITEM_MAX_LENGTH + 1), 0)).toBe(ITEM_TOO_LONG);
    expect(itemRefusal('ok', CHECKLIST_MAX_ITEMS)).toBe(CHECKLIST_FULL);
    expect(itemRefusal('ok', 3)).toBeNull();
    expect(CHECKLIST_FULL).toContain('100');
  });

  it('turns an item into a task of its own on the chosen day, once', () => {
    const state = replay([TASK, add('Book hotel', 'a'), add('Passport', 'b')]);
    const made = checklistItemMadeTask('task-1', 'a', '2026-12-05');
    const after = replay([made, made], state);
    expect(items(after)).toEqual(['Passport']);
    const task = taskIn(after, made.payload.newTask.id)!;
    expect(task).toMatchObject({ title: 'Book hotel', date: '2026-12-05', completed: false });
    // The item renamed on another device first: the task takes the text it has when replayed.
    const renamed = replay([checklistItemTextSet({ id: 'task-1', itemId: 'a', text: 'Book the hotel' }), made], state);
    expect(taskIn(renamed, made.payload.newTask.id)!.title).toBe('Book the hotel');
  });

  it('shows progress as 2/5 and says it in words', () => {
    const state = replay([TASK, add('a', 'a'), add('b', 'b'), add('c', 'c'), checklistItemDoneSet({ id: 'task-1', itemId: 'b', done: true })]);
    const progress = progressOf(taskIn(state, 'task-1')!.checklist)!;
    expect(progress).toEqual({ done: 1, total: 3 });
    expect(progressText(progress)).toBe('Checklist: 1 of 3 done');
    expect(progressOf(undefined)).toBeUndefined();
  });

  it('is stored as an extra field of the spec’s array, which older data (without it) still loads into', () => {
    const state = replay([TASK, add('Passport', 'a'), checklistItemDoneSet({ id: 'task-1', itemId: 'a', done: true })]);
    const stored = JSON.parse(serializeDays(state.days)) as unknown[];
    expect(stored).toEqual([{ id: 'task-1', title: 'Pack', date: '2026-12-03', completed: false, createdAt: 1, order: 0, checklist: [{ id: 'a', text: 'Passport', done: true }] }]);
    const read = parseStoredTasks(JSON.stringify(stored));
    expect(read.tasks[0]!.checklist).toEqual([{ id: 'a', text: 'Passport', done: true }]);
    const old = parseStoredTasks(JSON.stringify([{ id: 'task-2', title: 'Old', date: 'someday', completed: false, createdAt: 2, order: 0 }]));
    expect(old.tasks[0]).not.toHaveProperty('checklist');
    // Corrupt entries of a checklist are dropped one by one.
    expect(readChecklist([{ id: 'a', text: 'ok' }, { id: 'a', text: 'dup' }, 7, { id: 'b', text: '' }])).toEqual([{ id: 'a', text: 'ok', done: false }]);
  });

  it('is held by a backup, which imports with it; a backup from before imports as it did', () => {
    const state = replay([TASK, add('Passport', 'a'), checklistItemDoneSet({ id: 'task-1', itemId: 'a', done: true })]);
    const backup = readBackup(serializeDays(state.days));
    if (!backup.ok) throw new Error(backup.error);
    expect(backup.tasks[0]!.checklist).toEqual([{ id: 'a', text: 'Passport', done: true }]);
    expect(items(replay(importEvents([], backup.tasks, 'replace')))).toEqual(['Passport✓']);
    const before = readBackup(JSON.stringify([{ id: 'task-9', title: 'Old', date: '2026-11-02', completed: true, createdAt: 5, order: 0 }]));
    if (!before.ok) throw new Error(before.error);
    expect(taskIn(replay(importEvents([], before.tasks, 'merge')), 'task-9')).toEqual({ id: 'task-9', title: 'Old', date: '2026-11-02', completed: true, createdAt: 5 });
  });

  it('checks checklist events from the log field by field', () => {
    expect(isWellFormedTaskEvent(JSON.parse(JSON.stringify(checklistItemAdded('task-1', 'Passport'))))).toBe(true);
    expect(isWellFormedTaskEvent(JSON.parse(JSON.stringify(checklistItemMadeTask('task-1', 'a', 'someday'))))).toBe(true);
    expect(isWellFormedTaskEvent({ type: checklistItemDoneSet.type, payload: { id: 'task-1', itemId: 'a', done: 'yes' } })).toBe(false);
    expect(isWellFormedTaskEvent({ type: checklistItemMoved.type, payload: { id: 'task-1', itemId: 'a', toIndex: -1 } })).toBe(false);
    expect(isWellFormedTaskEvent({ type: checklistItemMadeTask.type, payload: { id: 'task-1', itemId: 'a', newTask: { id: 'n', date: 'tomorrow', createdAt: 1 } } })).toBe(false);
  });

  it('sends a task with a full checklist to the log in events under 8 KB that replay to the same task', () => {
    let state = replay([TASK]);
    for (let n = 0; n < CHECKLIST_MAX_ITEMS; n++) state = tasksReducer(state, add(`${n} ${'é"'.repeat(95)}`, `item-${n}-abcdefghij`));
    const task = placedTask(state, 'task-1')!;
    for (const event of [taskRestored({ task }), tasksRestored({ tasks: [task, { ...task, id: 'task-2' }] })]) {
      const pieces = splitForLog(event);
      expect(pieces.length).toBeGreaterThan(1);
      for (const piece of pieces) {
        expect(Buffer.byteLength(JSON.stringify(piece).replace(/([:,])/g, '$1 '))).toBeLessThanOrEqual(8192);
        expect(isWellFormedTaskEvent(JSON.parse(JSON.stringify(piece)))).toBe(true);
      }
      expect(replay(pieces).days).toEqual(replay([event]).days);
    }
  });

  it('undoes a checklist change by putting the task back as it was', () => {
    const before = replay([TASK, add('Passport', 'a')]);
    const after = replay([checklistItemDoneSet({ id: 'task-1', itemId: 'a', done: true })], before);
    const step = { id: 's', entries: [{ id: 'task-1', before: placedTask(before, 'task-1')!, after: placedTask(after, 'task-1')! }] };
    expect(items(replay(eventsToward(step, 'before'), after))).toEqual(['Passport']);
    expect(items(replay(eventsToward(step, 'after'), before))).toEqual(['Passport✓']);
  });
});

describe('a series’ checklist', () => {
  const created = seriesCreated({ template: { title: 'Gym', notes: '' }, firstDate: '2026-11-30', repeat: { kind: 'rule', rule: 'FREQ=DAILY' } }, 5);
  const id = created.payload.series.id;
  const base = [created, { type: seriesChecklistItemAdded.type, payload: { id, item: { id: 'w', text: 'Warm up' } } }, { type: seriesChecklistItemAdded.type, payload: { id, item: { id: 's', text: 'Stretch' } } }];
  const state = base.reduce(seriesReducer, undefined as never);
  const on = (s: typeof state, day: string) => occurrencesBetween(s, day, day)[0]!.checklist!.map((item) => `${item.text}${item.done ? '✓' : ''}`);

  it('starts each occurrence with the template’s items unticked; a tick in one ticks nothing in another', () => {
    const ticked = seriesReducer(state, occurrenceChecklistItemDoneSet({ seriesId: id, originalDate: '2026-12-01', itemId: 'w', done: true }));
    expect(on(ticked, '2026-12-01')).toEqual(['Warm up✓', 'Stretch']);
    expect(on(ticked, '2026-12-02')).toEqual(['Warm up', 'Stretch']);
    const again = seriesReducer(ticked, occurrenceChecklistItemDoneSet({ seriesId: id, originalDate: '2026-12-01', itemId: 'w', done: true }));
    expect(on(again, '2026-12-01')).toEqual(['Warm up✓', 'Stretch']);
    const off = seriesReducer(ticked, occurrenceChecklistItemDoneSet({ seriesId: id, originalDate: '2026-12-01', itemId: 'w', done: false }));
    expect(off.exceptions.ids).toEqual([]);
  });

  it('keeps the checklist through an “All” change of title; a deleted item goes from every occurrence', () => {
    const renamed = seriesReducer(state, seriesTemplateChanged({ id, template: { title: 'Gym!' } }));
    expect(on(renamed, '2026-12-03')).toEqual(['Warm up', 'Stretch']);
    const deleted = seriesReducer(renamed, seriesChecklistItemDeleted({ id, itemId: 'w' }));
    expect(on(deleted, '2026-12-03')).toEqual(['Stretch']);
  });

  it('reads series and events with checklists from elsewhere, refusing malformed ones', () => {
    const series = state.series.entities[id]!;
    expect(readSeries(JSON.parse(JSON.stringify(series)))?.template.checklist).toEqual([{ id: 'w', text: 'Warm up' }, { id: 's', text: 'Stretch' }]);
    expect(readSeries({ ...series, template: { ...series.template, checklist: 'no' } })).toBeNull();
    expect(isWellFormedSeriesEvent(JSON.parse(JSON.stringify(occurrenceChecklistItemDoneSet({ seriesId: id, originalDate: '2026-12-01', itemId: 'w', done: true }))))).toBe(true);
    expect(isWellFormedSeriesEvent({ type: occurrenceChecklistItemDoneSet.type, payload: { seriesId: id, originalDate: 'x', itemId: 'w', done: true } })).toBe(false);
  });

  it('sends a series with a long template checklist to the log in pieces that replay to the same state', () => {
    const checklist = Array.from({ length: CHECKLIST_MAX_ITEMS }, (_, n) => ({ id: `item-${n}`, text: `${n} ${'y'.repeat(150)}` }));
    const big = seriesCreated({ template: { title: 'Big', notes: '', checklist }, firstDate: '2026-11-30', repeat: { kind: 'rule', rule: 'FREQ=DAILY' } }, 9);
    const pieces = splitSeriesForLog(big);
    expect(pieces.length).toBe(CHECKLIST_MAX_ITEMS + 1);
    for (const piece of pieces) expect(JSON.stringify(piece).replace(/([:,])/g, '$1 ').length).toBeLessThanOrEqual(8192);
    expect(pieces.reduce(seriesReducer, undefined as never)).toEqual(seriesReducer(undefined, big));
  });
});
