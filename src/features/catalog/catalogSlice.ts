import { createAction, type UnknownAction } from '@reduxjs/toolkit';
import { fold } from '../search/fold';
import { isCatalogEvent as isCatalogType } from './catalogCode';
import { emptyCatalog, isLabelColour, MAX_LABELS, MAX_LISTS, NAME_MAX_LENGTH, type CatalogState, type Label, type LabelColour, type TaskList } from './types';

// The events of labels and lists (docs/organize.md). Types keep the 'tasks/' prefix: they ride the cloud log, whose
// check takes `tasks/<Name>`. Ids and timestamps are made in `prepare`, so the reducer is pure and replays. Every
// event sets (never toggles); an event about a label or list that is not there does nothing; a name the rules
// refuse (empty, too long, taken) does nothing, from this device or from another's log.

const newId = (prefix: string, now: number) => `${prefix}-${now}-${Math.random().toString(36).slice(2, 11)}`;

export const labelCreated = createAction('tasks/labelCreated', (name: string, colour: LabelColour, id?: string) => {
  const createdAt = Date.now();
  return { payload: { id: id ?? newId('label', createdAt), name, colour, createdAt } };
});
export const labelRenamed = createAction<{ id: string; name: string }>('tasks/labelRenamed');
export const labelRecoloured = createAction<{ id: string; colour: LabelColour }>('tasks/labelRecoloured');
/** The label goes; tasks keep its id, which then names nothing (and shows nothing). A later labelCreated with that id brings it back. */
export const labelDeleted = createAction<{ id: string }>('tasks/labelDeleted');

export const listCreated = createAction('tasks/listCreated', (name: string, id?: string) => {
  const createdAt = Date.now();
  return { payload: { id: id ?? newId('list', createdAt), name, createdAt } };
});
export const listRenamed = createAction<{ id: string; name: string }>('tasks/listRenamed');
/** The list to `toIndex` among the lists (its index once it is taken out of its place). */
export const listMoved = createAction<{ id: string; toIndex: number }>('tasks/listMoved');
export const listArchivedSet = createAction<{ id: string; archived: boolean }>('tasks/listArchivedSet');
export const listDeleted = createAction<{ id: string }>('tasks/listDeleted');
/**
 * Labels and lists put back as given when their id is not there (an import, a device's own catalog seeded into an
 * empty log, the undo of a delete): the same rules as a create, so a name taken here merges (labels) or is skipped.
 */
export const catalogRestored = createAction<{ labels: Label[]; lists: TaskList[] }>('tasks/catalogRestored');

export const catalogEvents = [
  labelCreated,
  labelRenamed,
  labelRecoloured,
  labelDeleted,
  listCreated,
  listRenamed,
  listMoved,
  listArchivedSet,
  listDeleted,
  catalogRestored,
] as const;
export type CatalogEvent = ReturnType<(typeof catalogEvents)[number]>;

export const isCatalogEvent = (action: unknown): action is CatalogEvent => isCatalogType(action);

/** A name as kept: trimmed, inner runs of spaces made one. */
export const cleanName = (name: unknown) => (typeof name === 'string' ? name.trim().replace(/\s+/g, ' ') : '');
/** Two names are the same label when they differ only in case and accents ('Café' and 'cafe'). */
export const nameKey = (name: string) => fold(cleanName(name));

/** Why a label name cannot be used, or null when it can. `except`: the label being renamed. */
export function labelNameProblem(state: CatalogState, name: string, except?: string): string | null {
  const clean = cleanName(name);
  if (!clean) return 'A label needs a name.';
  if (clean.length > NAME_MAX_LENGTH) return `A label's name can be at most ${NAME_MAX_LENGTH} characters (this one has ${clean.length}).`;
  const key = nameKey(clean);
  const taken = state.labels.find((label) => label.id !== except && nameKey(label.name) === key);
  if (taken) return `There is already a label named “${taken.name}”.`;
  if (!except && state.labels.length >= MAX_LABELS) return `There can be at most ${MAX_LABELS} labels.`;
  return null;
}

