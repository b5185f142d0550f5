import { memo, useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { PlusIcon } from '../../components/icons';
import { AddTaskInput } from './AddTaskInput';

export interface DayColumnProps {
  /** The section's id, for bringing the day into view. */
  id?: string;
  /** Short weekday ('Mon'), or 'Some Day'. */
  title: string;
  /** Day and short month ('23 Nov'); none for Some Day. */
  dateLabel?: string;
  isToday?: boolean;
  selected?: boolean;
  /** A dragged task hovers over this column. */
  isOver?: boolean;
  taskCount: number;
  /**
   * A drag began here: the day keeps the height it had while the dragged card leaves it. On a phone's agenda a day
   * left empty shrank to one line and every day below rose under the finger mid-drag (~60 px).
   */
  holdHeight?: boolean;
  onToggleSelected: () => void;
  /** Called with a trimmed, non-empty title. */
  onAddTask: (title: string) => void;
  /** The drop target: attached to the column's root. */
  dropRef?: (node: HTMLElement | null) => void;
  /** The task cards (role listitem), possibly in presentational groups. */
  children?: ReactNode;
}

// Clicks on these belong to the control, not to the column.
const INTERACTIVE = 'button, input, textarea, select, a';

export const DayColumn = memo(function DayColumn({
  id,
  title,
  dateLabel,
  isToday = false,
  selected = false,
  isOver = false,
  taskCount,
  holdHeight = false,
  onToggleSelected,
  onAddTask,
  dropRef,
  children,
}: DayColumnProps) {
  const headingId = useId();
  const [adding, setAdding] = useState(false);
  const addButton = useRef<HTMLButtonElement>(null);
  const wasAdding = useRef(false);
  const name = dateLabel ? `${title} ${dateLabel}` : title;
  const empty = taskCount === 0 && !adding;
  const section = useRef<HTMLElement | null>(null);
  const [heldHeight, setHeldHeight] = useState<number | null>(null);
  // Measured when the drag starts, before its first move can take the card out.
  useLayoutEffect(() => setHeldHeight(holdHeight && section.current ? section.current.offsetHeight : null), [holdHeight]);
  const sectionRef = useCallback(
    (node: HTMLElement | null) => {
      section.current = node;
      dropRef?.(node);
    },
    [dropRef],
  );

  // When the input closed by Enter or Escape, focus fell to <body>: give it back to the plus button.
  useEffect(() => {
    if (wasAdding.current && !adding && (!document.activeElement || document.activeElement === document.body)) {
      addButton.current?.focus();
    }
    wasAdding.current = adding;
  }, [adding]);

  const onClick = (event: MouseEvent<HTMLElement>) => {
    if ((event.target as Element).closest(INTERACTIVE)) return;
    onToggleSelected();
  };

  // The drop highlight comes and goes at once: a colour transition repainted the whole column, every frame for
  // 150 ms, as a drag entered or left it.
  return (
    // On a phone (max-sm) the week is an agenda: a day is as tall as its tasks, an empty one a single line, and its
    // heading sticks under the page's header (--planner-header, PlannerHeader) while its tasks scroll by.
    <section
      ref={sectionRef}
      id={id}
      style={heldHeight === null ? undefined : { minHeight: heldHeight }}
      aria-labelledby={headingId}
      aria-current={isToday ? 'date' : undefined}
      onClick={onClick}
      className={`flex min-w-0 scroll-mt-[calc(var(--planner-header,0px)+0.5rem)] cursor-pointer flex-col rounded-2xl border p-3 max-sm:pt-0 sm:min-h-44 xl:p-1.5 ${empty ? 'max-sm:pb-0' : ''} ${
        isOver
          ? 'border-indigo-400 bg-indigo-50 dark:border-indigo-500 dark:bg-indigo-500/10'
          : isToday
            ? 'border-indigo-200 bg-white dark:border-indigo-500/40 dark:bg-slate-900/80'
            : 'border-slate-200 bg-white/70 dark:border-slate-800 dark:bg-slate-900/50'
      } ${isOver ? '' : 'max-sm:bg-white dark:max-sm:bg-slate-900'} ${selected ? 'ring-2 ring-indigo-500 ring-offset-2 ring-offset-slate-50 dark:ring-indigo-400 dark:ring-offset-slate-950' : ''}`}
    >
      <header
        className={`flex items-start gap-1.5 max-sm:sticky max-sm:top-[var(--planner-header,0px)] max-sm:z-10 max-sm:items-center max-sm:rounded-t-2xl max-sm:bg-inherit max-sm:pt-1.5 max-sm:pb-1.5 ${
          empty ? 'flex-wrap sm:mb-0' : 'mb-1.5 sm:mb-3'
        }`}
      >
        <h2 id={headingId} className="min-w-0 sm:flex-1">
          <button
            type="button"
            aria-pressed={selected}
            onClick={onToggleSelected}
            className="block w-full rounded-md text-left focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500 max-sm:min-h-11"
          >
            <span className={`text-sm font-semibold max-sm:inline sm:block ${isToday ? 'text-indigo-600 dark:text-indigo-400' : 'text-slate-800 dark:text-slate-100'}`}>
              {title}
            </span>
            {dateLabel && ' '}
            {dateLabel && (
              <span
                className={`mt-0.5 inline-block rounded-md text-xs ${
                  isToday ? 'bg-indigo-600 px-1.5 py-px font-semibold text-white dark:bg-indigo-500' : 'text-slate-500 dark:text-slate-400'
                }`}
              >
                {dateLabel}
              </span>
            )}
          </button>
        </h2>
        {/* In the header's row on a phone (one line for an empty day), under it in a column. Hidden while stored tasks
            are on their way (data-tasks-pending, from index.html's first screen until the app shows them). Its border is
            solid: eight dashed rounded borders were a costly raster in the first frame (first paint @0 1.51 → 1.37× the
            floor, 6 interleaved rounds of 11 loads). */}
        {empty && (
          <p className="flex flex-1 items-center text-sm text-slate-500 no-tasks-note max-sm:pl-1 sm:order-last sm:mt-3 sm:basis-full sm:justify-center sm:rounded-xl sm:border sm:border-slate-200/80 sm:py-6 dark:text-slate-400 dark:sm:border-slate-800">
            No tasks yet
          </p>
        )}
        {taskCount > 0 && (
          <span className="mt-0.5 rounded-full bg-slate-100 px-2 py-0.5 text-[11px] font-semibold text-slate-500 tabular-nums max-sm:ml-auto max-sm:mt-0 dark:bg-slate-800 dark:text-slate-400">
            <span className="sr-only">Tasks: </span>
            {taskCount}
          </span>
        )}
        <button
          ref={addButton}
          type="button"
          aria-label={`Add task to ${name}`}
          onClick={() => setAdding(true)}
          className={`grid size-7 shrink-0 place-items-center rounded-lg text-slate-500 transition pointer-coarse:size-11 hover:bg-indigo-50 hover:text-indigo-600 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-slate-400 dark:hover:bg-indigo-500/10 dark:hover:text-indigo-300 ${
            taskCount > 0 ? '' : 'max-sm:ml-auto'
          }`}
        >
          <PlusIcon />
        </button>
      </header>
      {/* Block layout: a change inside one of hundreds of cards lays out that card, not a flex line of all.
          A div, as the cards come in groups (DayColumnContainer); each card is a listitem of this list. */}
      <div role="list" className="space-y-2">
        {children}
      </div>
      {adding && (
        <div className={taskCount > 0 ? 'mt-2' : ''}>
          <AddTaskInput label={`New task for ${name}`} onAdd={onAddTask} onClose={() => setAdding(false)} />
        </div>
      )}
    </section>
  );
});
