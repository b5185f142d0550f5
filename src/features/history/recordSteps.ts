import type { UnknownAction } from '@reduxjs/toolkit';
import { isSeriesEvent } from '../series/seriesHost';
import type { SeriesState } from '../series/seriesSlice';
import { isTaskEvent, type TaskEvent } from '../tasks/events';
import { placedTask } from '../tasks/taskList';
import type { TasksState } from '../tasks/types';
import { HISTORY_LIMIT, historyGroupEnded, historyGroupStarted, type HistoryState, type HistoryStep, type StepEntry } from './historySlice';
import { changed, idsOf, taskBefore } from './steps';

interface WithTasksAndHistory {
  tasks: TasksState;
  history: HistoryState;
  series?: SeriesState;
}

const NO_STEPS: HistoryStep[] = Object.freeze([]) as unknown as HistoryStep[];

/**
 * Wraps the root reducer: each task event this device's person makes becomes an undo step (the events of a
 * group become one), computed from the list before and after it. Recording in the reduction itself, not in a
 * listener that dispatches the step, keeps every edit to one pass through the store: a second dispatch ran
 * every reducer, middleware and subscriber again within the click. Events from other devices never reach
 * here as task events (sync reduces them inside its own actions), and undo and redo mark theirs as replays.
 */
export function withHistory<S extends WithTasksAndHistory>(reducer: (state: S | undefined, action: UnknownAction) => S) {
  return (state: S | undefined, action: UnknownAction): S => {
    const next = reducer(state, action);
    if (!state) return next;
    const history = next.history;
    if (isTaskEvent(action)) {
      if (history.replaying) return next;
      if (history.group) return withHistoryState(next, { ...history, group: { ...history.group, entries: withNamed(history.group, action) } });
      return recorded(next, uniqueIds(action).map((id) => ({ id, before: taskBefore(state.tasks, id) })));
    }
    if (isSeriesEvent(action)) {
      // A group's series are compared as a whole when it ends (its base was taken when it began).
      if (history.replaying || history.group) return next;
      return recorded(next, [], state.series);
    }
    if (historyGroupStarted.match(action)) {
      const group = history.group ? { ...history.group, depth: history.group.depth + 1 } : { depth: 1, base: state.tasks, entries: [], seriesBase: state.series };
      return withHistoryState(next, { ...history, group });
    }
    if (historyGroupEnded.match(action) && history.group) {
      if (history.group.depth > 1) return withHistoryState(next, { ...history, group: { ...history.group, depth: history.group.depth - 1 } });
      return recorded(withHistoryState(next, { ...history, group: null }), history.group.entries, history.group.seriesBase);
    }
    return next;
  };
}

const withHistoryState = <S extends WithTasksAndHistory>(state: S, history: HistoryState): S => ({ ...state, history });

const uniqueIds = (event: TaskEvent) => [...new Set(idsOf(event))];

/** The group's entries with the tasks this event names for the first time, as they were when the group began. */
function withNamed(group: NonNullable<HistoryState['group']>, event: TaskEvent) {
  const named = new Set(group.entries.map((entry) => entry.id));
  const added = uniqueIds(event)
    .filter((id) => !named.has(id))
    .map((id) => ({ id, before: taskBefore(group.base, id) }));
  return added.length > 0 ? [...group.entries, ...added] : group.entries;
}

/** Records the tasks (and series) that changed as a step (none changed: nothing is recorded). */
function recorded<S extends WithTasksAndHistory>(state: S, named: ReadonlyArray<{ id: string; before: StepEntry['before'] }>, seriesBefore?: SeriesState): S {
  const entries = named.map(({ id, before }) => ({ id, before, after: placedTask(state.tasks, id, before?.date) ?? null })).filter(changed);
  const series = seriesBefore && state.series && seriesBefore !== state.series ? { before: seriesBefore, after: state.series } : undefined;
  if (entries.length === 0 && !series) return state;
  const { history } = state;
  const step: HistoryStep = { id: `step-${history.recorded + 1}`, entries, ...(series ? { series } : {}) };
  const kept = history.undo.length >= HISTORY_LIMIT ? history.undo.slice(history.undo.length - HISTORY_LIMIT + 1) : history.undo;
  return withHistoryState(state, {
    ...history,
    undo: Object.freeze([...kept, step]) as HistoryStep[],
    // A new edit starts a new branch: what was undone before it can no longer be redone.
    redo: history.redo.length > 0 ? NO_STEPS : history.redo,
    recorded: history.recorded + 1,
  });
}

/** The step the action just recorded, if it recorded one. */
export const stepJustRecorded = (current: { history: HistoryState }, previous: { history: HistoryState }): HistoryStep | undefined =>
  current.history.recorded !== previous.history.recorded ? current.history.undo.at(-1) : undefined;
