import { createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { syncStarted, syncStopped } from '../sync/syncState';
import { tasksReplaced } from '../tasks/events';
import type { SeriesState } from '../series/seriesSlice';
import type { TasksState, Task } from '../tasks/types';

// This device's undo and redo stacks: in memory only (not persisted, not synced). A step records
// each task it touched as it was before and after; undo and redo dispatch new task events computed
// from them (steps.ts), so the log only ever grows and an undo syncs like any edit.

export interface StepEntry {
  id: string;
  before: Task | null;
  after: Task | null;
}

export interface HistoryStep {
  id: string;
  entries: StepEntry[];
  /** The series as they were before and after the step, when it changed them (undone by series/inverse.ts). */
  series?: { before: SeriesState; after: SeriesState };
}

export interface HistoryState {
  undo: HistoryStep[];
  redo: HistoryStep[];
  /** The group being recorded (see historyGroupStarted), if any. */
  group: OpenGroup | null;
  /** Set while undo or redo dispatches its events, which are not new steps. */
  replaying: boolean;
  /** How many steps this device has recorded: names the next one (kept when the stacks are cleared). */
  recorded: number;
}

/** Groups nest; the step is recorded when the outermost one ends. */
export interface OpenGroup {
  depth: number;
  /** The list when the group began: a task's place before the group, not after its earlier events. */
  base: TasksState;
  /** Each task the group's events named, as it was when the group began, in the order first named. */
  entries: Array<{ id: string; before: Task | null }>;
  /** The series when the group began. */
  seriesBase?: SeriesState;
}

/** Steps kept for undo; the oldest go first. */
export const HISTORY_LIMIT = 100;

const initialState: HistoryState = { undo: [], redo: [], group: null, replaying: false, recorded: 0 };

/** What the keys, the header buttons and a toast's 'Undo' ask for; the history listener does it. */
export const undoRequested = createAction('history/undoRequested', (stepId?: string) => ({ payload: { stepId } }));
export const redoRequested = createAction('history/redoRequested');
/** Events dispatched between these two are one step (an import, a rollover). */
export const historyGroupStarted = createAction('history/groupStarted');
export const historyGroupEnded = createAction('history/groupEnded');
/** Undo and redo dispatch their events between these two. */
export const historyReplayStarted = createAction('history/replayStarted');
export const historyReplayEnded = createAction('history/replayEnded');

const historySlice = createSlice({
  name: 'history',
  initialState,
  reducers: {
    /** The step was undone (usually the newest; a toast may undo an older one): it can be redone. */
    stepUndone(state, action: PayloadAction<{ id: string }>) {
      const index = state.undo.findIndex((step) => step.id === action.payload.id);
      if (index < 0) return;
      state.redo.push(...state.undo.splice(index, 1));
    },
    stepRedone(state, action: PayloadAction<{ id: string }>) {
      const index = state.redo.findIndex((step) => step.id === action.payload.id);
      if (index < 0) return;
      state.undo.push(...state.redo.splice(index, 1));
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(historyReplayStarted, (state) => {
        state.replaying = true;
      })
      .addCase(historyReplayEnded, (state) => {
        state.replaying = false;
      })
      // Another account's list (or none): this device's steps were about tasks that are not shown now.
      .addMatcher(
        (action) => syncStarted.match(action) || syncStopped.match(action) || tasksReplaced.match(action),
        (state) => {
          state.undo = [];
          state.redo = [];
        },
      );
  },
});

export const { stepUndone, stepRedone } = historySlice.actions;

/** The slice's reducer; the steps themselves are recorded around the root reducer (withHistory in recordSteps.ts). */
export const historyReducer = historySlice.reducer;

export const selectCanUndo = (state: { history: HistoryState }) => state.history.undo.length > 0;
export const selectCanRedo = (state: { history: HistoryState }) => state.history.redo.length > 0;
