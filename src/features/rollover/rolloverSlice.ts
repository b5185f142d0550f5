import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** This device's choice, 'on' when chosen; off (the default) when absent. */
export const ROLLOVER_KEY = 'weekly-planner-rollover';

export interface RolloverState {
  /** Move unfinished tasks dated before today to the end of today, at load and when the day changes. */
  enabled: boolean;
}

export function readRolloverSetting(storage: Storage | undefined): RolloverState {
  try {
    return { enabled: storage?.getItem(ROLLOVER_KEY) === 'on' };
  } catch {
    return { enabled: false }; // unreadable storage: the default
  }
}

const rolloverSlice = createSlice({
  name: 'rollover',
  initialState: { enabled: false } as RolloverState,
  reducers: {
    rolloverSet(state, action: PayloadAction<boolean>) {
      state.enabled = action.payload === true;
    },
  },
});

export const { rolloverSet } = rolloverSlice.actions;
export const rolloverReducer = rolloverSlice.reducer;
export const selectRolloverEnabled = (state: { rollover: RolloverState }) => state.rollover.enabled;
