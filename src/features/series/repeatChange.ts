import type { UnknownAction } from '@reduxjs/toolkit';
import { taskDeleted } from '../tasks/events';
import { SOMEDAY, type TaskDate } from '../tasks/types';
import type { SeriesRuntime } from './seriesCode';
import type { Repeat, Series, SeriesTemplate } from './types';

// The repeat picker's rule applied (issue 30.1): checked first by validateRepeat, whose refusal stores nothing.
// Takes the loaded series code as an argument, so this module adds nothing of rrule to the first load.

export type RepeatChange = { ok: true; events: UnknownAction[] } | { ok: false; error: string };

/** A plain task starts repeating: a series from its day (today for Some Day) with its title and notes. */
export function makeRepeatingEvents(runtime: SeriesRuntime, taskId: string, date: TaskDate, template: SeriesTemplate, repeat: Repeat, today: string): RepeatChange {
  const check = runtime.validateRepeat(repeat, date === SOMEDAY ? today : date);
  if (!check.ok) return check;
  return {
    ok: true,
    events: [runtime.seriesCreated({ template, firstDate: check.firstDate, repeat: check.repeat }), taskDeleted({ id: taskId })],
  };
}

/**
 * An occurrence's series gets a new rule with its other changes: 'This and following' from that occurrence (a new
 * series starting on the rule's first day from there), 'All' from the series' start, keeping its done history.
 */
export function changeRepeatEvents(
  runtime: SeriesRuntime,
  series: Series,
  originalDate: string,
  template: Partial<SeriesTemplate>,
  repeat: Repeat,
  scope: 'following' | 'all',
): RepeatChange {
  const from = scope === 'all' ? series.firstDate : originalDate;
  const check = runtime.validateRepeat(repeat, from);
  if (!check.ok) return check;
  if (scope === 'all' || originalDate <= series.firstDate) {
    return { ok: true, events: [runtime.seriesTemplateChanged({ id: series.id, template, repeat: check.repeat })] };
  }
  return { ok: true, events: runtime.splitEvents(series, originalDate, { template, repeat: check.repeat }, check.firstDate) };
}
