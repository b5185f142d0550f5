import { createEntityAdapter, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { addItem, CHECKLIST_MAX_ITEMS, deleteItem, moveItem, newChecklistItemId, readTemplateItems, setItemText, type TemplateItem } from '../tasks/checklist';
import { labelsField, SOMEDAY } from '../tasks/types';
import { isDayKey, localDayKey } from './days';
import { parseRule } from './rule';
import { occurrenceKey, type OccurrenceException, type Repeat, type Series, type SeriesTemplate } from './types';

// Series and what people did to their occurrences, as events. Like the task log: ids and timestamps are made
// in `prepare`, every event sets (never toggles), an event about a series that is gone does nothing, so any
// device replaying the same log reaches the same state, and an event replayed twice changes nothing more.

export const seriesAdapter = createEntityAdapter<Series>();
export const exceptionsAdapter = createEntityAdapter<OccurrenceException>();

export interface SeriesState {
  series: ReturnType<typeof seriesAdapter.getInitialState>;
  exceptions: ReturnType<typeof exceptionsAdapter.getInitialState>;
}

export const initialSeriesState: SeriesState = { series: seriesAdapter.getInitialState(), exceptions: exceptionsAdapter.getInitialState() };

export const newSeriesId = (now: number): string => `series-${now}-${Math.random().toString(36).slice(2, 11)}`;

/** The occurrence an event is about: the series and the day its rule gave it. */
export interface OccurrenceRef {
  seriesId: string;
  originalDate: string;
}

export type SeriesDraft = Omit<Series, 'id' | 'createdAt'>;

/** A repeat the reducer can hold (validation, with its messages, comes before: validate.ts). */
export function isUsableRepeat(repeat: Repeat): boolean {
  if (repeat.kind === 'afterCompletion') return Number.isInteger(repeat.days) && repeat.days >= 1 && repeat.days <= 3660;
  return repeat.kind === 'rule' && parseRule(repeat.rule).ok;
}

const isUsableSeries = (series: Series): boolean =>
  isDayKey(series.firstDate) && (series.lastDate === undefined || isDayKey(series.lastDate)) && isUsableRepeat(series.repeat);
const isPlace = (to: string) => to === SOMEDAY || isDayKey(to);

type Draft = SeriesState;

/** Edits the exception of an occurrence of a series that exists (creating it), and drops it when nothing is left in it. */
function editException(state: Draft, ref: OccurrenceRef, edit: (exception: OccurrenceException) => void): void {
  const series = state.series.entities[ref.seriesId];
  if (!series || !isDayKey(ref.originalDate) || ref.originalDate < series.firstDate) return;
  const id = occurrenceKey(ref.seriesId, ref.originalDate);
  const exception = state.exceptions.entities[id] ?? { id, seriesId: ref.seriesId, originalDate: ref.originalDate };
  edit(exception);
  const { id: _id, seriesId: _series, originalDate: _original, ...fields } = exception;
  const empty = Object.values(fields).every((value) => value === undefined);
  if (empty) exceptionsAdapter.removeOne(state.exceptions, id);
  else exceptionsAdapter.setOne(state.exceptions, { ...exception });
}

/** Sets an optional field, removing it when it holds its default. */
function setField<K extends keyof OccurrenceException>(exception: OccurrenceException, key: K, value: OccurrenceException[K] | undefined): void {
  if (value === undefined) delete exception[key];
  else exception[key] = value;
}

/** A series' template checklist changed by `change` (null: unchanged); a series that is gone changes nothing. */
function editTemplateItems(state: Draft, id: string, change: (items: readonly TemplateItem[] | undefined) => readonly TemplateItem[] | null): void {
  const series = state.series.entities[id];
  if (!series) return;
  const next = change(series.template.checklist);
  if (!next) return;
  if (next.length > 0) series.template.checklist = next.map((item) => ({ id: item.id, text: item.text }));
  else delete series.template.checklist;
}

/**
 * A series as the reducer keeps it: its template's checklist read as checklist.ts reads one (caps and all), its
 * labels as a task's are (ids, each once, at most MAX_TASK_LABELS).
 */
function keptSeries(series: Series): Series {
  if (series.template.checklist === undefined && series.template.labels === undefined) return series;
  const checklist = readTemplateItems(series.template.checklist);
  const { checklist: _given, labels: _labels, ...template } = series.template;
  return { ...series, template: { ...template, ...(checklist ? { checklist } : {}), ...labelsField(series.template.labels) } };
}

const seriesSlice = createSlice({
  name: 'series',
  initialState: initialSeriesState,
  reducers: {
    seriesCreated: {
      reducer(state, { payload }: PayloadAction<{ series: Series }>) {
        if (isUsableSeries(payload.series) && !state.series.entities[payload.series.id]) seriesAdapter.addOne(state.series, keptSeries(payload.series));
      },
      prepare: (draft: SeriesDraft, now: number = Date.now()) => ({ payload: { series: { ...draft, id: newSeriesId(now), createdAt: now } } }),
    },
    /** 'All': the template (and rule) of every occurrence that has not been given its own; completed ones keep theirs. */
    seriesTemplateChanged(state, { payload }: PayloadAction<{ id: string; template?: Partial<SeriesTemplate>; repeat?: Repeat }>) {
      const series = state.series.entities[payload.id];
      if (!series || (payload.repeat && !isUsableRepeat(payload.repeat))) return;
      const before = series.template;
      // Completed occurrences are history: they keep the title and notes they were done with.
      for (const exception of Object.values(state.exceptions.entities)) {
        if (exception.seriesId !== payload.id || !exception.completed) continue;
        if (payload.template?.title !== undefined && exception.title === undefined) exception.title = before.title;
        if (payload.template?.notes !== undefined && exception.notes === undefined) exception.notes = before.notes;
      }
      // Title and notes only: the checklist changes by its own events, item by item.
      const { title, notes } = payload.template ?? {};
      series.template = { ...before, ...(title !== undefined ? { title } : {}), ...(notes !== undefined ? { notes } : {}) };
      if (payload.repeat) series.repeat = payload.repeat;
    },
    /** 'Stop repeating' (lastDate: a day) and its undo (null): nothing after that day; earlier occurrences stay as they are. */
    seriesEndSet(state, { payload }: PayloadAction<{ id: string; lastDate: string | null }>) {
      const series = state.series.entities[payload.id];
      if (!series || (payload.lastDate !== null && !isDayKey(payload.lastDate))) return;
      if (payload.lastDate === null) delete series.lastDate;
      else series.lastDate = payload.lastDate;
    },
    /** 'This and following': the old series ends the day before `from`, the new one (made in prepare) starts there. */
    seriesSplit: {
      reducer(state, { payload }: PayloadAction<{ id: string; lastDate: string; next: Series }>) {
        const series = state.series.entities[payload.id];
        if (!series || !isDayKey(payload.lastDate) || !isUsableSeries(payload.next) || state.series.entities[payload.next.id]) return;
        series.lastDate = payload.lastDate;
        seriesAdapter.addOne(state.series, keptSeries(payload.next));
        // What was done to occurrences from `from` on (moved, completed ahead) goes with them to the new series.
        for (const exception of Object.values(state.exceptions.entities)) {
          if (exception.seriesId !== payload.id || exception.originalDate <= payload.lastDate || exception.originalDate < payload.next.firstDate) continue;
          exceptionsAdapter.removeOne(state.exceptions, exception.id);
          const id = occurrenceKey(payload.next.id, exception.originalDate);
          exceptionsAdapter.setOne(state.exceptions, { ...exception, id, seriesId: payload.next.id });
        }
      },
      prepare: (id: string, lastDate: string, next: SeriesDraft, now: number = Date.now()) => ({
        payload: { id, lastDate, next: { ...next, id: newSeriesId(now), createdAt: now } },
      }),
    },
    /** 'All' on delete: the series and everything done to its occurrences. */
    seriesDeleted(state, { payload }: PayloadAction<{ id: string }>) {
      seriesAdapter.removeOne(state.series, payload.id);
      exceptionsAdapter.removeMany(state.exceptions, Object.values(state.exceptions.entities).filter((e) => e.seriesId === payload.id).map((e) => e.id));
    },
    /** Undo of a delete: the series and its exceptions exactly as they were. */
    seriesRestored(state, { payload }: PayloadAction<{ series: Series; exceptions: OccurrenceException[] }>) {
      if (!isUsableSeries(payload.series)) return;
      seriesAdapter.setOne(state.series, keptSeries(payload.series));
      for (const exception of payload.exceptions) {
        if (exception.seriesId === payload.series.id && exception.id === occurrenceKey(exception.seriesId, exception.originalDate)) {
          exceptionsAdapter.setOne(state.exceptions, exception);
        }
      }
    },
    occurrenceCompletionSet: {
      reducer(state, { payload }: PayloadAction<OccurrenceRef & { completed: boolean; on: string }>) {
        editException(state, payload, (exception) => {
          setField(exception, 'completed', payload.completed || undefined);
          setField(exception, 'completedOn', payload.completed && isDayKey(payload.on) ? payload.on : undefined);
        });
      },
      /** `on`: the day it was done (today, made here, outside the reducer). */
      prepare: (ref: OccurrenceRef, completed: boolean, on: string = localDayKey(new Date())) => ({ payload: { ...ref, completed, on } }),
    },
    /** 'This task': its own title or notes; null gives it the series' again. */
    occurrenceEdited(state, { payload }: PayloadAction<OccurrenceRef & { title?: string | null; notes?: string | null }>) {
      editException(state, payload, (exception) => {
        if (payload.title !== undefined) setField(exception, 'title', payload.title ?? undefined);
        if (payload.notes !== undefined) setField(exception, 'notes', payload.notes ?? undefined);
      });
    },
    /** To a day, another week or Some Day; back to its own day clears the move. */
    occurrenceMoved(state, { payload }: PayloadAction<OccurrenceRef & { to: string }>) {
      if (!isPlace(payload.to)) return;
      editException(state, payload, (exception) => setField(exception, 'movedTo', payload.to === payload.originalDate ? undefined : payload.to));
    },
    /** Checklist items of the template (every occurrence's list): keyed by item id, like a task's (tasks/events.ts). */
    seriesChecklistItemAdded: {
      reducer(state, { payload }: PayloadAction<{ id: string; item: TemplateItem; index?: number }>) {
        const { item } = payload;
        if (item && typeof item === 'object') editTemplateItems(state, payload.id, (items) => addItem(items, { id: item.id, text: item.text }, payload.index));
      },
      prepare: (id: string, text: string, index?: number) => ({ payload: { id, item: { id: newChecklistItemId(), text }, ...(index === undefined ? {} : { index }) } }),
    },
    seriesChecklistItemTextSet(state, { payload }: PayloadAction<{ id: string; itemId: string; text: string }>) {
      editTemplateItems(state, payload.id, (items) => setItemText(items, payload.itemId, payload.text));
    },
    seriesChecklistItemMoved(state, { payload }: PayloadAction<{ id: string; itemId: string; toIndex: number }>) {
      editTemplateItems(state, payload.id, (items) => moveItem(items, payload.itemId, payload.toIndex));
    },
    /** The item goes from every occurrence; ticks of it stay in exceptions, unseen, and harm nothing. */
    seriesChecklistItemDeleted(state, { payload }: PayloadAction<{ id: string; itemId: string }>) {
      editTemplateItems(state, payload.id, (items) => deleteItem(items, payload.itemId));
    },
    /**
     * The series' labels as they now are, on every occurrence (ids of catalog labels; [] clears them): a set, never a
     * toggle, as a task's taskLabelsSet. Series-wide only: a label says what the routine is, not what one day of it is.
     */
    seriesLabelsSet(state, { payload }: PayloadAction<{ id: string; labels: string[] }>) {
      const series = state.series.entities[payload.id];
      if (!series || !Array.isArray(payload.labels)) return;
      const { labels } = labelsField(payload.labels);
      if (labels) series.template.labels = labels;
      else delete series.template.labels;
    },
    /** One occurrence's tick (set, not toggled): the other occurrences keep theirs. */
    occurrenceChecklistItemDoneSet(state, { payload }: PayloadAction<OccurrenceRef & { itemId: string; done: boolean }>) {
      if (typeof payload.itemId !== 'string' || !payload.itemId) return;
      editException(state, payload, (exception) => {
        const checked = (exception.checked ?? []).filter((id) => id !== payload.itemId);
        if (payload.done === true && checked.length < CHECKLIST_MAX_ITEMS) checked.push(payload.itemId);
        setField(exception, 'checked', checked.length > 0 ? checked : undefined);
      });
    },
    occurrenceSkipped(state, { payload }: PayloadAction<OccurrenceRef & { skipped: boolean }>) {
      editException(state, payload, (exception) => setField(exception, 'skipped', payload.skipped || undefined));
    },
    /**
     * 'Move unfinished tasks to today' for series (see rollover.ts): moves each named occurrence still unfinished,
     * not skipped and standing on a day before `to`; a second device or a replay finds nothing left to move.
     */
    occurrencesRolledOver(state, { payload }: PayloadAction<{ items: OccurrenceRef[]; to: string }>) {
      if (!isDayKey(payload.to)) return;
      for (const ref of payload.items) {
        const exception = state.exceptions.entities[occurrenceKey(ref.seriesId, ref.originalDate)];
        const at = exception?.movedTo ?? ref.originalDate;
        if (exception?.completed || exception?.skipped || !isDayKey(at) || at >= payload.to) continue;
        editException(state, ref, (edited) => setField(edited, 'movedTo', payload.to));
      }
    },
  },
});

export const {
  seriesCreated,
  seriesTemplateChanged,
  seriesEndSet,
  seriesSplit,
  seriesDeleted,
  seriesRestored,
  occurrenceCompletionSet,
  occurrenceEdited,
  occurrenceMoved,
  occurrenceSkipped,
  occurrencesRolledOver,
  seriesChecklistItemAdded,
  seriesChecklistItemTextSet,
  seriesChecklistItemMoved,
  seriesChecklistItemDeleted,
  occurrenceChecklistItemDoneSet,
  seriesLabelsSet,
} = seriesSlice.actions;

export const seriesReducer = seriesSlice.reducer;

export type SeriesEvent = ReturnType<(typeof seriesSlice.actions)[keyof typeof seriesSlice.actions]>;
export const SERIES_EVENT_TYPES: readonly string[] = Object.values(seriesSlice.actions).map((action) => action.type);
