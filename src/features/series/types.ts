import type { ChecklistItem, TemplateItem } from '../tasks/checklist';

/** How a series repeats: an RFC 5545 RRULE (no DTSTART: the first date is its start), or N days after each completion. */
export type Repeat = { kind: 'rule'; rule: string } | { kind: 'afterCompletion'; days: number };

export interface SeriesTemplate {
  title: string;
  /** Plain text, several lines allowed. */
  notes: string;
  /** The checklist every occurrence starts with, unticked (issue 43.4); absent when there is none. */
  checklist?: readonly TemplateItem[];
  /** Ids of catalog labels every occurrence carries (issue 43.2); absent when there are none. Older code ignores it. */
  labels?: string[];
}

/** A repeating task: one record, its occurrences computed for the days on screen, never stored ahead. */
export interface Series {
  id: string;
  template: SeriesTemplate;
  /** yyyy-MM-dd: nothing before it. */
  firstDate: string;
  repeat: Repeat;
  /** Set by 'Stop repeating' and 'This and following': the last day an occurrence may fall on (originally). */
  lastDate?: string;
  createdAt: number;
}

/**
 * What a person did to one occurrence, keyed by (seriesId, originalDate): the day the rule gave it. Only the
 * fields set differ from the computed occurrence; a record with none left is removed.
 */
export interface OccurrenceException {
  /** occurrenceKey(seriesId, originalDate) */
  id: string;
  seriesId: string;
  originalDate: string;
  completed?: boolean;
  /** The day it was completed (a 'repeat N days after completion' series counts from it). */
  completedOn?: string;
  title?: string;
  notes?: string;
  /** A day key or 'someday'. */
  movedTo?: string;
  skipped?: boolean;
  /** The template's items ticked in this occurrence (ids); ticks in one occurrence tick nothing in another. */
  checked?: string[];
}

/** One occurrence as shown: where it stands now (`date`) and the day it was made for (`originalDate`). */
export interface Occurrence {
  key: string;
  seriesId: string;
  originalDate: string;
  /** A day key or 'someday'. */
  date: string;
  title: string;
  notes: string;
  completed: boolean;
  /** The template's items with this occurrence's ticks; absent when the series has none. */
  checklist?: ChecklistItem[];
  /** The series' labels (ids), the same on every occurrence; absent when it has none. */
  labels?: string[];
}

/** The identity of an occurrence on every device: the series and the day the rule gave it. */
export const occurrenceKey = (seriesId: string, originalDate: string): string => `${seriesId}|${originalDate}`;
