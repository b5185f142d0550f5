import { useId, useState, type FormEvent } from 'react';
import { Dialog } from '../../components/ui/Dialog';
import { NOTES_MAX_LENGTH } from './events';
import type { Repeat } from '../series/types';
import { RepeatPicker } from './RepeatPicker';
import { buildRepeat, defaultRepeatForm } from './repeatForm';

/** Which occurrences of a series a change is for (series/scopes.ts). */
export type DetailsScope = 'this' | 'following' | 'all';

export interface TaskDetailsChange {
  title: string;
  notes: string;
  /** A new repeat chosen in the picker: a plain task starts repeating, a series changes its rule. */
  repeat?: Repeat;
}

/** A refusal (the validator's message) keeps the dialog open and shows it; nothing was stored. */
type SaveResult = void | Promise<string | null>;

export interface TaskDetailsDialogProps {
  open: boolean;
  title: string;
  notes: string;
  /** For an occurrence of a series: its repeat in words; a change then asks which occurrences it is for. */
  repeatText?: string;
  onSave: (change: TaskDetailsChange, scope?: DetailsScope) => SaveResult;
  /** 'Move to…' (a task, or one occurrence of a series). */
  onMove?: () => void;
  /** 'Stop repeating' (an occurrence): nothing after today. */
  onStopRepeating?: () => void;
  /** 'Delete…' (an occurrence), once its scope is chosen: this one, this and following, or the whole series. */
  onDelete?: (scope: DetailsScope) => void;
  onClose: () => void;
}

const SCOPES: Array<[DetailsScope, string]> = [
  ['this', 'This task'],
  ['following', 'This and following'],
  ['all', 'All'],
];

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
 * its repeat, the scope question on saving a change, and 'Stop repeating'. The parent keeps it mounted per task
 * (a new `key`), so the fields start from the task each time it opens.
 */
export function TaskDetailsDialog({ open, title, notes, repeatText, onSave, onMove, onStopRepeating, onDelete, onClose }: TaskDetailsDialogProps) {
  const id = useId();
  const [draftTitle, setDraftTitle] = useState(title);
  const [draftNotes, setDraftNotes] = useState(notes);
  const [repeat, setRepeat] = useState(defaultRepeatForm);
  const [refusal, setRefusal] = useState<string | null>(null);
  // Which question the scope buttons answer: a save, or a deletion.
  const [asking, setAsking] = useState<false | 'save' | 'delete'>(false);
  const newRepeat = buildRepeat(repeat) ?? undefined;
  const change: TaskDetailsChange = { title: draftTitle.trim(), notes: draftNotes.trim(), ...(newRepeat ? { repeat: newRepeat } : {}) };
  const changed = change.title !== '' && (change.title !== title || change.notes !== notes.trim() || newRepeat !== undefined);
  const links = linksIn(draftNotes);

  const save = async (scope?: DetailsScope) => {
    const error = await onSave(change, scope);
    if (error) {
      setAsking(false);
      setRefusal(error);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!changed) return onClose();
    if (repeatText !== undefined) setAsking('save');
    else void save();
  };

  return (
    <Dialog open={open} onClose={onClose} title="Task details" description={repeatText} width={SHEET}>
      {asking ? (
        <div role="group" aria-labelledby={`${id}-scope`} className="space-y-3">
          <p id={`${id}-scope`} className="text-sm font-medium">
            {asking === 'delete' ? 'Delete which tasks?' : 'Change which tasks?'}
          </p>
          <div className="grid gap-2 sm:grid-cols-3">
            {/* A new rule is for this and following, or all: one occurrence has no rule of its own. */}
            {SCOPES.filter(([scope]) => !(asking === 'save' && newRepeat && scope === 'this')).map(([scope, label]) => (
              <button key={scope} type="button" className={action} onClick={() => (asking === 'delete' ? onDelete?.(scope) : void save(scope))}>
                {label}
              </button>
            ))}
          </div>
          <button type="button" className={action} onClick={() => setAsking(false)}>
            Back
          </button>
        </div>
      ) : (
        <form onSubmit={submit} className="space-y-4">
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
          <RepeatPicker value={repeat} onChange={(value) => (setRepeat(value), setRefusal(null))} />
          {refusal && (
            <p role="alert" className="text-sm text-red-700 dark:text-red-400">
              {refusal}
            </p>
          )}
          <div className="flex flex-wrap justify-end gap-2">
            {onMove && (
              <button type="button" className={`${action} mr-auto`} aria-haspopup="dialog" onClick={onMove}>
                Move to…
              </button>
            )}
            {onStopRepeating && (
              <button type="button" className={`${action} mr-auto`} onClick={onStopRepeating}>
                Stop repeating
              </button>
            )}
            {onDelete && (
              <button type="button" className={action} onClick={() => setAsking('delete')}>
                Delete…
              </button>
            )}
            <button type="submit" className={primary}>
              Save
            </button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
