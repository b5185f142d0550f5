import type { AppThunk } from '../../app/store';
import { notify } from '../../lib/notify';
import { historyGroupEnded, historyGroupStarted } from '../history/historySlice';
import { taskAdded, taskDeleted } from '../tasks/events';
import { SOMEDAY, type TaskDate } from '../tasks/types';
import { loadSeries } from './seriesHost';

// Typed phrases in an add box (issue 30.2): 'Water plants every monday' makes a series, 'Call mum tomorrow' a
// task on that day, 'Read someday' one on Some Day. The parser (chrono-node and rrule, ~31 KB gzip) is loaded
// only for a text that may hold such a phrase; any other title is added at once, as before.

/** A word a trailing phrase could hold (a day, 'every', 'next', …): only then is the text read by the parser. */
const MAY_HOLD_PHRASE =
  /\b(every|today|tomorrow|someday|week|on|in|(mon|tues?|wed(nes)?|thu(rs)?|fri|sat(ur)?|sun)(day)?s?|jan(uary)?|feb(ruary)?|mar(ch)?|apr(il)?|may|june?|july?|aug(ust)?|sep(t(ember)?)?|oct(ober)?|nov(ember)?|dec(ember)?)\b/i;

const dayWords = (date: string) => {
  if (date === SOMEDAY) return 'Some Day';
  const [year, month, day] = date.split('-').map(Number);
  return new Date(year!, month! - 1, day!).toLocaleDateString('en-GB', { weekday: 'short', day: 'numeric', month: 'short' });
};

/** Adds what was typed in the add box of `date`. Resolves once it is added (or refused). */
export const quickAdded =
  (text: string, date: TaskDate): AppThunk<Promise<void>> =>
  async (dispatch) => {
    if (!MAY_HOLD_PHRASE.test(text)) {
      dispatch(taskAdded(text, date));
      return;
    }
    const [{ parseQuickAdd }, series] = await Promise.all([import('./quickAdd'), loadSeries()]);
    const typed = parseQuickAdd(text, new Date());
    if (typed.kind === 'plain') {
      dispatch(taskAdded(text, date));
      return;
    }
    if (typed.kind === 'refused') {
      notify.error(typed.error);
      return;
    }
    // Undo (on the toast) gives back what was typed, word for word, as a plain task on the day it was typed in.
    let undo: () => void;
    let message: string;
    if (typed.kind === 'date') {
      const added = dispatch(taskAdded(typed.title, typed.date));
      undo = () => dispatch(taskDeleted({ id: added.payload.id }));
      message = `Added “${typed.title}” to ${dayWords(typed.date)}`;
    } else {
      const created = dispatch(series.seriesCreated({ template: { title: typed.title, notes: '' }, firstDate: typed.firstDate, repeat: typed.repeat }));
      undo = () => dispatch(series.seriesDeleted({ id: created.payload.series.id }));
      message = `Added “${typed.title}”: ${series.describeRepeat(typed.repeat, typed.firstDate)}`;
    }
    notify.withAction(message, {
      label: 'Undo',
      onClick: () => {
        dispatch(historyGroupStarted());
        undo();
        dispatch(taskAdded(text, date));
        dispatch(historyGroupEnded());
      },
    });
  };
