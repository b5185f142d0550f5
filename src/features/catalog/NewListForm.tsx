import { useId, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { Button } from '../../components/ui/Button';
import { heldListName, listNameField } from './heldListName';
import { NewListButton } from './NewListButton';
import { NAME_MAX_LENGTH } from './types';
import { FieldError } from '../../components/ui/FieldError';

export interface NewListFormProps {
  /** Makes the list; resolves to why it was refused (nothing is stored then), or null. */
  onCreate: (name: string) => Promise<string | null>;
  /** Opened already (the week's button was pressed before this code came). */
  defaultOpen?: boolean;
}

/** '+ New list' after the week's last column: a press opens a name field; Enter makes the list, Escape leaves it. */
export function NewListForm({ onCreate, defaultOpen = false }: NewListFormProps) {
  const [open, setOpen] = useState(defaultOpen);
  // Opened by the week's button before this code came: what was typed meanwhile (NewListButton.tsx) is the start.
  const [name, setName] = useState(() => (defaultOpen ? heldListName.name : ''));
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();
  const input = useRef<HTMLInputElement>(null);
  const close = () => (setOpen(false), setName(''), setError(null));
  const button = useRef<HTMLButtonElement>(null);
  // Left with Escape or Cancel: focus goes back to the button that opened the field.
  const cancel = () => {
    flushSync(close);
    button.current?.focus();
  };
  const create = async (text: string) => {
    const refused = await onCreate(text);
    setError(refused);
    if (!refused) close();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void create(name);
  };
  useLayoutEffect(() => {
    const held = { ...heldListName };
    heldListName.name = '';
    heldListName.submit = false;
    if (!defaultOpen) return;
    // The first render can come before the stand-in's last keys (rendering yields): its latest text wins.
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the stand-in's keys are outside React: read once
    if (held.name !== name) setName(held.name);
    // The caret after the held letters, so typing carries on.
    input.current?.setSelectionRange(held.name.length, held.name.length);
    // Enter was pressed in the stand-in field: the name goes as if pressed here.
    if (held.submit) void create(held.name);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, as the form takes over from the stand-in
  }, []);
  if (!open) return <NewListButton ref={button} onClick={() => setOpen(true)} />;
  return (
    <form onSubmit={submit} className="max-w-md">
      <div className="flex items-center gap-2">
        <input
          ref={input}
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
              cancel();
            }
          }}
          className={listNameField}
        />
        <Button type="submit" variant="primary" size="sm">
          Add list
        </Button>
        <Button variant="ghost" size="sm" onClick={cancel}>
          Cancel
        </Button>
      </div>
      {error && (
        <FieldError id={errorId}>{error}</FieldError>
      )}
    </form>
  );
}
