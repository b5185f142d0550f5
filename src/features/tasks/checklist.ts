// A task's checklist (issue 43.4): pure list operations shared by the task reducer (a task's own items) and the
// series reducer (a series template's items, ticked per occurrence). Items are keyed by id, never by place, so
// two devices editing one list offline merge by the log's order: an edit of an item that is gone does nothing,
// an add whose id is already there does nothing, a move names the item and its new index.

export interface ChecklistItem {
  id: string;
  text: string;
  done: boolean;
}

/** A series template's item: ticks belong to each occurrence (OccurrenceException.checked). */
export interface TemplateItem {
  id: string;
  text: string;
}

/**
 * At most this many items in one list: a person's checklist, not a database. With the text cap, a full list
 * (~100 × ~250 bytes as JSON) is larger than one log event (8 KB), so a whole task or series carrying one goes to
 * the log split into item events (bulkEvents.ts, series/splitForLog).
 */
export const CHECKLIST_MAX_ITEMS = 100;
/** At most this many characters in an item's text. */
export const CHECKLIST_ITEM_MAX_LENGTH = 200;

export const CHECKLIST_FULL = `A checklist holds at most ${CHECKLIST_MAX_ITEMS} items: delete one to add another.`;
export const ITEM_TOO_LONG = `An item holds at most ${CHECKLIST_ITEM_MAX_LENGTH} characters: shorten it or put the rest in the notes.`;
export const ITEM_EMPTY = 'Type the item first.';

export const newChecklistItemId = (now: number = Date.now()): string => `item-${now}-${Math.random().toString(36).slice(2, 11)}`;

const NO_ITEMS: readonly never[] = Object.freeze([]);

/** Why this text cannot be an item (of a list that holds `count`, when adding), or null. Nothing is stored on a refusal. */
export function itemRefusal(text: string, count?: number): string | null {
  const trimmed = text.trim();
  if (!trimmed) return ITEM_EMPTY;
  if (trimmed.length > CHECKLIST_ITEM_MAX_LENGTH) return ITEM_TOO_LONG;
  if (count !== undefined && count >= CHECKLIST_MAX_ITEMS) return CHECKLIST_FULL;
  return null;
}

/** The text as stored, or null when the reducer must ignore it (an event past the caps, from the log or a tab). */
const acceptedText = (text: unknown): string | null => {
  if (typeof text !== 'string') return null;
  const trimmed = text.trim();
  return trimmed && trimmed.length <= CHECKLIST_ITEM_MAX_LENGTH ? trimmed : null;
};

const clampIndex = (index: unknown, length: number) =>
  typeof index === 'number' && Number.isFinite(index) ? Math.max(0, Math.min(Math.trunc(index), length)) : length;

const frozen = <T>(list: T[]): readonly T[] => Object.freeze(list);

// Each operation returns the new list, or null when the event changes nothing (so the caller keeps its object).

export function addItem<T extends TemplateItem>(list: readonly T[] | undefined, item: T, index?: number): readonly T[] | null {
  const items = list ?? NO_ITEMS;
  const text = acceptedText(item.text);
  if (typeof item.id !== 'string' || !item.id || text === null || items.length >= CHECKLIST_MAX_ITEMS) return null;
  if (items.some((one) => one.id === item.id)) return null;
  const next = [...items];
  next.splice(clampIndex(index, items.length), 0, Object.freeze({ ...item, text }));
  return frozen(next);
}

export function setItemText<T extends TemplateItem>(list: readonly T[] | undefined, id: string, text: unknown): readonly T[] | null {
  const accepted = acceptedText(text);
  const at = list?.findIndex((one) => one.id === id) ?? -1;
  if (!list || at < 0 || accepted === null || list[at]!.text === accepted) return null;
  const next = [...list];
  next[at] = Object.freeze({ ...list[at]!, text: accepted });
  return frozen(next);
}

export function setItemDone(list: readonly ChecklistItem[] | undefined, id: string, done: boolean): readonly ChecklistItem[] | null {
  const at = list?.findIndex((one) => one.id === id) ?? -1;
  if (!list || at < 0 || list[at]!.done === done) return null;
  const next = [...list];
  next[at] = Object.freeze({ ...list[at]!, done });
  return frozen(next);
}

/** Moves an item to `toIndex` of the list without it (as taskMoved does with a day's tasks). */
export function moveItem<T extends TemplateItem>(list: readonly T[] | undefined, id: string, toIndex: unknown): readonly T[] | null {
  const at = list?.findIndex((one) => one.id === id) ?? -1;
  if (!list || at < 0) return null;
  const rest = list.filter((one) => one.id !== id);
  const to = clampIndex(toIndex, rest.length);
  if (to === at) return null;
  rest.splice(to, 0, list[at]!);
  return frozen(rest);
}

export function deleteItem<T extends TemplateItem>(list: readonly T[] | undefined, id: string): readonly T[] | null {
  if (!list || !list.some((one) => one.id === id)) return null;
  return frozen(list.filter((one) => one.id !== id));
}

export interface Progress {
  done: number;
  total: number;
}

export const progressOf = (list: readonly { done: boolean }[] | undefined): Progress | undefined =>
  list && list.length > 0 ? { done: list.filter((one) => one.done).length, total: list.length } : undefined;

/** '2 of 5 done': what the card's '2/5' says to a screen reader. */
export const progressText = ({ done, total }: Progress) => `Checklist: ${done} of ${total} done`;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A checklist read from elsewhere (storage, a backup, a restored task), leniently: entries that are not items,
 * repeated ids and what is past the caps are dropped; undefined when nothing is left (the field is absent).
 */
export function readChecklist(value: unknown): ChecklistItem[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const seen = new Set<string>();
  const items: ChecklistItem[] = [];
  for (const entry of value) {
    if (items.length >= CHECKLIST_MAX_ITEMS) break;
    if (!isRecord(entry) || typeof entry.id !== 'string' || !entry.id || seen.has(entry.id)) continue;
    const text = acceptedText(entry.text);
    if (text === null) continue;
    seen.add(entry.id);
    items.push(Object.freeze({ id: entry.id, text, done: entry.done === true }));
  }
  return items.length > 0 ? (Object.freeze(items) as ChecklistItem[]) : undefined;
}

/** A template's items read from elsewhere (no ticks: those are each occurrence's). */
export function readTemplateItems(value: unknown): TemplateItem[] | undefined {
  return readChecklist(value)?.map(({ id, text }) => ({ id, text }));
}

/** Whether a value is a checklist exactly as this version keeps it (strict: for checking events from the log). */
export const isChecklistShape = (value: unknown): boolean =>
  Array.isArray(value) && value.length <= CHECKLIST_MAX_ITEMS && readChecklist(value)?.length === value.length;

/** Same items, same order, same ticks. */
export function sameChecklist(a: readonly ChecklistItem[] | undefined, b: readonly ChecklistItem[] | undefined): boolean {
  if (a === b) return true;
  const left = a ?? NO_ITEMS;
  const right = b ?? NO_ITEMS;
  return left.length === right.length && left.every((one, n) => one.id === right[n]!.id && one.text === right[n]!.text && one.done === right[n]!.done);
}