/** Why a list name cannot be used, or null when it can. */
export function listNameProblem(state: CatalogState, name: string, creating: boolean): string | null {
  const clean = cleanName(name);
  if (!clean) return 'A list needs a name.';
  if (clean.length > NAME_MAX_LENGTH) return `A list's name can be at most ${NAME_MAX_LENGTH} characters (this one has ${clean.length}).`;
  if (creating && state.lists.length >= MAX_LISTS) return `There can be at most ${MAX_LISTS} lists.`;
  return null;
}

const isText = (value: unknown): value is string => typeof value === 'string' && value.length > 0 && value.length <= 200;
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isLabelShape = (value: unknown): value is Label =>
  isRecord(value) && isText(value.id) && typeof value.name === 'string' && isLabelColour(value.colour) && typeof value.createdAt === 'number';
const isListShape = (value: unknown): value is TaskList =>
  isRecord(value) && isText(value.id) && typeof value.name === 'string' && typeof value.archived === 'boolean' && typeof value.createdAt === 'number';

/** Whether a value from the log, another tab or a file is a catalog event this version understands. */
export function isWellFormedCatalogEvent(value: unknown): value is CatalogEvent {
  if (!isRecord(value) || !isCatalogEvent(value) || !isRecord(value.payload)) return false;
  const p = value.payload as Record<string, unknown>;
  switch (value.type) {
    case labelCreated.type:
      return isText(p.id) && typeof p.name === 'string' && isLabelColour(p.colour) && typeof p.createdAt === 'number';
    case labelRenamed.type:
    case listRenamed.type:
      return isText(p.id) && typeof p.name === 'string';
    case labelRecoloured.type:
      return isText(p.id) && isLabelColour(p.colour);
    case labelDeleted.type:
    case listDeleted.type:
      return isText(p.id);
    case listCreated.type:
      return isText(p.id) && typeof p.name === 'string' && typeof p.createdAt === 'number';
    case listMoved.type:
      return isText(p.id) && typeof p.toIndex === 'number' && Number.isInteger(p.toIndex) && p.toIndex >= 0;
    case listArchivedSet.type:
      return isText(p.id) && typeof p.archived === 'boolean';
    case catalogRestored.type:
      return Array.isArray(p.labels) && p.labels.every(isLabelShape) && Array.isArray(p.lists) && p.lists.every(isListShape);
    default:
      return false;
  }
}

function addLabel(state: CatalogState, label: Label): CatalogState {
  if (!isText(label.id) || !isLabelColour(label.colour) || state.labels.some((one) => one.id === label.id) || label.id in state.aliases) return state;
  const name = cleanName(label.name);
  const key = nameKey(name);
  const same = state.labels.find((one) => nameKey(one.name) === key);
  // Made elsewhere under a name this catalog has: the same label (see CatalogState.aliases).
  if (same) return { ...state, aliases: { ...state.aliases, [label.id]: same.id } };
  if (labelNameProblem(state, name)) return state;
  return { ...state, labels: [...state.labels, { id: label.id, name, colour: label.colour, createdAt: Number.isFinite(label.createdAt) ? label.createdAt : 0 }] };
}

function addList(state: CatalogState, list: TaskList): CatalogState {
  if (!isText(list.id) || state.lists.some((one) => one.id === list.id)) return state;
  const name = cleanName(list.name);
  if (listNameProblem(state, name, true)) return state;
  return { ...state, lists: [...state.lists, { id: list.id, name, archived: list.archived === true, createdAt: Number.isFinite(list.createdAt) ? list.createdAt : 0 }] };
}

const withLabel = (state: CatalogState, id: string, change: (label: Label) => Label | null): CatalogState => {
  const at = state.labels.findIndex((label) => label.id === id);
  if (at < 0) return state;
  const next = change(state.labels[at]!);
  if (next === state.labels[at]) return state;
  const labels = [...state.labels];
  if (next) labels[at] = next;
  else labels.splice(at, 1);
  return { ...state, labels };
};

