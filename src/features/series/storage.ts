import { exceptionsAdapter, initialSeriesState, seriesAdapter, type SeriesState } from './seriesSlice';
import type { OccurrenceException, Series } from './types';
import { readException, readSeries } from './wire';

// Series live beside the tasks, under their own key (SERIES_KEY): 'weekly-planner-tasks' stays the spec's plain
// array of tasks, which older versions (and the spec's readers) keep reading as they always have.
export { SERIES_KEY, serializeSeries, storedSeriesOf } from './seriesHost';

/** What is stored (and what a backup holds beside its tasks): the series and their exceptions, as lists. */
export interface StoredSeries {
  series: Series[];
  exceptions: OccurrenceException[];
}

/**
 * The entries read from stored lists: the first series of an id, the exceptions of series that exist (one per
 * key), and how many entries were dropped (unreadable, repeated, or about no series).
 */
export function readStoredSeries(data: { series?: unknown; exceptions?: unknown }): { stored: StoredSeries; dropped: number } {
  const series: Series[] = [];
  const exceptions: OccurrenceException[] = [];
  const ids = new Set<string>();
  const keys = new Set<string>();
  const seriesList = Array.isArray(data.series) ? data.series : [];
  const exceptionList = Array.isArray(data.exceptions) ? data.exceptions : [];
  for (const entry of seriesList) {
    const read = readSeries(entry);
    if (read && !ids.has(read.id)) {
      ids.add(read.id);
      series.push(read);
    }
  }
  for (const entry of exceptionList) {
    const read = readException(entry);
    if (read && ids.has(read.seriesId) && !keys.has(read.id)) {
      keys.add(read.id);
      exceptions.push(read);
    }
  }
  return { stored: { series, exceptions }, dropped: seriesList.length + exceptionList.length - series.length - exceptions.length };
}

export const seriesStateOf = ({ series, exceptions }: StoredSeries): SeriesState => ({
  series: seriesAdapter.setAll(seriesAdapter.getInitialState(), series),
  exceptions: exceptionsAdapter.setAll(exceptionsAdapter.getInitialState(), exceptions),
});

/**
 * Reads the stored series. Corrupt data is ignored (spec §8) entry by entry: what can be read is kept;
 * `unreadable` says something was dropped, so the caller can set the raw text aside before writing over it.
 */
export function parseStoredSeries(raw: string | null): { state: SeriesState; unreadable: boolean } {
  if (raw === null) return { state: initialSeriesState, unreadable: false };
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return { state: initialSeriesState, unreadable: true };
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return { state: initialSeriesState, unreadable: true };
  const { stored, dropped } = readStoredSeries(data as Record<string, unknown>);
  return { state: seriesStateOf(stored), unreadable: dropped > 0 || !Array.isArray((data as Record<string, unknown>).series) };
}
