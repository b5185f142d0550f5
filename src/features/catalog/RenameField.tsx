import { useId, useState, type ReactNode } from 'react';
import { NAME_MAX_LENGTH } from './types';
import { FieldError } from '../../components/ui/FieldError';

/** A name field of 'Labels and lists' (rename in place, and the new label's and list's name). */
export const NAME_FIELD =
  'h-9 min-w-0 rounded-lg border border-slate-300 bg-white px-2 text-sm pointer-coarse:h-11 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:border-slate-700 dark:bg-slate-950';

export interface RenameFieldProps {
  /** The name as it is stored: the field starts with it, and Escape goes back to it. */
  name: string;
  /** The field's accessible name ('Name of the label Work'). */
  label: string;
  /** Called on Enter or on leaving the field with a changed text; returns why it was refused (nothing stored), or null. */
  onRename: (name: string) => string | null;
  /** In the row before the field (a chip, a grip). */
  before?: ReactNode;
  /** In the row after the field (the row's buttons). */
  children?: ReactNode;
  /** The row's layout. */
  rowClassName?: string;
}

/**
 * A label's or a list's name, renamed by typing in place: Enter or leaving the field saves a changed name, Escape
 * puts back the stored one. A refusal is said under the row, tied to the field, and the typed text stays to correct.
 */
export function RenameField({ name, label, onRename, before, children, rowClassName = 'flex items-center gap-2' }: RenameFieldProps) {
  const [draft, setDraft] = useState(name);
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();
  const commit = () => {
    if (draft === name) return setError(null);
    const refused = onRename(draft);
    setError(refused);
    // Saved: the field reads as the name was stored (trimmed, inner spaces folded).
    if (!refused) setDraft(draft.trim().replace(/\s+/g, ' '));
  };
  return (
    <>
      <div className={rowClassName}>
        {before}
        <input
          aria-label={label}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          value={draft}
          // Past the cap by a margin: a name too long is refused with its length rather than cut while typed.
          maxLength={NAME_MAX_LENGTH + 50}
          onChange={(event) => setDraft(event.target.value)}
          onBlur={commit}
          onKeyDown={(event) => {
            if (event.key === 'Enter') commit();
            // Only when there is something to undo: otherwise Escape closes the dialog, as everywhere.
            if (event.key === 'Escape' && draft !== name) {
              event.preventDefault();
              setDraft(name);
              setError(null);
            }
          }}
          className={`${NAME_FIELD} flex-1`}
        />
        {children}
      </div>
      {error && (
        <FieldError id={errorId}>{error}</FieldError>
      )}
    </>
  );
}
