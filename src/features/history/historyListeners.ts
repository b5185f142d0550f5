import type { AppListenerApi, AppStartListening } from '../../app/listenerMiddleware';
import { notify } from '../../lib/notify';
import { isTaskEvent, taskIn, type TasksState } from '../tasks/tasksSlice';
import type { Task } from '../tasks/types';
import {
  historyGroupEnded,
  historyGroupStarted,
  redoRequested,
  stepRecorded,
  stepRedone,
  stepUndone,
  undoRequested,
  type HistoryStep,
} from './historySlice';
import { changed, eventsToward, idsOf, taskBefore } from './steps';

/**
 * Records each task event this device's person makes as a step (a group of events as one), and
 * answers undo and redo with new events. Events from other devices never come through here: sync
 * reduces them inside its own actions, so they cannot enter this device's history.
 */
export function addHistoryListeners(startAppListening: AppStartListening) {
  // The state of each task before the step that is being recorded, by id.
  const open = new Map<string, Task | null>();
  let groups = 0;
  // The list when the open group began: a task's place before the group, not after its earlier events.
  let groupBase: TasksState | null = null;
  // Set while undo or redo dispatches its events, which must not be recorded as new steps.
  let replaying = false;

  const close = (api: AppListenerApi) => {
    const tasks = api.getState().tasks;
    const entries = [...open].map(([id, before]) => ({ id, before, after: taskIn(tasks, id, before?.date) ?? null })).filter(changed);
    open.clear();
    if (entries.length === 0) return;
    const step = api.dispatch(stepRecorded(entries)).payload;
    const only = entries.length === 1 ? entries[0]! : null;
    if (only?.before && !only.after) {
      notify.withAction(`Deleted “${only.before.title}”`, { label: 'Undo', onClick: () => api.dispatch(undoRequested(step.id)) });
    }
  };

  const stopRecording = startAppListening({
    predicate: (action) => !replaying && isTaskEvent(action),
    effect: (action, api) => {
      if (!isTaskEvent(action)) return;
      const before = groupBase ?? api.getOriginalState().tasks;
      for (const id of idsOf(action)) if (!open.has(id)) open.set(id, taskBefore(before, id));
      if (groups === 0) close(api);
    },
  });

  const stopGroups = startAppListening({
    predicate: (action) => historyGroupStarted.match(action) || historyGroupEnded.match(action),
    effect: (action, api) => {
      if (historyGroupStarted.match(action)) {
        if (groups++ === 0) groupBase = api.getState().tasks;
      } else if (groups > 0 && --groups === 0) {
        groupBase = null;
        close(api);
      }
    },
  });

  const apply = (api: AppListenerApi, step: HistoryStep, side: 'before' | 'after') => {
    replaying = true;
    try {
      for (const event of eventsToward(step, side)) api.dispatch(event);
    } finally {
      replaying = false;
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
    stopRecording();
    stopGroups();
    stopUndo();
    stopRedo();
  };
}
