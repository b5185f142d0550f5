import type { AppListenerApi, AppStartListening } from '../../app/listenerMiddleware';
import { toDayKey } from '../planner/week';
import { tasksRolledOver } from '../tasks/events';
import { byOrder } from '../tasks/taskList';
import { selectAllTasks } from '../tasks/taskSelectors';
import { isOverdue } from '../tasks/types';
import { loadedSeries, seriesHydrated } from '../series/seriesHost';
import { ROLLOVER_KEY, rolloverSet } from './rolloverSlice';

/** Milliseconds from `now` to the next local midnight (a day is not always 24 hours long). */
export function untilMidnight(now: Date): number {
  const next = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
  return next.getTime() - now.getTime();
}

/**
 * One tasksRolledOver for every unfinished task dated before today, oldest day first. The event
 * says which tasks and which day, and moves only those still unfinished and earlier than that day:
 * a second device running the same rollover, or a replay, moves nothing.
 */
function rollOver(api: AppListenerApi): string {
  const today = toDayKey(new Date());
  const overdue = selectAllTasks(api.getState())
    .filter((task) => isOverdue(task, today))
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : byOrder(a, b)));
  if (overdue.length > 0) api.dispatch(tasksRolledOver({ ids: overdue.map((task) => task.id), to: today }));
  rollOverSeries(api, today);
  return today;
}

/** Per series only its latest unfinished occurrence moves to today; older missed ones stay (series/rollover.ts). */
function rollOverSeries(api: AppListenerApi, today: string): void {
  const series = loadedSeries();
  const state = api.getState().series;
  if (!series || state.series.ids.length === 0) return;
  const items = series.occurrencesToRollOver(state, today);
  if (items.length > 0) api.dispatch(series.occurrencesRolledOver({ items, to: today }));
}

/** Keeps the choice on this device, and while it is on rolls over at load and whenever the day changes. */
export function addRolloverListeners(startAppListening: AppStartListening) {
  const stopSaving = startAppListening({
    actionCreator: rolloverSet,
    effect: ({ payload }, api) => {
      try {
        const storage = api.extra.storage();
        if (payload) storage?.setItem(ROLLOVER_KEY, 'on');
        else storage?.removeItem(ROLLOVER_KEY);
      } catch {
        // Storage write failures are ignored (spec §8): the choice holds for this visit.
      }
    },
  });

  const stopRunning = startAppListening({
    // At load (the stored list is in) with the choice on, or when it is turned on.
    predicate: (_action, current, previous) =>
      current.rollover.enabled && !!current.tasks._persist?.rehydrated && (!previous.tasks._persist?.rehydrated || !previous.rollover.enabled),
    effect: async (_action, api) => {
      api.cancelActiveListeners();
      let lastDay = rollOver(api);
      const dayChanged = () => toDayKey(new Date()) !== lastDay;
      const onVisible = () => {
        if (document.visibilityState === 'visible' && dayChanged()) lastDay = rollOver(api);
      };
      if (typeof document !== 'undefined') document.addEventListener('visibilitychange', onVisible);
      try {
        const turnedOff = api.condition((action) => rolloverSet.match(action) && !action.payload);
        // A synced list arrives after the local one: what it holds from before today rolls over too.
        const baseLoaded = api.condition((_action, current, previous) => current.sync.confirmed !== null && previous.sync.confirmed === null);
        // Stored series arrive with their code, after the tasks.
        const seriesLoaded = api.condition((action) => seriesHydrated.match(action));
        seriesLoaded.then(
          (loaded) => {
            if (loaded && !api.signal.aborted) rollOverSeries(api, toDayKey(new Date()));
          },
          () => {}, // cancelled with the listener
        );
        baseLoaded.then(
          (loaded) => {
            if (loaded && !api.signal.aborted) lastDay = rollOver(api);
          },
          () => {}, // cancelled with the listener
        );
        for (;;) {
          // Timers run late in a sleeping tab: the visibility check above catches up on waking.
          const woke = await Promise.race([api.delay(untilMidnight(new Date()) + 1000).then(() => true), turnedOff.then(() => false)]);
          if (!woke) return;
          if (dayChanged()) lastDay = rollOver(api);
        }
      } finally {
        if (typeof document !== 'undefined') document.removeEventListener('visibilitychange', onVisible);
      }
    },
  });

  return () => {
    stopSaving();
    stopRunning();
  };
}
