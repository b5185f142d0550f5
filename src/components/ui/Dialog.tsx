import { useEffect, useId, useRef, type ReactNode } from 'react';
import { XIcon } from '../pageIcons';

export interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  /** Optional line under the title; becomes the dialog's accessible description. */
  description?: ReactNode;
  children: ReactNode;
  /** Width class, e.g. 'max-w-md'. */
  width?: string;
}

/**
 * A modal built on the native <dialog>: showModal() gives the top layer, the focus trap, inert background
 * and Escape for free. The parent owns `open`; every way of closing (button, Escape, backdrop) calls onClose.
 */
export function Dialog({ open, onClose, title, description, children, width = 'max-w-lg' }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const pressedOnBackdrop = useRef(false);
  const titleId = useId();
  const descriptionId = useId();

  // After every render, not only when `open` changes: Escape closes the <dialog> itself, and a parent that keeps it
  // open (a details view showing why what was typed could not be saved) has it shown again.
  // The close event comes a task after close(). One that follows our own close() is not news to the parent, and it
  // may arrive after the dialog was opened again (a second 'Move to…' straight after a move): it must not close
  // that one. Any other close event is the browser's own (Escape), even if a render has shown the dialog again since.
  const ownCloses = useRef(0);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    else if (!open && dialog.open) {
      ownCloses.current++;
      dialog.close();
    }
  });

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      // Escape: the browser closes the dialog itself; keep the parent's state in step.
      onClose={() => {
        if (ownCloses.current > 0) ownCloses.current--;
        else if (open) onClose();
      }}
      // Only a press that starts and ends on the backdrop closes (not a text selection dragged outside).
      onPointerDown={(event) => {
        pressedOnBackdrop.current = event.target === event.currentTarget;
      }}
      onClick={(event) => {
        if (pressedOnBackdrop.current && event.target === event.currentTarget) onClose();
        pressedOnBackdrop.current = false;
      }}
      className={`m-auto max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] ${width} overflow-y-auto overscroll-contain rounded-2xl border border-slate-200 bg-white p-0 text-slate-900 shadow-2xl backdrop:bg-slate-950/60 backdrop:backdrop-blur-sm dark:border-slate-800 dark:bg-slate-900 dark:text-slate-100 transition duration-150 ease-out starting:open:scale-95 starting:open:opacity-0`}
    >
      <div className="p-6 sm:p-7">
        {/* A <div>, not <header>: dialogs open from inside the page's banner, and a banner may not nest. */}
        <div className="mb-5 flex items-start justify-between gap-4">
          <div>
            <h2 id={titleId} className="text-xl font-semibold tracking-tight">
              {title}
            </h2>
            {description && (
              <p id={descriptionId} className="mt-1 text-sm text-slate-600 dark:text-slate-400">
                {description}
              </p>
            )}
          </div>
          <button
            type="button"
            aria-label="Close"
            onClick={onClose}
            className="-mt-1 -mr-2 grid size-9 shrink-0 cursor-pointer pointer-coarse:size-11 place-items-center rounded-lg text-slate-500 transition hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-white"
          >
            <XIcon className="size-5" />
          </button>
        </div>
        {children}
      </div>
    </dialog>
  );
}
