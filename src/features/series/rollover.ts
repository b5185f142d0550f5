import { dayKeyOf, dayNumber, isDayKey } from './days';
import { exceptionsBySeries, seriesDays } from './occurrences';
import type { OccurrenceRef, SeriesState } from './seriesSlice';

// 'Move unfinished tasks to today' for series (issue 30.5). Per series only its latest occurrence up to today
// counts: when it is unfinished and stands on an earlier day, it moves to today. Older missed occurrences stay
// where they are, unfinished, in their weeks (not skipped: skipping would write an event per missed day and
// hide what was missed); a series with an occurrence today moves nothing, so a daily series missed for a week
// gives one task today, not eight.

/** Looked back over, nearest first, for a series' latest occurrence: a month, a year, then back to its first date. */
const LOOK_BACK = [31, 366];

/** The occurrences to move to `today` (yyyy-MM-dd), for occurrencesRolledOver. */
export function occurrencesToRollOver(state: SeriesState, today: string): OccurrenceRef[] {
  const index = exceptionsBySeries(state);
  const end = dayNumber(today);
  const refs: OccurrenceRef[] = [];
  for (const id of state.series.ids) {
    const series = state.series.entities[id]!;
    const own = index.get(id);
    const first = dayNumber(series.firstDate);
    if (first > end) continue;
    let latest: string | undefined;
    for (const back of [...LOOK_BACK, end - first]) {
      const days = seriesDays(series, own, Math.max(first, end - back), end);
      latest = days
        .map(dayKeyOf)
        .reverse()
        .find((day) => !own?.get(day)?.skipped);
      if (latest || end - back <= first) break;
    }
    if (!latest) continue;
    const exception = own?.get(latest);
    const at = exception?.movedTo ?? latest;
    if (!exception?.completed && isDayKey(at) && at < today) refs.push({ seriesId: id, originalDate: latest });
  }
  return refs;
}
