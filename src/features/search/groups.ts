import { dateLabel, dayLabel, fromDayKey, shiftWeek, weekStartKey } from '../planner/week';
import { SOMEDAY } from '../tasks/types';
import type { SearchHit } from './rank';

// Results are shown by week, then by list (Some Day now; named lists when they land): a group per week or list,
// groups in the order of their best result, so the first result is always the best one.

export interface ResultGroup {
  key: string;
  label: string;
  hits: SearchHit[];
}

const monthFormat = new Intl.DateTimeFormat('en-US', { month: 'short' });

/** 'This week', 'Next week', 'Last week', or the week's days: '7 – 13 Dec', '28 Dec – 3 Jan 2027'. */
export function weekLabel(monday: string, today: string): string {
  const current = weekStartKey(today);
  if (monday === current) return 'This week';
  if (monday === shiftWeek(current, 1)) return 'Next week';
  if (monday === shiftWeek(current, -1)) return 'Last week';
  const start = fromDayKey(monday);
  const end = fromDayKey(shiftWeek(monday, 1));
  end.setDate(end.getDate() - 1);
  const year = end.getFullYear() === fromDayKey(today).getFullYear() ? '' : ` ${end.getFullYear()}`;
  const startText = start.getMonth() === end.getMonth() ? `${start.getDate()}` : `${start.getDate()} ${monthFormat.format(start)}`;
  return `${startText} – ${end.getDate()} ${monthFormat.format(end)}${year}`;
}

/** Where a result stands, as its line says it: 'Wed 25 Nov', or the list's name. */
export const placeLabel = (date: string): string => (date === SOMEDAY ? 'Some Day' : `${dayLabel(date)} ${dateLabel(date)}`);

export function groupHits(hits: readonly SearchHit[], today: string): ResultGroup[] {
  const groups = new Map<string, ResultGroup>();
  for (const hit of hits) {
    const { date } = hit.doc;
    const key = date === SOMEDAY ? SOMEDAY : weekStartKey(date);
    let group = groups.get(key);
    if (!group) groups.set(key, (group = { key, label: key === SOMEDAY ? 'Some Day' : weekLabel(key, today), hits: [] }));
    group.hits.push(hit);
  }
  return [...groups.values()];
}
