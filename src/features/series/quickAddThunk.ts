import type { UnknownAction } from '@reduxjs/toolkit';
import type { AppThunk } from '../../app/store';
import { notify } from '../../lib/notify';
import { historyGroupEnded, historyGroupStarted } from '../history/historySlice';
import { taskAdded, taskDeleted, taskLabelsSet } from '../tasks/events';
import { SOMEDAY, type TaskDate } from '../tasks/types';
import { MAY_HOLD_PHRASE } from './quickAddPlain';
import { loadSeries } from './seriesHost';

// Typed phrases in an add box (issue 30.2): 'Water plants every monday' makes a series, 'Call mum tomorrow' a
// task on that day, 'Read someday' one on Some Day. The parser (chrono-node and rrule, ~31 KB gzip) is loaded
// only for a text that may hold such a phrase; any other title is added at once, as before.

const dayWords = (date: string) => {
  if (date === SOMEDAY) return 'Some Day';
  const [year, month, day] = date.split('-').map(Number);
  return new Date(year!, month! - 1, day!).toLocaleDateString('en-GB', { weekday: 'short', day: 'numeric', month: 'short' });
};

/** A task and its labels as one undo step. */
function grouped<T>(dispatch: (action: UnknownAction) => unknown, make: () => T): T {
  dispatch(historyGroupStarted());
  try {
    return make();
  } finally {
    dispatch(historyGroupEnded());
  }
}

/** Adds what was typed in the add box of `date`. Resolves once it is added (or refused). */
export const quickAdded =
  (typed: string, date: TaskDate): AppThunk<Promise<void>> =>
  async (dispatch, getState) => {
    let text = typed;
    let labels: string[] = [];
    // '#name' labels the task, making the label when it is new (catalog/quickLabels.ts, loaded only for a '#').
    if (typed.includes('#')) {
      const { labelsFromText } = await import('../catalog/quickLabels');
      const read = await labelsFromText(typed, getState().catalog, dispatch);
      if ('error' in read) {
        notify.error(read.error);
        return;
      }
      ({ text, labels } = read);
    }
    const add = (title: string, day: TaskDate) => {
      const added = dispatch(taskAdded(title, day));
      if (labels.length > 0) dispatch(taskLabelsSet({ id: added.payload.id, labels }));
      return added;
    };
    if (!MAY_HOLD_PHRASE.test(text)) {
      grouped(dispatch, () => add(text, date));
      return;
    }
    const [{ parseQuickAdd }, series] = await Promise.all([import('./quickAdd'), loadSeries()]);
    const parsed = parseQuickAdd(text, new Date());
    if (parsed.kind === 'plain') {
      grouped(dispatch, () => add(text, date));
      return;
    }
    if (parsed.kind === 'refused') {
      notify.error(parsed.error);
      return;
    }
    // Undo (on the toast) gives back what was typed, word for word, as a plain task on the day it was typed in.
    let undo: () => void;
    let message: string;
    if (parsed.kind === 'date') {
      const added = grouped(dispatch, () => add(parsed.title, parsed.date));
      undo = () => dispatch(taskDeleted({ id: added.payload.id }));
      message = `Added “${parsed.title}” to ${dayWords(parsed.date)}`;
    } else {
      // '#name' with a repeat labels the series: every occurrence carries the labels.
      const template = { title: parsed.title, notes: '', ...(labels.length > 0 ? { labels } : {}) };
      const created = dispatch(series.seriesCreated({ template, firstDate: parsed.firstDate, repeat: parsed.repeat }));
      undo = () => dispatch(series.seriesDeleted({ id: created.payload.series.id }));
      message = `Added “${parsed.title}”: ${series.describeRepeat(parsed.repeat, parsed.firstDate)}`;
    }
    notify.withAction(message, {
      label: 'Undo',
      onClick: () => {
        dispatch(historyGroupStarted());
        undo();
        dispatch(taskAdded(typed, date));
        dispatch(historyGroupEnded());
      },
    });
  };
