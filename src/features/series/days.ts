// Day arithmetic for series as whole day numbers (days since 1970-01-01 on the proleptic Gregorian calendar),
// through Date.UTC only. A day key names a calendar day wherever the device is, so nothing here reads the local
// time zone: a daylight-saving change (a 23- or 25-hour local day) cannot move an occurrence to another day,
// which local-midnight Date maths can.

const DAY_MS = 86_400_000;
const DAY_KEY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A valid yyyy-MM-dd key (a day that exists: not 2026-02-30). */
export function isDayKey(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const match = DAY_KEY.exec(value);
  if (!match) return false;
  const [, year, month, day] = match.map(Number) as [number, number, number, number];
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

// Numbers and keys of the days asked for recently, both ways: every week on screen asks for the same few hundred.
const numbers = new Map<string, number>();
const keys = new Map<number, string>();

/** The day number of a yyyy-MM-dd key (the key is assumed valid: see isDayKey). */
export function dayNumber(key: string): number {
  let day = numbers.get(key);
  if (day === undefined) {
    day = Date.UTC(Number(key.slice(0, 4)), Number(key.slice(5, 7)) - 1, Number(key.slice(8, 10))) / DAY_MS;
    if (numbers.size >= 10_000) numbers.clear();
    numbers.set(key, day);
  }
  return day;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The yyyy-MM-dd key of a day number. */
export function dayKeyOf(day: number): string {
  let key = keys.get(day);
  if (key === undefined) {
    const { year, month, date } = partsOf(day);
    key = `${pad(year, 4)}-${pad(month)}-${pad(date)}`;
    if (keys.size >= 10_000) keys.clear();
    keys.set(day, key);
  }
  return key;
}

export const addDays = (key: string, days: number): string => dayKeyOf(dayNumber(key) + days);

/** 0 for Monday … 6 for Sunday (1970-01-01, day 0, was a Thursday). */
export const weekdayOf = (day: number): number => (((day + 3) % 7) + 7) % 7;

/** The Monday of the week holding `day` (weeks start on Monday everywhere in the product). */
export const mondayOf = (day: number): number => day - weekdayOf(day);

/**
 * Year, month (1-12) and day of month of a day number: Howard Hinnant's civil_from_days, integer arithmetic
 * only. The expander asks this for every candidate day; a Date per call made a never-firing daily rule's
 * 400-year check take a second.
 */
export function partsOf(day: number): { year: number; month: number; date: number } {
  const z = day + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const month = mp < 10 ? mp + 3 : mp - 9;
  return { year: yoe + era * 400 + (month <= 2 ? 1 : 0), month, date: doy - Math.floor((153 * mp + 2) / 5) + 1 };
}

/** The day number of year, month (1-12), day of month; months beyond 12 roll into later years. */
export const dayFromParts = (year: number, month: number, date: number): number => Date.UTC(year, month - 1, date) / DAY_MS;

const isLeap = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
const MONTH_LENGTHS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
export const daysInMonth = (year: number, month: number): number => (month === 2 && isLeap(year) ? 29 : MONTH_LENGTHS[month - 1]!);

/** A local date's yyyy-MM-dd key: how 'today' becomes a day (the one place the local calendar is read). */
export const localDayKey = (date: Date): string => `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
