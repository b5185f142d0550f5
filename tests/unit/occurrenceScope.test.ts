import { notify } from '../../src/lib/notify';
import { occurrenceDragEnded, occurrenceDraggedOver, occurrenceDragStarted, plannerReducer } from '../../src/features/planner/plannerSlice';
import { occurrenceFacts } from '../../src/features/series/facts';
import { exceptionsBySeries } from '../../src/features/series/occurrences';
import {
  NOT_JUST_THIS_ONE,
  occurrenceDeletedHere,
  occurrenceEditedHere,
  occurrenceMovedHere,
  repeatChangedHere,
  scopeWidened,
  type ScopeQuestion,
} from '../../src/features/series/occurrenceScope';
import { loadSeries } from '../../src/features/series/seriesHost';
import { occurrenceCompletionSet, seriesEndSet } from '../../src/features/series/seriesSlice';
import { MemoryStorage, startStore } from './memoryStorage';
import { created, replay, rule } from './seriesFixtures';

// The one rule for an occurrence (issue 42): this one alone, one undo step, a toast with 'Undo' and 'Not just this
// one…'; the latter's answer undoes the narrow change and makes the wide one, again one step.

const mondays = created('Water plants', '2026-11-02', rule('FREQ=WEEKLY;BYDAY=MO'));
const id = mondays.payload.series.id;
const ref = { seriesId: id, originalDate: '2026-11-30' };

type Buttons = [string, { label: string; onClick: () => void }, { label: string; onClick: () => void }];

async function setUp() {
  const made = await startStore(new MemoryStorage({ 'weekly-planner-tasks': '[]' }));
  await made.seriesReady;
  await loadSeries();
  made.store.dispatch(mondays);
  const toasts: Buttons[] = [];
  jest.spyOn(notify, 'withActions').mockImplementation((...args) => void toasts.push(args));
  return { store: made.store, toasts };
}

const exception = (store: Awaited<ReturnType<typeof setUp>>['store']) => store.getState().series.exceptions.entities[`${id}|2026-11-30`];
const seriesList = (store: Awaited<ReturnType<typeof setUp>>['store']) =>
  Object.values(store.getState().series.series.entities).map((series) => [series!.template.title, series!.firstDate, series!.lastDate ?? null]);

afterEach(() => jest.restoreAllMocks());

describe('a change to one occurrence', () => {
  it("deletes this one alone, says so, and the toast's Undo brings it back", async () => {
    const { store, toasts } = await setUp();
    store.dispatch(occurrenceDeletedHere(ref));
    expect(exception(store)).toMatchObject({ skipped: true });
    expect(toasts).toHaveLength(1);
    const [message, undo, more] = toasts[0]!;
    expect(message).toBe('Deleted “Water plants” on Mon 30 Nov, this one only');
    expect([undo.label, more.label]).toEqual(['Undo', NOT_JUST_THIS_ONE]);
    undo.onClick();
    expect(exception(store)).toBeUndefined();
  });

  it("'Not just this one…' asks; 'This and following' replaces the skip with the series' end, one undo step", async () => {
    const { store, toasts } = await setUp();
    store.dispatch(occurrenceDeletedHere(ref));
    toasts[0]![2].onClick();
    const question = store.getState().planner.scopeQuestion as ScopeQuestion;
    expect(question).toMatchObject({ action: 'delete', seriesId: id, originalDate: '2026-11-30', title: 'Water plants' });
    await store.dispatch(scopeWidened(question, 'following'));
    expect(seriesList(store)).toEqual([['Water plants', '2026-11-02', '2026-11-29']]);
    expect(exception(store)).toBeUndefined();
    store.dispatch({ type: 'history/undoRequested', payload: {} });
    expect(seriesList(store)).toEqual([['Water plants', '2026-11-02', null]]);
    expect(exception(store)).toBeUndefined();
  });

  it("renames this one; 'All' renames the series instead, and a done occurrence keeps its name", async () => {
    const { store, toasts } = await setUp();
    store.dispatch(occurrenceCompletionSet({ seriesId: id, originalDate: '2026-11-02' }, true, '2026-11-02'));
    store.dispatch(occurrenceEditedHere(ref, { title: 'Water the herbs' }));
    expect(exception(store)).toMatchObject({ title: 'Water the herbs' });
    expect(toasts[0]![0]).toBe('Renamed “Water plants” to “Water the herbs” on Mon 30 Nov, this one only');
    toasts[0]![2].onClick();
    await store.dispatch(scopeWidened(store.getState().planner.scopeQuestion!, 'all'));
    expect(seriesList(store)).toEqual([['Water the herbs', '2026-11-02', null]]);
    expect(exception(store)).toBeUndefined();
    expect(store.getState().series.exceptions.entities[`${id}|2026-11-02`]).toMatchObject({ title: 'Water plants' });
  });

  it('moves this one (nothing for a move to where it stands); its other scopes are the details, where the repeat is', async () => {
    const { store, toasts } = await setUp();
    store.dispatch(occurrenceMovedHere(ref, '2026-11-30'));
    expect(toasts).toHaveLength(0);
    store.dispatch(occurrenceMovedHere(ref, 'someday'));
    expect(exception(store)).toMatchObject({ movedTo: 'someday' });
    expect(toasts[0]![0]).toBe('Moved “Water plants” to Some Day, this one only');
    toasts[0]![2].onClick();
    expect(store.getState().planner.details).toEqual({ kind: 'occurrence', ...ref });
  });

  it("a new repeat is from this one on; 'All' makes it the series' own; a refused one stores nothing", async () => {
    const { store, toasts } = await setUp();
    expect(await store.dispatch(repeatChangedHere(ref, {}, rule('FREQ=WEEKLY;INTERVAL=10000;BYDAY=MO')))).toMatch(/too far apart/);
    expect(seriesList(store)).toHaveLength(1);
    expect(await store.dispatch(repeatChangedHere(ref, {}, rule('FREQ=DAILY')))).toBeNull();
    expect(seriesList(store)).toEqual([
      ['Water plants', '2026-11-02', '2026-11-29'],
      ['Water plants', '2026-11-30', null],
    ]);
    expect(toasts[0]![0]).toBe('Changed the repeat of “Water plants” from Mon 30 Nov on');
    toasts[0]![2].onClick();
    await store.dispatch(scopeWidened(store.getState().planner.scopeQuestion!, 'all'));
    expect(seriesList(store)).toEqual([['Water plants', '2026-11-02', null]]);
    expect(Object.values(store.getState().series.series.entities)[0]!.repeat).toEqual(rule('FREQ=DAILY'));
  });
});

