import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { shiftWeek, toDayKey, weekDayKeys, weekTitle } from './week';
import { createSelector } from '@reduxjs/toolkit';
import { occurrenceDragEnded, occurrenceDraggedOver, occurrenceDragStarted } from '../dnd/occurrenceDragActions';
import type { ScopeQuestion } from '../series/occurrenceScope';
import type { ShownOccurrence } from '../series/weekOccurrences';
import type { DetailsTarget } from '../tasks/detailsRequest';
import type { TaskDate } from '../tasks/types';

export interface PlannerState {
  /** Any day of the displayed week (yyyy-MM-dd). */
  anchor: string;
  /** The column the user last clicked, if still selected. */
  selectedColumn: string | null;
  /** Whose details are open, if any. */
  details: DetailsTarget | null;
  /** The other scopes offered for a change made to one occurrence (a toast's 'Not just this one…'). */
  scopeQuestion: ScopeQuestion | null;
  /**
   * An occurrence being dragged, and the day it is over (shown there live, as a dragged task is). Local: the drop
   * records one occurrenceMoved (dnd/taskSource.ts).
   */
  occurrenceDrag: { occurrence: ShownOccurrence; over: TaskDate } | null;
}

const initialState = (): PlannerState => ({ anchor: toDayKey(new Date()), selectedColumn: null, details: null, scopeQuestion: null, occurrenceDrag: null });

const plannerSlice = createSlice({
  name: 'planner',
  initialState,
  reducers: {
    previousWeekShown(state) {
      state.anchor = shiftWeek(state.anchor, -1);
    },
    nextWeekShown(state) {
      state.anchor = shiftWeek(state.anchor, 1);
    },
    todayShown: {
      reducer(state, action: PayloadAction<{ today: string }>) {
        state.anchor = action.payload.today;
      },
      prepare: () => ({ payload: { today: toDayKey(new Date()) } }),
    },
    /** Shows the week holding `date` (a day key): a search result's week. */
    weekShown(state, action: PayloadAction<{ date: string }>) {
      state.anchor = action.payload.date;
    },
    columnToggled(state, action: PayloadAction<{ id: string }>) {
      state.selectedColumn = state.selectedColumn === action.payload.id ? null : action.payload.id;
    },
    detailsShown(state, action: PayloadAction<DetailsTarget | null>) {
      state.details = action.payload;
    },
    scopeAsked(state, action: PayloadAction<ScopeQuestion | null>) {
      state.scopeQuestion = action.payload;
    },
  },
  extraReducers: (builder) =>
    builder
      .addCase(occurrenceDragStarted, (state, action) => {
        state.occurrenceDrag = { occurrence: action.payload, over: action.payload.date };
      })
      .addCase(occurrenceDraggedOver, (state, action) => {
        if (state.occurrenceDrag) state.occurrenceDrag.over = action.payload.date;
      })
      .addCase(occurrenceDragEnded, (state) => {
        state.occurrenceDrag = null;
      }),
  selectors: {
    selectAnchor: (state) => state.anchor,
    selectSelectedColumn: (state) => state.selectedColumn,
    selectDetails: (state) => state.details,
    selectScopeQuestion: (state) => state.scopeQuestion,
    selectOccurrenceDrag: (state) => state.occurrenceDrag,
  },
});

export const {
  previousWeekShown,
  nextWeekShown,
  todayShown,
  weekShown,
  columnToggled,
  detailsShown,
  scopeAsked,
} = plannerSlice.actions;
export { occurrenceDragStarted, occurrenceDraggedOver, occurrenceDragEnded };
export const { selectAnchor, selectSelectedColumn, selectDetails, selectScopeQuestion, selectOccurrenceDrag } = plannerSlice.selectors;
export const plannerReducer = plannerSlice.reducer;

export const selectWeekDayKeys = createSelector([selectAnchor], weekDayKeys);
export const selectWeekTitle = createSelector([selectAnchor], weekTitle);
