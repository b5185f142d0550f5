import { dayNumber } from '../series/days';
import { SOMEDAY, type DayTasks, type TaskDate, type TaskDays, type TaskEntity } from '../tasks/types';
import { fold } from './fold';

// What search looks through: one document per task and per series (with the occurrences a person renamed or
// wrote notes on), folded once. It is derived from the store's state on every change and never stored: a day's
// documents are kept while that day's state object is the same (an edit copies only the day it touches), so
// after an edit only that day is folded again. Checklist items are lines after the notes (notesAndItems); a named
// list is a place of a document (its column key), not another index.

/** Where picking a result goes: a task's card, or an occurrence's (series id and the day its rule gave it). */
export type SearchTarget = { kind: 'task'; id: string } | { kind: 'occurrence'; seriesId: string; originalDate: string };

export interface SearchDoc {
  /** Unique in the index. */
  key: string;
  /** Documents of one group yield one result: a series (template and edited occurrences) is one. */
  group: string;
  target: SearchTarget;
  title: string;
  notes: string;
  foldedTitle: string;
  foldedNotes: string;
  /** Where it stands: a day key, 'someday' or a list's column (for a series, the occurrence a result goes to). */
  date: TaskDate;
  /** The day's number (days since 1970), NaN for Some Day: ranking by nearness to today. */
  day: number;
  completed: boolean;
  /** A series' repeat in words ('Every Monday'). */
  repeatText?: string;
  /** A series result found by the series' own title or notes, shown with its next occurrence. */
  next?: boolean;
}

export interface SearchIndex {
  docs: readonly SearchDoc[];
}

/**
 * The text searched beside the title: the notes, then one line per checklist item ('☐ Passport', '☑ Charger'),
 * so an item's word finds its task and the result shows that item's line, as a line of the notes.
 */
export function notesAndItems(notes: string, checklist: readonly { text: string; done?: boolean }[] | undefined): string {
  if (!checklist?.length) return notes;
  const lines = checklist.map((item) => `${item.done ? '☑' : '☐'} ${item.text}`);
  return notes ? `${notes}\n${lines.join('\n')}` : lines.join('\n');
}

const dayOf = (date: TaskDate) => (date === SOMEDAY || date.startsWith('list:') ? NaN : dayNumber(date));

export function makeDoc(fields: Omit<SearchDoc, 'foldedTitle' | 'foldedNotes' | 'day'>): SearchDoc {
  return { ...fields, foldedTitle: fold(fields.title), foldedNotes: fold(fields.notes), day: dayOf(fields.date) };
}

// Task entities are immutable: a rename or a completion makes a new object, so a document is kept per object.
const taskDocs = new WeakMap<TaskEntity, SearchDoc>();
const dayDocs = new WeakMap<DayTasks, SearchDoc[]>();

function taskDoc(task: TaskEntity): SearchDoc {
  let doc = taskDocs.get(task);
  if (!doc) {
    const key = `task:${task.id}`;
    doc = makeDoc({ key, group: key, target: { kind: 'task', id: task.id }, title: task.title, notes: notesAndItems(task.notes ?? '', task.checklist), date: task.date, completed: task.completed });
    taskDocs.set(task, doc);
  }
  return doc;
}

function docsOfDay(day: DayTasks): SearchDoc[] {
  let docs = dayDocs.get(day);
  if (!docs) {
    docs = day.ids.map((id) => taskDoc(day.entities[id]!));
    dayDocs.set(day, docs);
  }
  return docs;
}

/** The index of every task (every week, Some Day, completed ones) and the series' documents (seriesDocs). */
export function buildIndex(days: TaskDays, series: readonly SearchDoc[] = []): SearchIndex {
  const docs: SearchDoc[] = [];
  for (const date in days) {
    for (const doc of docsOfDay(days[date]!)) docs.push(doc);
  }
  for (const doc of series) docs.push(doc);
  return { docs };
}
