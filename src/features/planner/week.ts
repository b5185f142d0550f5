// Weeks start on Monday everywhere in the product. Plain Date arithmetic (local midnights, as
// date-fns does it): the seven helpers it took from date-fns cost the first load ~1 kB brotli.
const addDays = (date: Date, days: number): Date => new Date(date.getFullYear(), date.getMonth(), date.getDate() + days);
/** Local midnight of the Monday of `date`'s week. */
const mondayOf = (date: Date): Date => addDays(date, -((date.getDay() + 6) % 7));

// Labels come from Intl rather than date-fns' format(), whose locale data would cost the
// planner's first load ~6 KB gzipped; en-US keeps the short names fixed ('Sep', not 'Sept').
const weekdayFormat = new Intl.DateTimeFormat('en-US', { weekday: 'short' });
const monthFormat = new Intl.DateTimeFormat('en-US', { month: 'short' });
const pad = (n: number) => String(n).padStart(2, '0');

export const toDayKey = (date: Date): string => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
/** Local midnight of a yyyy-MM-dd key. */
export function fromDayKey(key: string): Date {
  const [year, month, day] = key.split('-').map(Number);
  return new Date(year!, month! - 1, day!);
}

/** The seven day keys (Monday first) of the week holding `anchor`. */
export function weekDayKeys(anchor: string): string[] {
  const monday = mondayOf(fromDayKey(anchor));
  return Array.from({ length: 7 }, (_, i) => toDayKey(addDays(monday, i)));
}

export const weekStartKey = (anchor: string): string => toDayKey(mondayOf(fromDayKey(anchor)));
export const shiftWeek = (anchor: string, weeks: number): string => toDayKey(addDays(mondayOf(fromDayKey(anchor)), 7 * weeks));

/** Short weekday, e.g. 'Mon'. */
export const dayLabel = (key: string): string => weekdayFormat.format(fromDayKey(key));
/** Day and short month, e.g. '23 Nov'. */
export function dateLabel(key: string): string {
  const date = fromDayKey(key);
  return `${date.getDate()} ${monthFormat.format(date)}`;
}
/** Short month and year, e.g. 'Nov 2026'. */
export const monthHeading = (date: Date): string => `${monthFormat.format(date)} ${date.getFullYear()}`;
export const isTodayKey = (key: string): boolean => key === toDayKey(new Date());

/** The week's title: its month, or both months (and years) when the week spans two. */
export function weekTitle(anchor: string): string {
  const start = mondayOf(fromDayKey(anchor));
  const end = addDays(start, 6);
  const sameYear = start.getFullYear() === end.getFullYear();
  if (sameYear && start.getMonth() === end.getMonth()) return monthHeading(start);
  if (sameYear) return `${monthFormat.format(start)} – ${monthHeading(end)}`;
  return `${monthHeading(start)} – ${monthHeading(end)}`;
}
