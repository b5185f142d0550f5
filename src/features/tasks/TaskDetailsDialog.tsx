import { useState, type FormEvent, type ReactNode } from 'react';
import { Dialog } from '../../components/ui/Dialog';
import { NOTES_MAX_LENGTH } from './events';
import type { Repeat } from '../series/types';
import { ChecklistEditor, type ChecklistEditorProps } from './ChecklistEditor';
import { RepeatPicker } from './RepeatPicker';
import { buildRepeat, defaultRepeatForm, repeatFormOf, sameRepeat, type RepeatForm } from './repeatForm';

export interface TaskDetailsChange {
  title: string;
  notes: string;
  /** A new repeat chosen in the picker: a plain task starts repeating, a series changes its rule. */
  repeat?: Repeat;
}

/** A refusal (the validator's message) keeps the dialog open and shows it; nothing was stored. */
type SaveResult = void | Promise<string | null>;

/** For an occurrence of a series: what the series does, as it stands for this occurrence. */
export interface SeriesFacts {
  /** Its repeat in words ('Every Monday'). */
  repeatText: string;
  /** The repeat itself, shown in the picker (kept as it is when the picker's choices cannot show it). */
  repeat: Repeat;
  /** 'Mon 30 Nov 2026' */
  firstDay: string;
  /** The last day, or null while it repeats on. */
  lastDay: string | null;
  /** 3 for the third occurrence. */
  number: number;
}

export interface TaskDetailsDialogProps {
  open: boolean;
  title: string;
  notes: string;
  /** For an occurrence of a series: what the series does; a change then is for this occurrence (or, a new repeat, from it on). */
  series?: SeriesFacts;
  onSave: (change: TaskDetailsChange) => SaveResult;
  /** The task's checklist and what changing it does (each change an event at once, not on Save). */
  checklist?: ChecklistEditorProps;
  /** 'Move to…' (a task, or one occurrence of a series). */
  onMove?: () => void;
  /** 'Stop repeating' (an occurrence): nothing after today. */
  onStopRepeating?: () => void;
  /** 'Delete' (an occurrence): this one; its toast offers the others. */
  onDelete?: () => void;
  onClose: () => void;
  /** The task's labels (catalog/TaskLabelsField.tsx): set at once, as they are ticked. */
  labels?: ReactNode;
}

const field =
  'w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm outline-none focus:border-indigo-500 focus:ring-2 focus:ring-indigo-500/30 dark:border-slate-700 dark:bg-slate-950';
const action =
  'min-h-11 cursor-pointer rounded-lg border border-slate-200 px-3 text-sm font-medium transition hover:border-indigo-300 hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:border-slate-700 dark:hover:bg-indigo-500/10';
const primary =
  'min-h-11 cursor-pointer rounded-lg bg-indigo-600 px-4 text-sm font-semibold text-white transition hover:bg-indigo-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500';
// A sheet from the bottom on a phone (narrow or coarse pointer), a dialog elsewhere.
const SHEET = 'max-w-lg max-sm:mb-0 max-sm:w-full max-sm:max-w-none max-sm:rounded-b-none pointer-coarse:mb-0';

const LINK = /\bhttps?:\/\/[^\s<>"]+[^\s<>".,;:!?)\]]/g;

/** The web addresses in the notes, in order, each once: shown as links under the notes. */
const linksIn = (notes: string): string[] => [...new Set(notes.match(LINK) ?? [])];

/**
 * A task's details: title, notes (plain text; its links listed and clickable), and for an occurrence of a series
 * what the series does (its repeat, first and last day, which occurrence this is) and 'Stop repeating'. Nothing
 * typed is lost: closing it by ×, Escape or a click outside saves what changed, as Save does (a refusal keeps it
 * open with the reason). The parent keeps it mounted per task (a new `key`), so the fields start from the task.
 */
