import * as chrono from 'chrono-node';
import { RRule } from './rrule';
import { SOMEDAY } from '../tasks/types';
import { addDays, dayNumber, localDayKey, mondayOf, dayKeyOf } from './days';
import { parseRule } from './rule';
import type { Repeat } from './types';
import { validateRepeat } from './validate';

// Issue 30.2: a trailing phrase in an add box sets the repeat or the day. Repeats are read by rrule's English
// text parser, days by chrono-node; the grammar is theirs. What this adds: which part of the text is the
// phrase (it must end the text and leave a title), a check that rrule understood every word that matters (it
// reads 'every year in March on the 14th' as every March and drops the 14th, and 'every morning' as every
// Monday), and the planner's own words: 'someday', 'next week' (its Monday). Times of day are not planned
// here: a phrase with one leaves the text as a plain task.

export type QuickAdd =
  | { kind: 'plain'; title: string }
  /** `date`: a day key or 'someday'. */
  | { kind: 'date'; title: string; date: string }
  | { kind: 'repeat'; title: string; repeat: Repeat; firstDate: string }
  /** A repeat phrase that names no day a rule can keep: the message says why; nothing is to be stored. */
  | { kind: 'refused'; title: string; error: string };

const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];
const ORDINALS = ['first', 'second', 'third', 'fourth', 'fifth'];

/** The words that carry meaning in a repeat phrase, normalized ('mon' and 'mondays' to monday, 'first' and '1st' to 1). */
function meaningful(phrase: string): string[] {
  const words = new Set<string>();
  for (const word of phrase.toLowerCase().match(/[a-z]+|\d+/g) ?? []) {
    const day = WEEKDAYS.find((name) => word.length >= 2 && (name.startsWith(word) || `${name}s` === word));
    const month = MONTHS.find((name) => word.length >= 3 && name.startsWith(word));
    if (/^\d+$/.test(word)) words.add(String(Number(word)));
    else if (ORDINALS.includes(word)) words.add(String(ORDINALS.indexOf(word) + 1));
    else if (day && word.length >= 3) words.add(day);
    else if (month) words.add(month);
    else if (word === 'last' || word === 'weekday' || word === 'weekdays') words.add(word.replace(/s$/, ''));
  }
  words.delete('1'); // 'every 1 week' and 'every week' are one rule
  return [...words].sort();
}

/** The rule a trailing 'every …' phrase names, when rrule reads all of it. */
function readRepeatPhrase(phrase: string): string | null {
  const text = phrase.replace(/\bevery other\b/i, 'every 2');
  let rule: string;
  try {
    const options = RRule.parseText(text);
    if (!options) return null;
    rule = new RRule(options).toString().replace(/^RRULE:/, '');
  } catch {
    return null;
  }
  const reading = parseRule(rule);
  if (!reading.ok) return null;
  const words = (value: string) => meaningful(value).join(' ');
  return words(RRule.fromString(rule).toText()) === words(text) ? rule : null;
}

function readRepeat(text: string, today: string): QuickAdd | null {
  // The longest trailing phrase that is a repeat: 'Review every week every friday' keeps 'Review every week'.
  for (let at = text.toLowerCase().indexOf(' every '); at > 0; at = text.toLowerCase().indexOf(' every ', at + 1)) {
    const title = text.slice(0, at).trim();
    const rule = readRepeatPhrase(text.slice(at + 1));
    if (!rule || !title) continue;
    const check = validateRepeat({ kind: 'rule', rule }, today);
    return check.ok ? { kind: 'repeat', title, repeat: check.repeat, firstDate: check.firstDate } : { kind: 'refused', title, error: check.error };
  }
  return null;
}

/** A trailing day: chrono's reading of the text's end, when it names a day (not only a time or a month). */
function readDay(text: string, now: Date): QuickAdd | null {
  const today = localDayKey(now);
  // From today's noon: 'friday' said on a Friday is today at any hour, and no DST hour can shift a day.
  const results = chrono.parse(text, new Date(now.getFullYear(), now.getMonth(), now.getDate(), 12), { forwardDate: true });
  const last = results[results.length - 1];
  if (!last || last.index === 0 || text.slice(last.index + last.text.length).trim() !== '') return null;
  const title = text.slice(0, last.index).trim();
  // 'every monday' that rrule did not take is not 'monday'; a time of day or a range is not planned here.
  if (!title || /\bevery$/i.test(title) || last.start.isCertain('hour') || last.end) return null;
  const week = /^(this|next) week$/i.exec(last.text);
  if (week) {
    const monday = dayKeyOf(mondayOf(dayNumber(today)));
    return { kind: 'date', title, date: week[1]!.toLowerCase() === 'next' ? addDays(monday, 7) : today };
  }
  if (!last.start.isCertain('day') && !last.start.isCertain('weekday')) return null;
  // chrono reads a bare 'the week' or 'a week' as a date a week on ('Plan the week' landed on next Wednesday as
  // 'Plan'): a trailing day must name one (today, tomorrow, a weekday) or hold a number (the 5th, in 3 days, 12/3).
  if (!/\b(today|tonight|tomorrow|mon|tue|wed|thu|fri|sat|sun)|\d/i.test(last.text)) return null;
  return { kind: 'date', title, date: localDayKey(last.start.date()) };
}

/**
 * Reads what was typed into an add box on `now` (the device's clock: 'tomorrow' is its tomorrow). The literal
 * text is the caller's to keep: Undo turns the result back into a plain task with it.
 */
export function parseQuickAdd(input: string, now: Date = new Date()): QuickAdd {
  const text = input.trim().replace(/\s+/g, ' ');
  const someday = /^(.*\S)\s+some ?day$/i.exec(text);
  if (someday) return { kind: 'date', title: someday[1]!, date: SOMEDAY };
  return readRepeat(text, localDayKey(now)) ?? readDay(text, now) ?? { kind: 'plain', title: text };
}
