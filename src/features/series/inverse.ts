import { localDayKey } from './days';
import {
  occurrenceCompletionSet,
  occurrenceEdited,
  occurrenceMoved,
  occurrenceSkipped,
  seriesDeleted,
  seriesRestored,
  type SeriesEvent,
  type SeriesState,
} from './seriesSlice';
import type { OccurrenceException } from './types';

// Undo and redo of series events (issue 30.6): new events that take what a step changed from one side to the
// other, never a rewind. An occurrence gets only the fields that differ (an undone completion leaves a rename
// made meanwhile on another device alone); a series whose record changed is restored with its exceptions.

const exceptionsOf = (state: SeriesState, seriesId: string): OccurrenceException[] =>
  state.exceptions.ids.map((id) => state.exceptions.entities[id]!).filter((exception) => exception.seriesId === seriesId);

function occurrenceEvents(from: OccurrenceException | undefined, to: OccurrenceException | undefined, ref: { seriesId: string; originalDate: string }): SeriesEvent[] {
  const events: SeriesEvent[] = [];
  if (!!from?.completed !== !!to?.completed || from?.completedOn !== to?.completedOn) {
    events.push(occurrenceCompletionSet(ref, !!to?.completed, to?.completedOn ?? localDayKey(new Date())));
  }
  if (from?.title !== to?.title || from?.notes !== to?.notes) {
    events.push(occurrenceEdited({ ...ref, title: to?.title ?? null, notes: to?.notes ?? null }));
  }
  if (from?.movedTo !== to?.movedTo) events.push(occurrenceMoved({ ...ref, to: to?.movedTo ?? ref.originalDate }));
  if (!!from?.skipped !== !!to?.skipped) events.push(occurrenceSkipped({ ...ref, skipped: !!to?.skipped }));
  return events;
}

/** The events that take the series state `from` to `to`, for what differs between them. */
export function seriesEventsToward(from: SeriesState, to: SeriesState): SeriesEvent[] {
  const events: SeriesEvent[] = [];
  const restored = new Set<string>();
  for (const id of new Set([...from.series.ids, ...to.series.ids] as string[])) {
    const before = from.series.entities[id];
    const after = to.series.entities[id];
    if (before === after) continue;
    if (!after) events.push(seriesDeleted({ id }));
    else {
      // seriesRestored sets the record and its exceptions as given ('All' may have pinned titles on completed ones).
      events.push(seriesRestored({ series: after, exceptions: exceptionsOf(to, id) }));
      restored.add(id);
    }
  }
  for (const key of new Set([...from.exceptions.ids, ...to.exceptions.ids] as string[])) {
    const before = from.exceptions.entities[key];
    const after = to.exceptions.entities[key];
    const ref = (after ?? before)!;
    if (before === after || !to.series.entities[ref.seriesId] || (restored.has(ref.seriesId) && after)) continue;
    events.push(...occurrenceEvents(before, after, { seriesId: ref.seriesId, originalDate: ref.originalDate }));
  }
  return events;
}
