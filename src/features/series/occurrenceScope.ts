import type { UnknownAction } from '@reduxjs/toolkit';
import type { AppThunk } from '../../app/store';
import { notify } from '../../lib/notify';
import { dayName } from '../dnd/announcements';
import { historyGroupEnded, historyGroupStarted, undoRequested } from '../history/historySlice';
import { detailsShown, scopeAsked } from '../planner/plannerSlice';
import type { TaskDate } from '../tasks/types';
import { changeRepeatEvents } from './repeatChange';
import { loadedSeries, loadSeries } from './seriesHost';
import type { SeriesState } from './seriesSlice';
import { occurrenceKey, type Repeat } from './types';

type RootSeriesState = { series: SeriesState };

// The one rule for changing an occurrence of a series (issue 42, docs/recurring.md): whichever way in (the card's
// delete, an inline rename, a drag by mouse, touch or keyboard, 'Move to…', the details view), the change is made
// to this occurrence alone, at once, as one undo step, and a toast says so with 'Undo' and 'Not just this one…',
// which offers the other scopes. No way in asks first: a drag or a rename is not held up by a question, and a
// person who meant more is one press away from it. Kept off the series chunk: the events come from it at run time.

/** An occurrence, by the pair that names it on every device. */
export interface OccurrenceRef {
  seriesId: string;
  originalDate: string;
}

/** What 'Not just this one…' offers after a change made to one occurrence (or, for a new repeat, from it on). */
export interface ScopeQuestion extends OccurrenceRef {
  action: 'delete' | 'edit' | 'repeat';
  /** The step that made the narrow change: undone before the wider one is made. */
  stepId: string;
  /** The occurrence's title, for the question. */
  title: string;
  /** The fields an edit changed (action 'edit', and 'repeat' with it). */
  change?: { title?: string; notes?: string };
  /** The new repeat (action 'repeat'). */
  repeat?: Repeat;
}

/** The second button of every such toast. */
export const NOT_JUST_THIS_ONE = 'Not just this one…';

const shownTitle = (state: RootSeriesState, { seriesId, originalDate }: OccurrenceRef): string | null => {
  const series = state.series.series.entities[seriesId];
  if (!series) return null;
  return state.series.exceptions.entities[occurrenceKey(seriesId, originalDate)]?.title ?? series.template.title;
};

const placeOf = (state: RootSeriesState, { seriesId, originalDate }: OccurrenceRef): TaskDate =>
  state.series.exceptions.entities[occurrenceKey(seriesId, originalDate)]?.movedTo ?? originalDate;

/**
 * Dispatches `events` as one undo step and, if they changed anything, raises the toast: `message`, 'Undo' (that
 * step) and 'Not just this one…' (`more`, given the step's id).
 */
export const changedWithToast =
  (events: UnknownAction[], message: string, more: (stepId: string) => UnknownAction): AppThunk<boolean> =>
  (dispatch, getState) => {
    const recorded = getState().history.recorded;
    dispatch(historyGroupStarted());
    for (const event of events) dispatch(event);
    dispatch(historyGroupEnded());
    const step = getState().history.undo.at(-1);
    if (!step || getState().history.recorded === recorded) return false;
    notify.withActions(message, { label: 'Undo', onClick: () => dispatch(undoRequested(step.id)) }, { label: NOT_JUST_THIS_ONE, onClick: () => dispatch(more(step.id)) });
    return true;
  };

/** Deletes (skips) this occurrence; 'Not just this one…' offers 'This and following' and 'All'. */
export const occurrenceDeletedHere =
  (ref: OccurrenceRef): AppThunk =>
  (dispatch, getState) => {
    const runtime = loadedSeries();
    const title = shownTitle(getState(), ref);
    if (!runtime || title === null) return;
    const message = `Deleted “${title}” on ${dayName(placeOf(getState(), ref))}, this one only`;
    dispatch(changedWithToast([runtime.occurrenceSkipped({ ...ref, skipped: true })], message, (stepId) => scopeAsked({ ...ref, action: 'delete', stepId, title })));
  };

