import type { TaskDate } from '../tasks/types';

/** The id of a day's section: the day strip, 'Today' and the floating '+' find the day by it. */
export const dayElementId = (date: TaskDate): string => `day-${date}`;

/** The query that switches the week to a one-column agenda (Tailwind's max-sm), where days are brought into view. */
export const NARROW = '(max-width: 639.98px)';

/**
 * Scrolls a day's heading to just under the sticky header (the sections' scroll-margin, index.css). Returns
 * whether the day is on the page.
 */
export function revealDay(date: TaskDate, behavior: ScrollBehavior = 'instant'): boolean {
  const section = document.getElementById(dayElementId(date));
  section?.scrollIntoView?.({ block: 'start', behavior });
  return !!section;
}
