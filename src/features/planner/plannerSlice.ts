import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { shiftWeek, toDayKey, weekDayKeys, weekTitle } from './week';
import { createSelector } from '@reduxjs/toolkit';

export interface PlannerState {
  /** Any day of the displayed week (yyyy-MM-dd). */
  anchor: string;
  /** The column the user last clicked, if still selected. */
  selectedColumn: string | null;
}

const initialState = (): PlannerState => ({ anchor: toDayKey(new Date()), selectedColumn: null });

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
  },
  selectors: {
    selectAnchor: (state) => state.anchor,
    selectSelectedColumn: (state) => state.selectedColumn,
  },
});

export const { previousWeekShown, nextWeekShown, todayShown, weekShown, columnToggled } = plannerSlice.actions;
export const { selectAnchor, selectSelectedColumn } = plannerSlice.selectors;
export const plannerReducer = plannerSlice.reducer;

export const selectWeekDayKeys = createSelector([selectAnchor], weekDayKeys);
export const selectWeekTitle = createSelector([selectAnchor], weekTitle);
