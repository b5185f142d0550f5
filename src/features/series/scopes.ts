import { addDays, dayNumber } from './days';
import { ruleDays } from './expand';
import { specOf } from './occurrences';
import { formatRule } from './rule';
import {
  occurrenceEdited,
  occurrenceSkipped,
  seriesDeleted,
  seriesEndSet,
  seriesSplit,
  seriesTemplateChanged,
  type SeriesEvent,
} from './seriesSlice';
import type { Repeat, Series, SeriesTemplate } from './types';

// The three answers to 'This task' / 'This and following' / 'All' (issue 30.4), as the events they write.
// A caller asks once, then dispatches what these return (one undo step).

export type EditScope = 'this' | 'following' | 'all';

/**
 * 'This and following' from the occurrence made for `from`: the series ends the day before and a new one
 * with the change starts on `from`. A rule with COUNT carries on with the times it has left, so the two
 * together still happen as often as the one did. From the first date on, it is the same as 'All'.
 */
export function splitEvents(series: Series, from: string, change: { template?: Partial<SeriesTemplate>; repeat?: Repeat }, firstDate = from): SeriesEvent[] {
  if (from <= series.firstDate) return [seriesTemplateChanged({ id: series.id, template: change.template, repeat: change.repeat })];
  let repeat = change.repeat ?? series.repeat;
  const spec = specOf(series);
  if (!change.repeat && spec?.count !== undefined) {
    const before = ruleDays(spec, dayNumber(series.firstDate), dayNumber(series.firstDate), dayNumber(from) - 1).length;
    if (before >= spec.count) return [];
    repeat = { kind: 'rule', rule: formatRule({ ...spec, count: spec.count - before }) };
  }
  const next = { template: { ...series.template, ...change.template }, firstDate, repeat, ...(series.lastDate ? { lastDate: series.lastDate } : {}) };
  return [seriesSplit(series.id, addDays(from, -1), next)];
}

/** Renaming or changing the notes of one occurrence. */
export function editEvents(series: Series, originalDate: string, change: Partial<SeriesTemplate>, scope: EditScope): SeriesEvent[] {
  if (scope === 'this') return [occurrenceEdited({ seriesId: series.id, originalDate, ...change })];
  if (scope === 'all') return [seriesTemplateChanged({ id: series.id, template: change })];
  return splitEvents(series, originalDate, { template: change });
}

/**
 * A new repeat (checked first with validateRepeat, which gives the first date it really falls on). One occurrence
 * does not get a rule of its own: moving it is occurrenceMoved.
 */
export function rescheduleEvents(series: Series, originalDate: string, repeat: Repeat, firstDate: string, scope: Exclude<EditScope, 'this'>): SeriesEvent[] {
  if (scope === 'all') return [seriesTemplateChanged({ id: series.id, repeat })];
  return splitEvents(series, originalDate, { repeat }, firstDate);
}

/** Deleting: this one is skipped; from this one on, the series ends the day before; all, the series goes. */
export function deleteEvents(series: Series, originalDate: string, scope: EditScope): SeriesEvent[] {
  if (scope === 'this') return [occurrenceSkipped({ seriesId: series.id, originalDate, skipped: true })];
  if (scope === 'all' || originalDate <= series.firstDate) return [seriesDeleted({ id: series.id })];
  return [seriesEndSet({ id: series.id, lastDate: addDays(originalDate, -1) })];
}

/**
 * 'Stop repeating': nothing after `today`; every occurrence up to today (done or not, moved or not) stays as it
 * is, today's included, so the task a person is looking at does not vanish under them.
 */
export const stopRepeatingEvents = (series: Series, today: string): SeriesEvent[] => [seriesEndSet({ id: series.id, lastDate: today })];
