import type { AppListenerApi, AppStartListening } from '../../app/listenerMiddleware';
import { notify } from '../../lib/notify';
import { loadedSeries } from '../series/seriesHost';
import { historyReplayEnded, historyReplayStarted, redoRequested, stepRedone, stepUndone, undoRequested, type HistoryStep } from './historySlice';
import { stepJustRecorded } from './recordSteps';
import { eventsToward } from './steps';

/**
 * Answers undo and redo with new events, and offers to undo a deletion. The steps themselves are recorded
 * as the events are reduced (withHistory in recordSteps.ts).
 */
export function addHistoryListeners(startAppListening: AppStartListening) {
  // Only a step that deleted one task matches: an edit's click pays for no listener.
  const stopOffer = startAppListening({
    predicate: (_action, current, previous) => {
      const only = stepJustRecorded(current, previous)?.entries;
      return only?.length === 1 && !!only[0]!.before && !only[0]!.after;
    },
    effect: (_action, api) => {
      const step = api.getState().history.undo.at(-1);
      const deleted = step?.entries[0]?.before;
      if (!step || !deleted) return;
      notify.withAction(`Deleted “${deleted.title}”`, { label: 'Undo', onClick: () => api.dispatch(undoRequested(step.id)) });
    },
  });

  const apply = (api: AppListenerApi, step: HistoryStep, side: 'before' | 'after') => {
    api.dispatch(historyReplayStarted());
    try {
      for (const event of eventsToward(step, side)) api.dispatch(event);
      // A step with series was recorded after their code arrived, so it is here.
      const series = step.series && loadedSeries();
      if (step.series && series) {
        const other = side === 'before' ? 'after' : 'before';
        for (const event of series.seriesEventsToward(step.series[other], step.series[side])) api.dispatch(event);
      }
    } finally {
      api.dispatch(historyReplayEnded());
    }
  };

  const stopUndo = startAppListening({
    actionCreator: undoRequested,
    effect: ({ payload }, api) => {
      const { undo } = api.getState().history;
      const step = payload.stepId ? undo.find((candidate) => candidate.id === payload.stepId) : undo.at(-1);
      if (!step) return;
      apply(api, step, 'before');
      api.dispatch(stepUndone({ id: step.id }));
    },
  });

  const stopRedo = startAppListening({
    actionCreator: redoRequested,
    effect: (_action, api) => {
      const step = api.getState().history.redo.at(-1);
      if (!step) return;
      apply(api, step, 'after');
      api.dispatch(stepRedone({ id: step.id }));
    },
  });

  return () => {
    stopOffer();
    stopUndo();
    stopRedo();
  };
}
