import { addWeeks, eachDayOfInterval, endOfWeek, format, isSameMonth, isSameYear, isToday, parseISO, startOfWeek } from 'date-fns';

// Weeks start on Monday everywhere in the product.
const WEEK = { weekStartsOn: 1 } as const;
export const DAY_KEY_FORMAT = 'yyyy-MM-dd';

export const toDayKey = (date: Date): string => format(date, DAY_KEY_FORMAT);
export const fromDayKey = (key: string): Date => parseISO(key);

/** The seven day keys (Monday first) of the week holding `anchor`. */
export function weekDayKeys(anchor: string): string[] {
  const date = fromDayKey(anchor);
  return eachDayOfInterval({ start: startOfWeek(date, WEEK), end: endOfWeek(date, WEEK) }).map(toDayKey);
}

export const weekStartKey = (anchor: string): string => toDayKey(startOfWeek(fromDayKey(anchor), WEEK));
export const shiftWeek = (anchor: string, weeks: number): string => toDayKey(addWeeks(startOfWeek(fromDayKey(anchor), WEEK), weeks));

/** Short weekday, e.g. 'Mon'. */
export const dayLabel = (key: string): string => format(fromDayKey(key), 'EEE');
/** Day and short month, e.g. '23 Nov'. */
export const dateLabel = (key: string): string => format(fromDayKey(key), 'd MMM');
/** Short month and year, e.g. 'Nov 2026'. */
export const monthHeading = (date: Date): string => format(date, 'MMM yyyy');
export const isTodayKey = (key: string): boolean => isToday(fromDayKey(key));

/** The week's title: its month, or both months (and years) when the week spans two. */
export function weekTitle(anchor: string): string {
  const date = fromDayKey(anchor);
  const start = startOfWeek(date, WEEK);
  const end = endOfWeek(date, WEEK);
  if (isSameMonth(start, end)) return monthHeading(start);
  if (isSameYear(start, end)) return `${format(start, 'MMM')} – ${monthHeading(end)}`;
  return `${monthHeading(start)} – ${monthHeading(end)}`;
}
