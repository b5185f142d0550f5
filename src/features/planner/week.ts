import { addWeeks, eachDayOfInterval, endOfWeek, isSameMonth, isSameYear, isToday, startOfWeek } from 'date-fns';

// Weeks start on Monday everywhere in the product.
const WEEK = { weekStartsOn: 1 } as const;

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
  const date = fromDayKey(anchor);
  return eachDayOfInterval({ start: startOfWeek(date, WEEK), end: endOfWeek(date, WEEK) }).map(toDayKey);
}

export const weekStartKey = (anchor: string): string => toDayKey(startOfWeek(fromDayKey(anchor), WEEK));
export const shiftWeek = (anchor: string, weeks: number): string => toDayKey(addWeeks(startOfWeek(fromDayKey(anchor), WEEK), weeks));

/** Short weekday, e.g. 'Mon'. */
export const dayLabel = (key: string): string => weekdayFormat.format(fromDayKey(key));
/** Day and short month, e.g. '23 Nov'. */
export function dateLabel(key: string): string {
  const date = fromDayKey(key);
  return `${date.getDate()} ${monthFormat.format(date)}`;
}
/** Short month and year, e.g. 'Nov 2026'. */
export const monthHeading = (date: Date): string => `${monthFormat.format(date)} ${date.getFullYear()}`;
export const isTodayKey = (key: string): boolean => isToday(fromDayKey(key));

/** The week's title: its month, or both months (and years) when the week spans two. */
export function weekTitle(anchor: string): string {
  const date = fromDayKey(anchor);
  const start = startOfWeek(date, WEEK);
  const end = endOfWeek(date, WEEK);
  if (isSameMonth(start, end)) return monthHeading(start);
  if (isSameYear(start, end)) return `${monthFormat.format(start)} – ${monthHeading(end)}`;
  return `${monthHeading(start)} – ${monthHeading(end)}`;
}