export function TaskDetailsDialog({ open, title, notes, series, checklist, labels, onSave, onMove, onStopRepeating, onDelete, onClose }: TaskDetailsDialogProps) {
  const [draftTitle, setDraftTitle] = useState(title);
  const [draftNotes, setDraftNotes] = useState(notes);
  const [initialRepeat] = useState<RepeatForm>(() => (series ? (repeatFormOf(series.repeat) ?? { ...defaultRepeatForm(), choice: 'asIs' }) : defaultRepeatForm()));
  const [repeat, setRepeat] = useState(initialRepeat);
  const [refusal, setRefusal] = useState<string | null>(null);
  const newRepeat = sameRepeat(repeat, initialRepeat) ? undefined : (buildRepeat(repeat) ?? undefined);
  // An emptied title keeps the one it had: the notes typed with it are still saved.
  const change: TaskDetailsChange = { title: draftTitle.trim() || title, notes: draftNotes.trim(), ...(newRepeat ? { repeat: newRepeat } : {}) };
  const changed = change.title !== title || change.notes !== notes.trim() || newRepeat !== undefined;
  const links = linksIn(draftNotes);

  /** Save, the × button, Escape and a click outside: what changed is saved; a refusal keeps the dialog open. */
  const finish = async () => {
    if (!changed) return onClose();
    const error = await onSave(change);
    if (error) setRefusal(error);
  };
  // 'Move to…' keeps what was typed too: saved first, then the days to move to.
  const move = async () => {
    const error = changed ? await onSave(change) : null;
    if (error) setRefusal(error);
    else onMove?.();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void finish();
  };

  return (
    <Dialog open={open} onClose={() => void finish()} title="Task details" description={series?.repeatText} width={SHEET}>
      <form onSubmit={submit} className="space-y-4">
          {series && (
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
              <dt className="text-slate-600 dark:text-slate-400">This is</dt>
              <dd>Occurrence {series.number}</dd>
              <dt className="text-slate-600 dark:text-slate-400">First day</dt>
              <dd>{series.firstDay}</dd>
              <dt className="text-slate-600 dark:text-slate-400">Last day</dt>
              <dd>{series.lastDay ?? 'None: it repeats on'}</dd>
            </dl>
          )}
          <label className="block text-sm font-medium">
            Title
            <input className={`${field} mt-1`} value={draftTitle} onChange={(event) => setDraftTitle(event.target.value)} required />
          </label>
          <label className="block text-sm font-medium">
            Notes
            <textarea
              className={`${field} mt-1 min-h-28`}
              value={draftNotes}
              maxLength={NOTES_MAX_LENGTH}
              onChange={(event) => setDraftNotes(event.target.value)}
            />
          </label>
          {links.length > 0 && (
            <ul aria-label="Links in the notes" className="space-y-1 text-sm">
              {links.map((href) => (
                <li key={href} className="truncate">
                  <a href={href} target="_blank" rel="noopener noreferrer" className="text-indigo-600 underline dark:text-indigo-400">
                    {href}
                  </a>
                </li>
              ))}
            </ul>
          )}
          {labels}
          {checklist && <ChecklistEditor {...checklist} />}
          <RepeatPicker value={repeat} onChange={(value) => (setRepeat(value), setRefusal(null))} seriesRepeat={series?.repeatText} />
          {refusal && (
            <p role="alert" className="text-sm text-red-700 dark:text-red-400">
              {refusal}
            </p>
          )}
          <div className="flex flex-wrap justify-end gap-2">
            {onMove && (
              <button type="button" className={`${action} mr-auto`} aria-haspopup="dialog" onClick={() => void move()}>
                Move to…
              </button>
            )}
            {onStopRepeating && (
              <button type="button" className={`${action} mr-auto`} onClick={onStopRepeating}>
                Stop repeating
              </button>
            )}
            {onDelete && (
              <button type="button" className={action} onClick={() => onDelete()}>
                Delete
              </button>
            )}
            <button type="submit" className={primary}>
              Save
            </button>
          </div>
      </form>
    </Dialog>
  );
}
