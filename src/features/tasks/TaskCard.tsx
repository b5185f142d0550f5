import { memo, useRef, useState, type HTMLAttributes, type KeyboardEvent, type MouseEvent, type Ref } from 'react';
import { progressText, type Progress } from './checklist';

export interface TaskCardProps {
  title: string;
  completed: boolean;
  onToggleComplete: () => void;
  onDelete: () => void;
  /** Called with a trimmed, non-empty title that differs from the current one. */
  onRename: (title: string) => void;
  /** Opens the 'Move to…' choice of days for this task (a way to move it without dragging); no button without it. */
  onMoveRequest?: () => void;
  /** Shown as a dimmed placeholder while this card is being dragged. */
  isDragging?: boolean;
  /** Drag and drop's marks on the card's root (the card is its drag source). */
  cardProps?: Record<`data-${string}`, string>;
  /** Keyboard drag, spread onto the grip button. */
  handleProps?: HTMLAttributes<HTMLElement>;
  /** The card's root, for showCardCompletion (cardCompletion.ts). */
  ref?: Ref<HTMLLIElement>;
  /** A repeating task's rule in words ('Every Monday'): a repeat mark, and the card's accessible description. */
  repeat?: { text: string; id: string };
  /** Opens the task's details (title, notes, repeat); no button without it. */
  onOpenDetails?: () => void;
  /** The task has notes: the card says so. */
  hasNotes?: boolean;
  /** Its checklist's progress, shown as '2/5' (named 'Checklist: 2 of 5 done'); nothing without a checklist. */
  progress?: Progress;
  /** The task's labels, each shown by its name on its colour. */
  labels?: ReadonlyArray<{ id: string; name: string; colour: string }>;
  /** Hidden by the header's label filter. */
  filtered?: boolean;
}

