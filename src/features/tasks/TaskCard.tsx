import { memo, useRef, useState, type HTMLAttributes, type KeyboardEvent, type RefCallback } from 'react';

export interface TaskCardProps {
  title: string;
  completed: boolean;
  onToggleComplete: () => void;
  onDelete: () => void;
  /** Called with a trimmed, non-empty title that differs from the current one. */
  onRename: (title: string) => void;
  /** Shown as a dimmed placeholder while this card is being dragged. */
  isDragging?: boolean;
  /** The drag source: attached to the card's root. */
  cardRef?: RefCallback<HTMLElement>;
  /** Keyboard drag, spread onto the grip button. */
  handleProps?: HTMLAttributes<HTMLElement>;
}

// A hover-only icon is an empty box until shown: the mask (which costs a paint layer) applies only
// then, and showing it repaints without a layout of the whole column.
const shownOnHover = 'group-hover:icon-mask in-focus-visible:icon-mask pointer-coarse:icon-mask';

const iconButton =
  'grid size-6 shrink-0 place-items-center rounded-md transition-colors focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-indigo-500';

export const TaskCard = memo(function TaskCard({
  title,
  completed,
  onToggleComplete,
  onDelete,
  onRename,
  isDragging = false,
  cardRef,
  handleProps,
}: TaskCardProps) {
  const [draft, setDraft] = useState<string | null>(null);
  const titleButton = useRef<HTMLButtonElement>(null);
  // Enter and Escape hand focus back to the title; a blur means the user went elsewhere.
  const refocus = useRef(false);
  // Unmounting the input may fire one more blur after Enter or Escape: finish only once.
  const editing = useRef(false);

  const startEdit = () => {
    editing.current = true;
    setDraft(title);
  };

  const finishEdit = (commit: boolean, keepFocus: boolean) => {
    if (!editing.current || draft === null) return;
    editing.current = false;
    const trimmed = draft.trim();
    if (commit && trimmed && trimmed !== title) onRename(trimmed);
    refocus.current = keepFocus;
    setDraft(null);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' && !event.nativeEvent.isComposing) {
      event.preventDefault();
      finishEdit(true, true);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      finishEdit(false, true);
    }
  };

  const focusTitle = (node: HTMLButtonElement | null) => {
    titleButton.current = node;
    if (node && refocus.current) {
      refocus.current = false;
      node.focus();
    }
  };

  return (
    // A day may hold hundreds of cards. Nothing in a card is positioned, translucent, masked or
    // content-visibility:auto (which also gives each element an intersection observer): each of those
    // gives every card a paint layer of its own, and thousands of layers made every frame, hit test and
    // click with 5,000 tasks 3-15x slower.
    // role: the list is a div (cards come in groups), where an <li> alone would not be a list item.
    <li
      role="listitem"
      ref={cardRef}
      className={`group flex items-start gap-1.5 rounded-xl border py-1.5 pr-1.5 shadow-sm transition-colors ${
        isDragging
          ? 'border-dashed border-indigo-400 bg-indigo-50 opacity-50 shadow-none dark:border-indigo-500/60 dark:bg-indigo-500/10'
          : `bg-white hover:border-slate-300 hover:shadow dark:bg-slate-900 dark:hover:border-slate-700 ${
              // Done looks faded without fading the text below 4.5:1: a flat, lighter card, the title muted and struck through.
              completed ? 'border-slate-100 shadow-none dark:border-slate-800/60' : 'border-slate-200 dark:border-slate-800'
            }`
      }`}
    >
      <button
        type="button"
        aria-label={`Move task: ${title}`}
        {...handleProps}
        className="-mr-1.5 flex w-3.5 shrink-0 cursor-grab touch-none items-center justify-center self-stretch rounded-l-xl text-slate-300 hover:text-slate-500 focus-visible:outline-2 focus-visible:outline-indigo-500 active:cursor-grabbing dark:text-slate-600 dark:hover:text-slate-400"
      >
        <span aria-hidden="true" className={`${shownOnHover} icon-grip block size-3.5`} />
      </button>
      <button
        type="button"
        aria-label={`Mark "${title}" ${completed ? 'incomplete' : 'complete'}`}
        aria-pressed={completed}
        onClick={onToggleComplete}
        className={`${iconButton} group/check rounded-full`}
      >
        <span
          className={`grid size-[18px] place-items-center rounded-full border-2 transition-colors ${
            completed
              ? 'border-emerald-500/60 bg-emerald-500/60'
              : 'border-slate-300 text-emerald-400 hover:border-emerald-400 dark:border-slate-600'
          }`}
        >
          {/* Done: a plain white image; not done: a mask in the hover colour, only while hovered or focused. */}
          <span aria-hidden="true" className={`block size-3 ${completed ? 'icon-check-white' : 'icon-check group-hover/check:icon-mask in-focus-visible:icon-mask'}`} />
        </span>
      </button>
      {draft === null ? (
        <button
          ref={focusTitle}
          type="button"
          onClick={startEdit}
          className={`min-w-0 flex-1 cursor-text rounded-md py-0.5 text-left text-sm leading-5 break-words focus-visible:outline-2 focus-visible:outline-indigo-500 ${
            completed ? 'text-slate-500 line-through dark:text-slate-400' : 'text-slate-800 dark:text-slate-100'
          }`}
        >
          {title}
        </button>
      ) : (
        <input
          type="text"
          autoFocus
          aria-label={`Edit "${title}"`}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKeyDown}
          onBlur={() => finishEdit(true, false)}
          onFocus={(event) => event.target.select()}
          className="min-w-0 flex-1 rounded-md border border-indigo-400 bg-white px-1 py-px text-sm leading-5 outline-none focus:ring-2 focus:ring-indigo-500/30 dark:bg-slate-950"
        />
      )}
      {/* Its place is kept while hidden, so the icon appears without moving anything under the pointer. */}
      {draft === null && (
        <button
          type="button"
          aria-label={`Delete "${title}"`}
          onClick={onDelete}
          className={`${iconButton} text-slate-400 hover:bg-rose-50 hover:text-rose-600 dark:hover:bg-rose-500/10 dark:hover:text-rose-400`}
        >
          <span aria-hidden="true" className={`${shownOnHover} icon-trash block size-3.5`} />
        </button>
      )}
    </li>
  );
});
