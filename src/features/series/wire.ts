import { CHECKLIST_MAX_ITEMS, isChecklistShape, readTemplateItems } from '../tasks/checklist';
import { labelsField, SOMEDAY } from '../tasks/types';
import { isDayKey } from './days';
import { isUsableRepeat, SERIES_EVENT_TYPES, type SeriesEvent } from './seriesSlice';
import { occurrenceKey, type OccurrenceException, type Repeat, type Series } from './types';

// Series data read from elsewhere (storage, a backup file, the cloud log, another tab) is checked field by
// field: what does not have the shape this version reduces is dropped or refused, never applied.

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isText = (value: unknown): value is string => typeof value === 'string' && value.length > 0;
const optional = (value: unknown, check: (v: unknown) => boolean) => value === undefined || check(value);
const isPlace = (value: unknown) => value === SOMEDAY || isDayKey(value);
const isBoolean = (value: unknown) => typeof value === 'boolean';
const isString = (value: unknown) => typeof value === 'string';
const isIndex = (value: unknown) => typeof value === 'number' && Number.isInteger(value) && value >= 0;

function readRepeat(value: unknown): Repeat | null {
  if (!isRecord(value)) return null;
  const repeat = value.kind === 'rule' && isString(value.rule) ? { kind: 'rule' as const, rule: value.rule as string } : value.kind === 'afterCompletion' ? { kind: 'afterCompletion' as const, days: value.days as number } : null;
  return repeat && isUsableRepeat(repeat) ? repeat : null;
}

/** A series as this version keeps it, or null. */
export function readSeries(value: unknown): Series | null {
  if (!isRecord(value) || !isText(value.id) || !isRecord(value.template) || !isDayKey(value.firstDate)) return null;
  const { title, notes } = value.template;
  const repeat = readRepeat(value.repeat);
  if (!isString(title) || !isString(notes) || !repeat || !optional(value.lastDate, isDayKey)) return null;
  if (typeof value.createdAt !== 'number' || !Number.isFinite(value.createdAt)) return null;
  if (value.template.checklist !== undefined && !isChecklistShape(value.template.checklist)) return null;
  if (!optional(value.template.labels, isLabelIds)) return null;
  const checklist = readTemplateItems(value.template.checklist);
  const template = { title: title as string, notes: notes as string, ...(checklist ? { checklist } : {}), ...labelsField(value.template.labels) };
  const series: Series = { id: value.id, template, firstDate: value.firstDate, repeat, createdAt: value.createdAt };
  if (value.lastDate !== undefined) series.lastDate = value.lastDate as string;
  return series;
}

/** An occurrence's exception, or null; its id must be its (seriesId, originalDate) key. */
export function readException(value: unknown): OccurrenceException | null {
  if (!isRecord(value) || !isText(value.seriesId) || !isDayKey(value.originalDate) || value.id !== occurrenceKey(value.seriesId, value.originalDate)) return null;
  const fields: Array<[keyof OccurrenceException, (v: unknown) => boolean]> = [
    ['completed', isBoolean],
    ['completedOn', isDayKey],
    ['title', isString],
    ['notes', isString],
    ['movedTo', isPlace],
    ['skipped', isBoolean],
    ['checked', isItemIds],
  ];
  const exception: OccurrenceException = { id: value.id, seriesId: value.seriesId, originalDate: value.originalDate };
  for (const [key, check] of fields) {
    if (!optional(value[key], check)) return null;
    if (value[key] !== undefined) Object.assign(exception, { [key]: value[key] });
  }
  return exception;
}

const isLabelIds = (value: unknown) => Array.isArray(value) && value.every(isText);
const isItemIds = (value: unknown) => Array.isArray(value) && value.length <= CHECKLIST_MAX_ITEMS && value.every(isText);
const isRef = (p: Record<string, unknown>) => isText(p.seriesId) && isDayKey(p.originalDate);
const isTemplateChange = (value: unknown) => value === undefined || (isRecord(value) && optional(value.title, isString) && optional(value.notes, isString));
const orNull = (check: (v: unknown) => boolean) => (value: unknown) => value === null || check(value);

/** Whether a value from the log or another tab is a series event this version understands, with the payload its reducer expects. */
export function isWellFormedSeriesEvent(value: unknown): value is SeriesEvent {
  if (!isRecord(value) || !isString(value.type) || !SERIES_EVENT_TYPES.includes(value.type as string) || !isRecord(value.payload)) return false;
  const p = value.payload;
  switch ((value.type as string).slice('series/'.length)) {
    case 'seriesCreated':
      return readSeries(p.series) !== null;
    case 'seriesTemplateChanged':
      return isText(p.id) && isTemplateChange(p.template) && (p.repeat === undefined || readRepeat(p.repeat) !== null);
    case 'seriesEndSet':
      return isText(p.id) && orNull(isDayKey)(p.lastDate);
    case 'seriesSplit':
      return isText(p.id) && isDayKey(p.lastDate) && readSeries(p.next) !== null;
    case 'seriesDeleted':
      return isText(p.id);
    case 'seriesRestored':
      return readSeries(p.series) !== null && Array.isArray(p.exceptions) && p.exceptions.every((e) => readException(e) !== null);
    case 'occurrenceCompletionSet':
      return isRef(p) && isBoolean(p.completed) && isDayKey(p.on);
    case 'occurrenceEdited':
      return isRef(p) && optional(p.title, orNull(isString)) && optional(p.notes, orNull(isString));
    case 'occurrenceMoved':
      return isRef(p) && isPlace(p.to);
    case 'occurrenceSkipped':
      return isRef(p) && isBoolean(p.skipped);
    case 'seriesChecklistItemAdded':
      return isText(p.id) && isRecord(p.item) && isText(p.item.id) && isString(p.item.text) && optional(p.index, isIndex);
    case 'seriesChecklistItemTextSet':
      return isText(p.id) && isText(p.itemId) && isString(p.text);
    case 'seriesChecklistItemMoved':
      return isText(p.id) && isText(p.itemId) && isIndex(p.toIndex);
    case 'seriesChecklistItemDeleted':
      return isText(p.id) && isText(p.itemId);
    case 'occurrenceChecklistItemDoneSet':
      return isRef(p) && isText(p.itemId) && isBoolean(p.done);
    case 'seriesLabelsSet':
      return isText(p.id) && isLabelIds(p.labels);
    case 'occurrencesRolledOver':
      return isDayKey(p.to) && Array.isArray(p.items) && p.items.every((item) => isRecord(item) && isRef(item));
    default:
      return false;
  }
}
