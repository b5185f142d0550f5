import type { Ref } from 'react';
import { heldListName, listNameField } from './heldListName';

/**
 * '+ New list' after the week's last column, finger-sized. On the first load: the week shows it from the first paint
 * (the prerendered first screen has it), and the form it opens comes with the lists' code. A plain button in the
 * first screen's one font weight (firstScreen.test.ts: each more weight is one more font lookup before first paint).
 */
export function NewListButton({ onClick, ref }: { onClick?: () => void; ref?: Ref<HTMLButtonElement> }) {
  return (
    <button
      ref={ref}
      type="button"
      onClick={onClick}
      className="inline-flex h-12 cursor-pointer items-center rounded-lg px-6 text-base text-slate-700 transition hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500 dark:text-slate-300 dark:hover:bg-slate-800"
    >
      + New list
    </button>
  );
}

/**
 * The name field at once, while the form's code is on its way (a first press of '+ New list' fetches it): typing
 * goes into it natively, and the form takes over what it holds. Escape leaves it, as in the form.
 */
export function HeldListNameField({ onCancel }: { onCancel?: () => void }) {
  return (
    <div className="flex max-w-md items-center gap-2">
      <input
        // A press on '+ New list' opened it: the keys that follow are the name.
        autoFocus
        aria-label="New list's name"
        placeholder="New list"
        className={listNameField}
        onInput={(event) => void (heldListName.name = event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') heldListName.submit = true;
          else if (event.key === 'Escape') onCancel?.();
        }}
      />
    </div>
  );
}
