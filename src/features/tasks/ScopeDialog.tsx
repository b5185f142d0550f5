import { Dialog } from '../../components/ui/Dialog';

/** Which occurrences of a series a change is for, besides the one it was made to (series/scopes.ts). */
export type WiderScope = 'following' | 'all';

export interface ScopeDialogProps {
  open: boolean;
  /** 'Delete which tasks?', 'Change which tasks?' */
  question: string;
  /** What was done, and to which occurrence ('“Water plants”, Mon 30 Nov'). */
  description: string;
  /** The wider scopes offered, in order, each with its label. */
  choices: Array<[WiderScope, string]>;
  /** What keeps the change as it was made ('Only this one'). */
  keepLabel: string;
  onChoose: (scope: WiderScope) => void;
  onClose: () => void;
}

const action =
  'min-h-11 cursor-pointer rounded-lg border border-slate-200 px-3 text-sm font-medium transition hover:border-indigo-300 hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:border-slate-700 dark:hover:bg-indigo-500/10';

/**
 * The other scopes of a change made to one occurrence, offered by its toast ('Not just this one…'): the change is
 * made again for this and the following occurrences, or for all; or it stays as it was made.
 */
export function ScopeDialog({ open, question, description, choices, keepLabel, onChoose, onClose }: ScopeDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} title={question} description={description} width="max-w-md">
      <div className="grid gap-2">
        {choices.map(([scope, label]) => (
          <button key={scope} type="button" className={action} onClick={() => onChoose(scope)}>
            {label}
          </button>
        ))}
        <button type="button" className={action} onClick={onClose}>
          {keepLabel}
        </button>
      </div>
    </Dialog>
  );
}