export const TaskCard = memo(function TaskCard({
  title,
  completed,
  onToggleComplete,
  onDelete,
  onRename,
  onMoveRequest,
  isDragging = false,
  cardProps,
  handleProps,
  ref,
  repeat,
  onOpenDetails,
  hasNotes = false,
  progress,
  labels,
  filtered = false,
}: TaskCardProps) {
  const [draft, setDraft] = useState<string | null>(null);
  const titleButton = useRef<HTMLButtonElement>(null);
  // Unmounting the input may fire one more blur after Enter or Escape: finish only once.
  const editing = useRef(false);

  const startEdit = () => {
    editing.current = true;
    setDraft(title);
  };

  /** Enter and Escape hand focus back to the title (keepFocus); a blur means the user went elsewhere. */
  const finishEdit = (commit: boolean, keepFocus: boolean) => {
    if (!editing.current || draft === null) return;
    editing.current = false;
    const trimmed = draft.trim();
    if (commit && trimmed && trimmed !== title) onRename(trimmed);
    setDraft(null);
    // The title stays mounted while the field is open (hidden), so focus returns to it here, before React
    // changes the card: a focus() after that would lay out the page first (~1 ms with thousands of cards).
    // Its tabindex goes first, as React would take it off in the commit: taken off a focused element, it makes
    // Blink restyle the page there and then to see whether the element can still hold focus.
    const button = titleButton.current;
    if (keepFocus && button) {
      button.removeAttribute('tabindex');
      button.focus({ preventScroll: true });
    }
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

  const deleteTask = (event: MouseEvent<HTMLElement>) => {
    const button = event.currentTarget;
    const check = button === button.ownerDocument.activeElement ? focusAfterDelete(button) : null;
    onDelete();
    // After the commit (React's flush is queued first).
    if (check) queueMicrotask(check);
  };

  return (
    // A day may hold hundreds of cards. Nothing in a card is positioned, translucent, masked or
    // content-visibility:auto (which also gives each element an intersection observer): each of those
    // gives every card a paint layer of its own, and thousands of layers made every frame, hit test and
    // click with 5,000 tasks 3-15x slower.
    // role: the list is a div (cards come in groups), where an <li> alone would not be a list item.
    <li
      ref={ref}
      role="listitem"
      {...cardProps}
      className={isDragging ? 'task-card is-dragging' : 'task-card'}
      data-done={completed ? '' : undefined}
      // The header's label filter: out of the week (preflight's [hidden] wins over the card's flex).
      hidden={filtered || undefined}
    >
      {/* Styles and icons: .task-* in index.css. */}
      <button type="button" aria-label={`Move task: ${title}`} {...handleProps} className="task-grip" />
      {/* A toggle button: its name stays the same and aria-pressed says whether the task is done (WAI-ARIA APG). */}
      <button
        type="button"
        {...cardButton}
        aria-label={`Mark "${title}" complete`}
        aria-pressed={completed}
        aria-describedby={repeat?.id}
        onClick={onToggleComplete}
        className="task-check"
      />
      {/* While the field is open, the title is kept out of sight and out of reach, and focus comes back to it. */}
      <button
        ref={titleButton}
        type="button"
        onClick={startEdit}
        className={draft === null ? 'task-title' : 'sr-only'}
        tabIndex={draft === null ? undefined : -1}
        aria-hidden={draft === null ? undefined : true}
        aria-describedby={repeat?.id}
      >
        {title}
        {labels && <span className="sr-only">, labels:</span>}
        {labels?.map((label) => (
          <span key={label.id} className="label-chip" data-colour={label.colour}>
            {label.name}
          </span>
        ))}
      </button>
      {repeat && (
        <span className="task-repeat" title={repeat.text}>
          <span aria-hidden="true">↻</span>
          <span id={repeat.id} className="sr-only">
            {repeat.text}
          </span>
        </span>
      )}
      {hasNotes && <span className="task-notes-mark" role="img" aria-label="Has notes" title="Has notes" />}
      {progress && (
        <span
          className="task-progress"
          role="img"
          aria-label={progressText(progress)}
          title={progressText(progress)}
          data-complete={progress.done === progress.total ? '' : undefined}
        >
          {progress.done}/{progress.total}
        </span>
      )}
      {draft !== null && (
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
      {/* With a mouse these lie over the title's end, shown on hover or focus, so the title keeps the card's width;
          on a touch screen they sit beside it, finger-sized (index.css). */}
      {draft === null && onMoveRequest && (
        <button type="button" {...cardButton} aria-label={`Move "${title}" to…`} aria-haspopup="dialog" onClick={onMoveRequest} className="task-move" />
      )}
      {draft === null && <button type="button" {...cardButton} aria-label={`Delete "${title}"`} onClick={deleteTask} className="task-delete" />}
      {/* With a mouse it lies over the title's end too, after delete; on a touch screen it is always in sight (index.css). */}
      {draft === null && onOpenDetails && (
        <button type="button" {...cardButton} aria-label={`Details of "${title}"`} aria-haspopup="dialog" onClick={onOpenDetails} className="task-details" />
      )}
    </li>
  );
});

/**
 * A mouse click on the card's buttons leaves focus where it was (as Safari does for every button): with thousands
 * of cards, moving focus restyles the page on the press, and a focused delete button would then make the delete
 * move focus again (focusAfterDelete). Keyboard and screen-reader users, who act on the focused button, keep it.
 * Plain <button>s: their `:active` restyle costs ~0.3-0.5 ms of a click among 5,000 cards, which no one can feel.
 */
const cardButton = {
  onMouseDown: (event: MouseEvent<HTMLElement>) => event.preventDefault(),
} as const;

/**
 * The delete button goes with its card, and focus would fall to <body>: a keyboard user keeps their place on the
 * card that takes its place (else the one before it, else the day's add button). Moved before the card is removed,
 * so the removal is of a card without focus. Returns a check for after the commit: should the removal have moved
 * that card into the group before (a group opened with the deleted card), it is found again by its title.
 */
function focusAfterDelete(button: HTMLElement): (() => void) | null {
  const card = button.closest('[role="listitem"]');
  const section = card?.closest('section');
  if (!card || !section) return null;
  const titleOf = (other: Element | null | undefined) => other?.querySelector<HTMLElement>('button.task-title') ?? null;
  // Cards come in groups (DayColumnContainer): the neighbour may open the next group or close the one before.
  const next = card.nextElementSibling ?? card.parentElement?.nextElementSibling?.firstElementChild;
  const previous = card.previousElementSibling ?? card.parentElement?.previousElementSibling?.lastElementChild;
  const target = titleOf(next) ?? titleOf(previous) ?? section.querySelector<HTMLElement>('button[aria-label^="Add task to"]');
  if (!target) return null;
  target.focus({ preventScroll: true });
  return () => {
    const doc = section.ownerDocument;
    if (target.isConnected || (doc.activeElement && doc.activeElement !== doc.body)) return;
    const again = [...section.querySelectorAll<HTMLElement>('button.task-title')].find((title) => title.textContent === target.textContent);
    again?.focus({ preventScroll: true });
  };
}
