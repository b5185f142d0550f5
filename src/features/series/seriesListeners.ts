import type { AppStartListening } from '../../app/listenerMiddleware';
import { SERIES_KEY, loadSeries, serializeSeries, seriesHydrated } from './seriesHost';

/** Where unreadable stored series are set aside before the next save writes over them (as the tasks' are). */
export const SERIES_BACKUP_KEY = `${SERIES_KEY}-unreadable`;

/**
 * Reads the stored series at start (loading the series code only when there are some) and writes them under
 * their own key whenever they change. Nothing is written before the stored ones are in, so a visit cannot
 * overwrite them with an empty list.
 */
export function addSeriesListeners(startAppListening: AppStartListening, storage: () => globalThis.Storage | undefined, dispatch: (action: ReturnType<typeof seriesHydrated>) => void) {
  let hydrated = false;
  let raw: string | null = null;
  try {
    raw = storage()?.getItem(SERIES_KEY) ?? null;
  } catch {
    raw = null; // storage blocked: this visit starts without stored series (spec §8)
  }
  const ready =
    raw === null
      ? Promise.resolve().then(() => void (hydrated = true))
      : loadSeries().then(({ parseStoredSeries }) => {
          const { state, unreadable } = parseStoredSeries(raw);
          if (unreadable) write(SERIES_BACKUP_KEY, raw!);
          hydrated = true;
          dispatch(seriesHydrated(state));
        });

  function write(key: string, text: string) {
    try {
      storage()?.setItem(key, text);
    } catch {
      // A full or blocked storage keeps this visit's series in memory only (spec §8).
    }
  }

  const stop = startAppListening({
    predicate: (_action, current, previous) => hydrated && current.series !== previous.series,
    effect: (_action, api) => write(SERIES_KEY, serializeSeries(api.getState().series)),
  });
  return { stop, ready };
}
