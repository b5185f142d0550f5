import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/Button';
import { NewListButton } from './NewListButton';
import { NAME_MAX_LENGTH } from './types';

export interface NewListFormProps {
  /** Makes the list; resolves to why it was refused (nothing is stored then), or null. */
  onCreate: (name: string) => Promise<string | null>;
  /** Opened already (the week's button was pressed before this code came). */
  defaultOpen?: boolean;
}

const field =
  'h-9 min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-2 text-sm pointer-coarse:h-11 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:border-slate-700 dark:bg-slate-950';

/** '+ New list' after the week's last column: a press opens a name field; Enter makes the list, Escape leaves it. */
export function NewListForm({ onCreate, defaultOpen = false }: NewListFormProps) {
  const [open, setOpen] = useState(defaultOpen);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();
  const close = () => (setOpen(false), setName(''), setError(null));
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const refused = await onCreate(name);
    setError(refused);
    if (!refused) close();
  };
  if (!open) return <NewListButton onClick={() => setOpen(true)} />;
  return (
    <form onSubmit={submit} className="max-w-md">
      <div className="flex items-center gap-2">
        <input
          // Opened by a press on '+ New list': typing goes to the name at once.
          autoFocus
          aria-label="New list's name"
          placeholder="New list"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          value={name}
          maxLength={NAME_MAX_LENGTH + 50}
          onChange={(event) => setName(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              event.preventDefault();
              close();
            }
          }}
          className={field}
        />
        <Button type="submit" variant="primary" size="sm">
          Add list
        </Button>
        <Button variant="ghost" size="sm" onClick={close}>
          Cancel
        </Button>
      </div>
      {error && (
        <p id={errorId} role="alert" className="mt-1 text-sm text-rose-700 dark:text-rose-300">
          {error}
        </p>
      )}
    </form>
  );
}