const withList = (state: CatalogState, id: string, change: (list: TaskList) => TaskList | null): CatalogState => {
  const at = state.lists.findIndex((list) => list.id === id);
  if (at < 0) return state;
  const next = change(state.lists[at]!);
  if (next === state.lists[at]) return state;
  const lists = [...state.lists];
  if (next) lists[at] = next;
  else lists.splice(at, 1);
  return { ...state, lists };
};

/** One event on the catalog. Anything malformed or refused leaves it as it is (the same object). */
export function catalogReducer(state: CatalogState = emptyCatalog, action: UnknownAction): CatalogState {
  if (!isWellFormedCatalogEvent(action)) return state;
  const event = action;
  switch (event.type) {
    case labelCreated.type: {
      const { id, name, colour, createdAt } = event.payload as ReturnType<typeof labelCreated>['payload'];
      return addLabel(state, { id, name, colour, createdAt });
    }
    case labelRenamed.type: {
      const { id, name } = event.payload as { id: string; name: string };
      const clean = cleanName(name);
      return withLabel(state, resolveLabelId(state, id), (label) =>
        clean === label.name || labelNameProblem(state, clean, label.id) ? label : { ...label, name: clean },
      );
    }
    case labelRecoloured.type: {
      const { id, colour } = event.payload as { id: string; colour: LabelColour };
      return withLabel(state, resolveLabelId(state, id), (label) => (label.colour === colour ? label : { ...label, colour }));
    }
    case labelDeleted.type:
      return withLabel(state, resolveLabelId(state, (event.payload as { id: string }).id), () => null);
    case listCreated.type: {
      const { id, name, createdAt } = event.payload as ReturnType<typeof listCreated>['payload'];
      return addList(state, { id, name, createdAt, archived: false });
    }
    case listRenamed.type: {
      const { id, name } = event.payload as { id: string; name: string };
      const clean = cleanName(name);
      return withList(state, id, (list) => (clean === list.name || listNameProblem(state, clean, false) ? list : { ...list, name: clean }));
    }
    case listArchivedSet.type: {
      const { id, archived } = event.payload as { id: string; archived: boolean };
      return withList(state, id, (list) => (list.archived === archived ? list : { ...list, archived }));
    }
    case listDeleted.type:
      return withList(state, (event.payload as { id: string }).id, () => null);
    case listMoved.type: {
      const { id, toIndex } = event.payload as { id: string; toIndex: number };
      const from = state.lists.findIndex((list) => list.id === id);
      if (from < 0) return state;
      const lists = [...state.lists];
      const [list] = lists.splice(from, 1);
      const to = Math.min(toIndex, lists.length);
      if (to === from) return state;
      lists.splice(to, 0, list!);
      return { ...state, lists };
    }
    case catalogRestored.type: {
      const { labels, lists } = event.payload as { labels: Label[]; lists: TaskList[] };
      let next = state;
      for (const label of labels) next = addLabel(next, label);
      for (const list of lists) next = addList(next, list);
      return next;
    }
    default:
      return state;
  }
}

/** The catalog after `events` (the catalog events among them), in order. */
export function replayCatalog(base: CatalogState, events: Iterable<unknown>): CatalogState {
  let state = base;
  for (const event of events) if (isCatalogEvent(event)) state = catalogReducer(state, event as UnknownAction);
  return state;
}

/** The label an id stands for (following a merge of two same-named labels). */
export function resolveLabelId(state: CatalogState, id: string): string {
  let at = id;
  // Aliases point at labels that were there first, so a chain ends; the bound only guards a hand-edited store.
  for (let hops = 0; hops < 8 && state.aliases[at] !== undefined; hops++) at = state.aliases[at]!;
  return at;
}
