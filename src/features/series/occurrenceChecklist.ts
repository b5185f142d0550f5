import type { ChecklistItem } from '../tasks/checklist';
import type { OccurrenceException, Series } from './types';

// Apart from occurrences.ts (which brings the rule code): the details view, on the first load, reads it too.

/** The template's items with an occurrence's ticks. */
export function occurrenceChecklist(series: Series, exception: OccurrenceException | undefined): ChecklistItem[] | undefined {
  const items = series.template.checklist;
  if (!items?.length) return undefined;
  const checked = exception?.checked;
  return items.map((item) => ({ id: item.id, text: item.text, done: !!checked?.includes(item.id) }));
}
