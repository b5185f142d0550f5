import {
  columnToggled,
  nextWeekShown,
  plannerReducer,
  previousWeekShown,
  selectSelectedColumn,
  selectWeekDayKeys,
  selectWeekTitle,
  todayShown,
  weekShown,
  type PlannerState,
} from '../../src/features/planner/plannerSlice';
import { toDayKey } from '../../src/features/planner/week';
import { MemoryStorage, startStore } from './memoryStorage';

const at = (anchor: string): PlannerState => ({ anchor, selectedColumn: null, details: null, scopeQuestion: null, occurrenceDrag: null });

describe('planner slice', () => {
  afterEach(() => jest.useRealTimers());

  it('starts on today with no column selected', () => {
    jest.useFakeTimers({ now: new Date(2026, 11, 31, 9, 30) });
    expect(plannerReducer(undefined, { type: '@@init' })).toEqual({ anchor: '2026-12-31', selectedColumn: null, details: null, scopeQuestion: null, occurrenceDrag: null });
  });

  it('next and previous step whole weeks', () => {
    const next = plannerReducer(at('2026-11-25'), nextWeekShown());
    expect(next.anchor).toBe('2026-11-30');
    expect(plannerReducer(plannerReducer(next, previousWeekShown()), previousWeekShown()).anchor).toBe('2026-11-16');
  });

  it('next crosses into the new year', () => {
    const state = plannerReducer(at('2026-12-31'), nextWeekShown());
    expect(selectWeekDayKeys({ planner: state })[0]).toBe('2027-01-04');
    expect(selectWeekTitle({ planner: state })).toBe('Jan 2027');
  });

  it('today returns to the current date, taken when the event is made', () => {
    jest.useFakeTimers({ now: new Date(2026, 10, 25, 12) });
    const action = todayShown();
    expect(action.payload).toEqual({ today: '2026-11-25' });
    jest.setSystemTime(new Date(2027, 0, 1));
    // Replaying the recorded event gives the same week, whatever the clock says now.
    expect(plannerReducer(at('2030-06-01'), action).anchor).toBe('2026-11-25');
  });

  it("weekShown shows the week of a given day (a search result's), the same event search dispatches by its type", () => {
    const state = plannerReducer(at('2026-11-25'), weekShown({ date: '2026-10-14' }));
    expect(selectWeekDayKeys({ planner: state })[0]).toBe('2026-10-12');
    expect(plannerReducer(at('2026-11-25'), { type: 'planner/weekShown', payload: { date: '2026-10-14' } })).toEqual(state);
  });

  it('columnToggled selects a column, a second click clears it, another click moves it', () => {
    let state = plannerReducer(at('2026-11-25'), columnToggled({ id: '2026-11-24' }));
    expect(selectSelectedColumn({ planner: state })).toBe('2026-11-24');
    state = plannerReducer(state, columnToggled({ id: 'someday' }));
    expect(state.selectedColumn).toBe('someday');
    state = plannerReducer(state, columnToggled({ id: 'someday' }));
    expect(state.selectedColumn).toBeNull();
  });

  it('week selectors read the displayed week, Monday first', () => {
    const state = { planner: at('2026-11-29') };
    expect(selectWeekDayKeys(state)).toEqual(['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29']);
    expect(selectWeekTitle(state)).toBe('Nov 2026');
    expect(selectWeekDayKeys(state)).toBe(selectWeekDayKeys({ planner: at('2026-11-29') }));
  });

  it('runs in the real store, whose planner is not persisted', async () => {
    const storage = new MemoryStorage();
    const { store, persistor } = await startStore(storage);
    store.dispatch(nextWeekShown());
    store.dispatch(todayShown());
    await persistor.flush();
    expect(store.getState().planner.anchor).toBe(toDayKey(new Date()));
    // Nothing of the planner's is stored (an empty task list needs no writing either).
    expect(storage.keys().filter((key) => !key.startsWith('weekly-planner-tasks'))).toEqual([]);
  });
});
