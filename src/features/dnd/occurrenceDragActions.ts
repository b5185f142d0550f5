import { createAction } from '@reduxjs/toolkit';
import type { ShownOccurrence } from '../series/weekOccurrences';
import type { TaskDate } from '../tasks/types';

// A drag of an occurrence, shown live (planner/plannerSlice.ts keeps it): local, never an event of the log. Kept here,
// apart from the planner's slice, so the drag code imports no planner module (see taskSource.ts).

export const occurrenceDragStarted = createAction<ShownOccurrence>('planner/occurrenceDragStarted');
export const occurrenceDraggedOver = createAction<{ date: TaskDate }>('planner/occurrenceDraggedOver');
export const occurrenceDragEnded = createAction('planner/occurrenceDragEnded');
