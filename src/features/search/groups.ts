import { dayKeyOf, dayNumber, mondayOf, partsOf, weekdayOf } from '../series/days';
import { SOMEDAY } from '../tasks/types';
import type { SearchHit } from './rank';

// Results are shown by week, then by list (Some Day, then the named lists): a group per week or list,
// groups in the order of their best result, so the first result is always the best one. Day arithmetic is the
// series' (whole day numbers, no time zone): planner/week.ts imported here split the first load's modules into
// more chunks (Rolldown kept them out of the entry), one request more on every first visit.

export interface ResultGroup {
  key: string;
  label: string;
  hits: SearchHit[];
  /** A list's group: where each of its results stands ('Errands', 'Old plans (archived)'). */
  place?: string;
}

/** The named lists by id, for their results' places. */
export type ListPlaces = ReadonlyMap<string, { name: string; archived: boolean }>;

const NO_LISTS: ListPlaces = new Map();

/** A list's name as its results say it; a list this device does not have is Some Day (where its tasks show). */
export function listPlace(date: string, lists: ListPlaces): string | null {
  if (!date.startsWith('list:')) return null;
  const list = lists.get(date.slice(5));
  return list ? `${list.name}${list.archived ? ' (archived)' : ''}` : 'Some Day';
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

const weekOf = (date: string): string => dayKeyOf(mondayOf(dayNumber(date)));

/** 'This week', 'Next week', 'Last week', or the week's days: '7 – 13 Dec', '28 Dec – 3 Jan 2027'. */
export function weekLabel(monday: string, today: string): string {
  const start = dayNumber(monday);
  const current = mondayOf(dayNumber(today));
  if (start === current) return 'This week';
  if (start === current + 7) return 'Next week';
  if (start === current - 7) return 'Last week';
  const first = partsOf(start);
  const last = partsOf(start + 6);
  const year = last.year === partsOf(current).year ? '' : ` ${last.year}`;
  const startText = first.month === last.month ? `${first.date}` : `${first.date} ${MONTHS[first.month - 1]}`;
  return `${startText} – ${last.date} ${MONTHS[last.month - 1]}${year}`;
}

/** Where a result stands, as its line says it: 'Wed 25 Nov' (as the week's columns name their days), or the list's name. */
export function placeLabel(date: string): string {
  if (date === SOMEDAY) return 'Some Day';
  const day = dayNumber(date);
  const { month, date: dayOfMonth } = partsOf(day);
  return `${WEEKDAYS[weekdayOf(day)]} ${dayOfMonth} ${MONTHS[month - 1]}`;
}

export function groupHits(hits: readonly SearchHit[], today: string, lists: ListPlaces = NO_LISTS): ResultGroup[] {
  const groups = new Map<string, ResultGroup>();
  for (const hit of hits) {
    const { date } = hit.doc;
    const place = listPlace(date, lists);
    const key = place === 'Some Day' ? SOMEDAY : place !== null ? date : date === SOMEDAY ? SOMEDAY : weekOf(date);
    let group = groups.get(key);
    if (!group) {
      const label = place ?? (key === SOMEDAY ? 'Some Day' : weekLabel(key, today));
      groups.set(key, (group = { key, label, hits: [], ...(place && place !== 'Some Day' ? { place } : {}) }));
    }
    group.hits.push(hit);
  }
  return [...groups.values()];
}
