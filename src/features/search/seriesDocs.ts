import { addDays } from '../series/days';
import type { SeriesRuntime } from '../series/seriesCode';
import type { SeriesState } from '../series/seriesSlice';
import { occurrenceKey, type Occurrence } from '../series/types';
import { SOMEDAY } from '../tasks/types';
import { makeDoc, notesAndItems, type SearchDoc } from './searchIndex';

// A series is one result, not one per week: its own title and notes are one document that goes to its next
// occurrence, and each occurrence a person renamed or wrote notes on ('This task') is a document of the same
// group, so 'Gym with Bob' finds that one occurrence and 'Gym' finds the series once. Occurrences are the
// series code's computation (the same the week shows), over bounded ranges: nothing is expanded without end.

export type SeriesCode = Pick<SeriesRuntime, 'occurrencesBetween' | 'somedayOccurrences' | 'exceptionsBySeries' | 'describeRepeat'>;

const YEAR = 366;
const DECADE = 3660;

/**
 * The occurrence a series result goes to: the first not yet done from today (within a year, then ten); else one
 * moved to Some Day and not done; else the latest before today (a series that ended, or one waiting on a
 * completion that is overdue); null if it has none within ten years either way.
 */
function nextOccurrences(state: SeriesState, code: SeriesCode, today: string): Map<string, Occurrence> {
  const index = code.exceptionsBySeries(state);
  const chosen = new Map<string, Occurrence>();
  const missing = () => state.series.ids.filter((id) => !chosen.has(id as string)) as string[];
  const only = (ids: string[]): SeriesState => ({ ...state, series: { ids, entities: state.series.entities } });
  const firstOpen = (from: string, to: string) => {
    for (const occurrence of code.occurrencesBetween(only(missing()), from, to, index)) {
      if (!occurrence.completed && !chosen.has(occurrence.seriesId)) chosen.set(occurrence.seriesId, occurrence);
    }
  };
  firstOpen(today, addDays(today, YEAR));
  for (const occurrence of code.somedayOccurrences(state, index)) {
    if (!occurrence.completed && !chosen.has(occurrence.seriesId)) chosen.set(occurrence.seriesId, occurrence);
  }
  if (missing().length > 0) firstOpen(addDays(today, YEAR + 1), addDays(today, DECADE));
  for (const [from, to] of [[addDays(today, -YEAR), addDays(today, -1)], [addDays(today, -DECADE), addDays(today, -YEAR - 1)]] as const) {
    const left = missing();
    if (left.length === 0) break;
    // By day: the last one of each series is its latest.
    for (const occurrence of code.occurrencesBetween(only(left), from, to, index)) chosen.set(occurrence.seriesId, occurrence);
  }
  return chosen;
}

/** Occurrences a person renamed or wrote notes on, as they stand (not skipped, still given by the series). */
function editedOccurrences(state: SeriesState, code: SeriesCode): Occurrence[] {
  const edited = state.exceptions.ids
    .map((id) => state.exceptions.entities[id]!)
    .filter((exception) => (exception.title !== undefined || exception.notes !== undefined) && !exception.skipped && state.series.entities[exception.seriesId]);
  if (edited.length === 0) return [];
  const index = code.exceptionsBySeries(state);
  const found: Occurrence[] = [];
  const someday = new Map(code.somedayOccurrences(state, index).map((occurrence) => [occurrence.key, occurrence]));
  for (const exception of edited) {
    const key = occurrenceKey(exception.seriesId, exception.originalDate);
    const at = exception.movedTo ?? exception.originalDate;
    const single: SeriesState = { ...state, series: { ids: [exception.seriesId], entities: state.series.entities } };
    const occurrence = at === SOMEDAY ? someday.get(key) : code.occurrencesBetween(single, at, at, index).find((shown) => shown.key === key);
    if (occurrence) found.push(occurrence);
  }
  return found;
}

const seriesDocsCache = new WeakMap<SeriesState, { today: string; docs: SearchDoc[] }>();

/** The series' documents for the index: kept while the series state and today are the same. */
export function seriesDocs(state: SeriesState, code: SeriesCode, today: string): SearchDoc[] {
  if (state.series.ids.length === 0) return [];
  const cached = seriesDocsCache.get(state);
  if (cached?.today === today) return cached.docs;
  const next = nextOccurrences(state, code, today);
  const docs: SearchDoc[] = [];
  const repeatTexts = new Map<string, string>();
  const repeatText = (seriesId: string) => {
    let text = repeatTexts.get(seriesId);
    if (text === undefined) {
      const series = state.series.entities[seriesId]!;
      repeatTexts.set(seriesId, (text = code.describeRepeat(series.repeat, series.firstDate)));
    }
    return text;
  };
  for (const id of state.series.ids as string[]) {
    const series = state.series.entities[id]!;
    const occurrence = next.get(id);
    const date = occurrence?.date ?? series.firstDate;
    docs.push(
      makeDoc({
        key: `series:${id}`,
        group: `series:${id}`,
        target: { kind: 'occurrence', seriesId: id, originalDate: occurrence?.originalDate ?? series.firstDate },
        title: series.template.title,
        notes: notesAndItems(series.template.notes, series.template.checklist),
        date,
        completed: occurrence?.completed ?? false,
        repeatText: repeatText(id),
        next: true,
      }),
    );
  }
  for (const occurrence of editedOccurrences(state, code)) {
    docs.push(
      makeDoc({
        key: `occurrence:${occurrence.key}`,
        group: `series:${occurrence.seriesId}`,
        target: { kind: 'occurrence', seriesId: occurrence.seriesId, originalDate: occurrence.originalDate },
        title: occurrence.title,
        notes: notesAndItems(occurrence.notes, occurrence.checklist),
        date: occurrence.date,
        completed: occurrence.completed,
        repeatText: repeatText(occurrence.seriesId),
      }),
    );
  }
  seriesDocsCache.set(state, { today, docs });
  return docs;
}
