import { useId, useState } from 'react';
import type { Label } from './types';
import { FieldError } from '../../components/ui/FieldError';

export interface TaskLabelsFieldProps {
  /** Every label, in the order shown. */
  labels: readonly Label[];
  /** Ids of the task's labels. */
  chosen: readonly string[];
  onChange: (ids: string[]) => void;
  /** Makes a label and puts it on the task; returns why it was refused (nothing stored then), or null. */
  onCreate: (name: string) => string | null;
  /** The labels of a repeating task's series: every occurrence carries them, which the field says. */
  forSeries?: boolean;
}

const field =
  'h-9 min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-2 text-sm pointer-coarse:h-11 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:border-slate-700 dark:bg-slate-950';

/** A task's labels in its details: each label a toggle showing its name on its colour, and a new one by name. */
export function TaskLabelsField({ labels, chosen, onChange, onCreate, forSeries = false }: TaskLabelsFieldProps) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();
  const noteId = useId();
  const create = () => {
    if (!name.trim()) return;
    const refused = onCreate(name);
    setError(refused);
    if (!refused) setName('');
  };
  return (
    <fieldset aria-describedby={forSeries ? noteId : undefined}>
      <legend className="text-sm font-medium">Labels</legend>
      {forSeries && (
        <p id={noteId} className="text-xs text-slate-600 dark:text-slate-400">
          Every occurrence of this repeating task carries them.
        </p>
      )}
      <div className="mt-1 flex flex-wrap gap-1.5">
        {labels.map((label) => {
          const on = chosen.includes(label.id);
          return (
            <label key={label.id} className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-slate-200 px-2 dark:border-slate-700">
              <input
                type="checkbox"
                checked={on}
                onChange={(event) => onChange(event.target.checked ? [...chosen, label.id] : chosen.filter((id) => id !== label.id))}
                className="size-4"
              />
              <span className="label-chip ml-0" data-colour={label.colour}>
                {label.name}
              </span>
            </label>
          );
        })}
      </div>
      <div className="mt-2 flex gap-2">
        <input
          aria-label={forSeries ? 'New label for this repeating task' : 'New label for this task'}
          placeholder="New label"
          value={name}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => setName(event.target.value)}
          onKeyDown={(event) => {
            // Enter makes the label here, not the details' Save.
            if (event.key === 'Enter') {
              event.preventDefault();
              create();
            }
          }}
          className={field}
        />
        <button
          type="button"
          onClick={create}
          className="min-h-11 rounded-lg border border-slate-200 px-3 text-sm font-medium hover:bg-indigo-50 dark:border-slate-700 dark:hover:bg-indigo-500/10"
        >
          Add label
        </button>
      </div>
      {error && (
        <FieldError id={errorId}>{error}</FieldError>
      )}
    </fieldset>
  );
}
