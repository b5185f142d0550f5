import { dateLabel, dayLabel } from '../planner/week';
import { listIdOf, SOMEDAY, type TaskDate } from '../tasks/types';

// What the live region says during a drag (the brief's wording), kept apart from the hooks.

export const INSTRUCTIONS_ID = 'dnd-instructions';
export const INSTRUCTIONS =
  'To move the task with the keyboard, press Space or Enter, then use the arrow keys to move it to another place or day, Space or Enter to drop it, and Escape to cancel.';

/** The named lists' names by id, as their columns show them (planner/ListColumns.tsx keeps it up to date). */
export const listNames = new Map<string, string>();

/** 'Tue 24 Nov', 'Some Day', or a list's name. */
export function dayName(date: TaskDate): string {
  if (date === SOMEDAY) return 'Some Day';
  const list = listIdOf(date);
  return list ? (listNames.get(list) ?? 'Some Day') : `${dayLabel(date)} ${dateLabel(date)}`;
}

export const pickedUp = (title: string, date: TaskDate, index: number) => `Picked up ${title}, in ${dayName(date)}, position ${index + 1}.`;
export const movedTo = (date: TaskDate, index: number) => `Moved to ${dayName(date)}, position ${index + 1}.`;
export const dropped = (title: string, date: TaskDate, index: number) => `Dropped ${title} in ${dayName(date)}, position ${index + 1}.`;
export const cancelled = (title: string, date: TaskDate, index: number) => `Cancelled. ${title} is back in ${dayName(date)}, position ${index + 1}.`;
