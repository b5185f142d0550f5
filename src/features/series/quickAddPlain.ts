import type { AppThunk } from '../../app/store';
import { historyGroupEnded, historyGroupStarted } from '../history/historySlice';
import { taskAdded } from '../tasks/events';
import type { TaskDate } from '../tasks/types';

// What the first load holds of quick-add: a plain title is added at once, as before. A text that may hold a phrase
// or a '#label' is read by quickAddThunk.ts, fetched then with what it loads in turn (the parser and the series
// code, or the catalog's labels).

/** A word a trailing phrase could hold (a day, 'every', 'next', …): only then is the text read by the parser. */
export const MAY_HOLD_PHRASE =
  /\b(every|today|tomorrow|someday|week|on|in|(mon|tues?|wed(nes)?|thu(rs)?|fri|sat(ur)?|sun)(day)?s?|jan(uary)?|feb(ruary)?|mar(ch)?|apr(il)?|may|june?|july?|aug(ust)?|sep(t(ember)?)?|oct(ober)?|nov(ember)?|dec(ember)?)\b/i;

/** Adds what was typed in the add box of `date`. Resolves once it is added (or refused). */
export const quickAdded =
  (typed: string, date: TaskDate): AppThunk<Promise<void>> =>
  async (dispatch) => {
    if (typed.includes('#') || MAY_HOLD_PHRASE.test(typed)) {
      const { quickAdded: read } = await import('./quickAddThunk');
      return dispatch(read(typed, date));
    }
    // As quickAddThunk.ts adds a task: one undo step.
    dispatch(historyGroupStarted());
    dispatch(taskAdded(typed, date));
    dispatch(historyGroupEnded());
  };