describe("an occurrence's facts", () => {
  it('counts which occurrence this is and finds the last day (a last date, UNTIL or COUNT)', () => {
    const state = replay([mondays]);
    const series = state.series.entities[id]!;
    expect(occurrenceFacts(series, '2026-11-30', exceptionsBySeries(state))).toEqual({ firstDate: '2026-11-02', lastDate: null, number: 5 });
    const ended = replay([seriesEndSet({ id, lastDate: '2026-12-10' })], state).series.entities[id]!;
    expect(occurrenceFacts(ended, '2026-11-30', exceptionsBySeries(state)).lastDate).toBe('2026-12-07');
    const counted = created('Stretch', '2026-11-02', rule('FREQ=DAILY;COUNT=10'));
    const five = replay([counted]);
    expect(occurrenceFacts(five.series.entities[counted.payload.series.id]!, '2026-11-04', exceptionsBySeries(five))).toEqual({
      firstDate: '2026-11-02',
      lastDate: '2026-11-11',
      number: 3,
    });
    const until = created('Read', '2026-11-02', rule('FREQ=WEEKLY;BYDAY=FR;UNTIL=20261231'));
    const read = replay([until]);
    expect(occurrenceFacts(read.series.entities[until.payload.series.id]!, '2026-11-06', exceptionsBySeries(read)).lastDate).toBe('2026-12-25');
  });

  it("counts a 'days after completion' series along its completions", () => {
    const chain = created('Haircut', '2026-11-02', { kind: 'afterCompletion', days: 7 });
    const chainId = chain.payload.series.id;
    const state = replay([chain, occurrenceCompletionSet({ seriesId: chainId, originalDate: '2026-11-02' }, true, '2026-11-03')]);
    expect(occurrenceFacts(state.series.entities[chainId]!, '2026-11-10', exceptionsBySeries(state))).toEqual({ firstDate: '2026-11-02', lastDate: null, number: 2 });
  });
});

describe('an occurrence being dragged', () => {
  it('is shown over the day it hovers until the drag ends (local state, not an event)', () => {
    const occurrence = { key: `${id}|2026-11-30`, seriesId: id, originalDate: '2026-11-30', date: '2026-11-30', title: 'Water plants', notes: '', completed: false, repeatText: 'Every Monday' };
    let state = plannerReducer(undefined, occurrenceDragStarted(occurrence));
    expect(state.occurrenceDrag).toEqual({ occurrence, over: '2026-11-30' });
    state = plannerReducer(state, occurrenceDraggedOver({ date: 'someday' }));
    expect(state.occurrenceDrag?.over).toBe('someday');
    expect(plannerReducer(state, occurrenceDragEnded()).occurrenceDrag).toBeNull();
    // Over a day with no drag running: nothing.
    expect(plannerReducer(undefined, occurrenceDraggedOver({ date: 'someday' })).occurrenceDrag).toBeNull();
  });
});