/** Renames this occurrence, or changes its notes; 'Not just this one…' offers 'This and following' and 'All'. */
export const occurrenceEditedHere =
  (ref: OccurrenceRef, change: { title?: string; notes?: string }): AppThunk =>
  (dispatch, getState) => {
    const runtime = loadedSeries();
    const before = shownTitle(getState(), ref);
    if (!runtime || before === null || (change.title === undefined && change.notes === undefined)) return;
    const title = change.title ?? before;
    const what = change.title !== undefined && change.title !== before ? `Renamed “${before}” to “${title}”` : `Changed the notes of “${title}”`;
    const message = `${what} on ${dayName(placeOf(getState(), ref))}, this one only`;
    dispatch(changedWithToast([runtime.occurrenceEdited({ ...ref, ...change })], message, (stepId) => scopeAsked({ ...ref, action: 'edit', stepId, title, change })));
  };

/**
 * Moves this occurrence to a day (in any week) or Some Day. Moving more than one is changing the repeat, so
 * 'Not just this one…' opens its details, where the repeat is ('This and following' or 'All').
 */
export const occurrenceMovedHere =
  (ref: OccurrenceRef, to: TaskDate): AppThunk =>
  (dispatch, getState) => {
    const runtime = loadedSeries();
    const title = shownTitle(getState(), ref);
    if (!runtime || title === null || placeOf(getState(), ref) === to) return;
    const message = `Moved “${title}” to ${dayName(to)}, this one only`;
    dispatch(changedWithToast([runtime.occurrenceMoved({ ...ref, to })], message, () => detailsShown({ kind: 'occurrence', ...ref })));
  };

/**
 * A new repeat from the details of an occurrence: for this one and the following (one occurrence has no rule of its
 * own); 'Not just this one…' offers all of them. Returns the validator's refusal, with nothing stored.
 */
export const repeatChangedHere =
  (ref: OccurrenceRef, change: { title?: string; notes?: string }, repeat: Repeat): AppThunk<Promise<string | null>> =>
  async (dispatch, getState) => {
    const runtime = await loadSeries();
    const series = getState().series.series.entities[ref.seriesId];
    const title = change.title ?? shownTitle(getState(), ref);
    if (!series || title === null) return null;
    const result = changeRepeatEvents(runtime, series, ref.originalDate, change, repeat, 'following');
    if (!result.ok) return result.error;
    const message = `Changed the repeat of “${title}” from ${dayName(ref.originalDate)} on`;
    dispatch(changedWithToast(result.events, message, (stepId) => scopeAsked({ ...ref, action: 'repeat', stepId, title, change, repeat })));
    return null;
  };

/** The answer to 'Not just this one…': the narrow change is undone and made again for the wider scope, one step. */
export const scopeWidened =
  (question: ScopeQuestion, scope: 'following' | 'all'): AppThunk<Promise<void>> =>
  async (dispatch, getState) => {
    const runtime = await loadSeries();
    dispatch(undoRequested(question.stepId));
    const series = getState().series.series.entities[question.seriesId];
    if (!series) return;
    const { originalDate, change = {} } = question;
    let events: UnknownAction[];
    if (question.action === 'delete') events = runtime.deleteEvents(series, originalDate, scope);
    else if (question.action === 'edit') events = runtime.editEvents(series, originalDate, change, scope);
    else {
      const result = question.repeat ? changeRepeatEvents(runtime, series, originalDate, change, question.repeat, scope) : null;
      if (!result?.ok) return notify.error(result?.error ?? 'This repeat could not be changed.');
      events = result.events;
    }
    dispatch(historyGroupStarted());
    for (const event of events) dispatch(event);
    dispatch(historyGroupEnded());
  };
