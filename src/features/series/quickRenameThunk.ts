import type { AppThunk } from '../../app/store';
import { notify } from '../../lib/notify';
import { historyGroupEnded, historyGroupStarted } from '../history/historySlice';
import { markFresh } from '../tasks/freshTasks';
import { taskDeleted, taskLabelsSet, taskMovedToEnd, taskRenamed, taskRestored } from '../tasks/events';
import { placedTask } from '../tasks/taskList';
import { MAY_HOLD_PHRASE } from './quickAddPlain';
import { loadSeries } from './seriesHost';

// A card's inline rename. The first rename of a task just made by the floating '+' (tasks/freshTasks.ts) reads
// what was typed as a day's add box does (quickAddThunk.ts): 'Pack for the trip #travel' is 'Pack for the trip'
// labelled travel, 'Call mum tomorrow' moves it to tomorrow, 'Standup every weekday' turns it into a series. That
// rename is one undo step (the task as '+' made it comes back; the add before it is its own step). Every other
// rename sets the title as typed. Loaded on demand (tasks/freshTasks.ts's cardRenamed), off the first load.

const dayWords = (date: string) =>
  date === 'someday' ? 'Some Day' : new Date(`${date}T12:00:00`).toLocaleDateString('en-GB', { weekday: 'short', day: 'numeric', month: 'short' });

export const freshRenamed =
  (id: string, typed: string): AppThunk<Promise<void>> =>
  async (dispatch, getState) => {
    let text = typed;
    let labels: string[] = [];
    const refused = (error: string) => {
      // Nothing changes: the task still reads 'New task', and its next rename reads phrases again.
      markFresh(id);
      notify.error(error);
    };
    if (typed.includes('#')) {
      const { labelsFromText } = await import('../catalog/quickLabels');
      const read = await labelsFromText(typed, getState().catalog, dispatch);
      if ('error' in read) return refused(read.error);
      ({ text, labels } = read);
    }
    const parsed = MAY_HOLD_PHRASE.test(text) ? (await import('./quickAdd')).parseQuickAdd(text, new Date()) : ({ kind: 'plain' } as const);
    if (parsed.kind === 'refused') return refused(parsed.error);
    const task = placedTask(getState().tasks, id);
    // Deleted meanwhile (another tab, a device): a rename of a task that is gone does nothing.
    if (!task) return;
    const series = parsed.kind === 'repeat' ? await loadSeries() : null;
    const title = parsed.kind === 'plain' ? text : parsed.title;
    const withLabels = [...new Set([...(task.labels ?? []), ...labels])];
    dispatch(historyGroupStarted());
    let message: string | null = null;
    let undo: () => void = () => undefined;
    try {
      if (parsed.kind === 'repeat' && series) {
        // The task becomes the series, as the details' repeat picker makes one: its notes, items and labels with it.
        const items = task.checklist?.map(({ id: itemId, text: itemText }) => ({ id: itemId, text: itemText }));
        const template = { title, notes: task.notes ?? '', ...(items?.length ? { checklist: items } : {}), ...(withLabels.length ? { labels: withLabels } : {}) };
        const created = dispatch(series.seriesCreated({ template, firstDate: parsed.firstDate, repeat: parsed.repeat }));
        dispatch(taskDeleted({ id }));
        message = `Added “${title}”: ${series.describeRepeat(parsed.repeat, parsed.firstDate)}`;
        undo = () => {
          dispatch(series.seriesDeleted({ id: created.payload.series.id }));
          dispatch(taskRestored({ task: { ...task, title: typed } }));
        };
      } else {
        if (title !== task.title) dispatch(taskRenamed({ id, title }));
        if (labels.length > 0) dispatch(taskLabelsSet({ id, labels: withLabels }));
        if (parsed.kind === 'date' && parsed.date !== task.date) {
          dispatch(taskMovedToEnd({ id, toDate: parsed.date }));
          message = `Moved “${title}” to ${dayWords(parsed.date)}`;
          undo = () => {
            dispatch(taskMovedToEnd({ id, toDate: task.date }));
            dispatch(taskRenamed({ id, title: typed }));
            dispatch(taskLabelsSet({ id, labels: task.labels ?? [] }));
          };
        }
      }
    } finally {
      dispatch(historyGroupEnded());
    }
    // As after an add box: Undo on the toast keeps what was typed, word for word, as the title, where '+' put it.
    if (message) {
      notify.withAction(message, {
        label: 'Undo',
        onClick: () => {
          dispatch(historyGroupStarted());
          undo();
          dispatch(historyGroupEnded());
        },
      });
    }
  };
