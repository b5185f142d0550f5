import { memo, useEffect, useId, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { PlusIcon } from '../../components/icons';
import { AddTaskInput } from './AddTaskInput';

export interface DayColumnProps {
  /** Short weekday ('Mon'), or 'Some Day'. */
  title: string;
  /** Day and short month ('23 Nov'); none for Some Day. */
  dateLabel?: string;
  isToday?: boolean;
  selected?: boolean;
  /** A dragged task hovers over this column. */
  isOver?: boolean;
  taskCount: number;
  onToggleSelected: () => void;
  /** Called with a trimmed, non-empty title. */
  onAddTask: (title: string) => void;
  /** The drop target: attached to the column's root. */
  dropRef?: (node: HTMLElement | null) => void;
  /** The task cards (role listitem), possibly in presentational groups. */
  children?: ReactNode;
}

// Clicks on these belong to the control, not to the column.
const INTERACTIVE = 'button, input, textarea, select, a, [role="button"]';

export const DayColumn = memo(function DayColumn({
  title,
  dateLabel,
  isToday = false,
  selected = false,
  isOver = false,
  taskCount,
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
    <section
      ref={dropRef}
      aria-labelledby={headingId}
      aria-current={isToday ? 'date' : undefined}
      onClick={onClick}
      className={`flex min-h-48 min-w-0 cursor-pointer flex-col rounded-2xl border p-3 xl:p-2.5 ${
        isOver
          ? 'border-indigo-400 bg-indigo-50 dark:border-indigo-500 dark:bg-indigo-500/10'
          : isToday
            ? 'border-indigo-200 bg-white dark:border-indigo-500/40 dark:bg-slate-900/80'
            : 'border-slate-200 bg-white/70 dark:border-slate-800 dark:bg-slate-900/50'
      } ${selected ? 'ring-2 ring-indigo-500 ring-offset-2 ring-offset-slate-50 dark:ring-indigo-400 dark:ring-offset-slate-950' : ''}`}
    >
      <header className="mb-3 flex items-start gap-1.5">
        <h2 id={headingId} className="min-w-0 flex-1">
          <button
            type="button"
            aria-pressed={selected}
            onClick={onToggleSelected}
            className="block w-full rounded-md text-left focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500"
          >
            <span className={`block text-sm font-semibold ${isToday ? 'text-indigo-600 dark:text-indigo-400' : 'text-slate-800 dark:text-slate-100'}`}>
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
        {taskCount > 0 && (
          <span className="mt-0.5 rounded-full bg-slate-100 px-2 py-0.5 text-[11px] font-semibold text-slate-500 tabular-nums dark:bg-slate-800 dark:text-slate-400">
            <span className="sr-only">Tasks: </span>
            {taskCount}
          </span>
        )}
        <button
          ref={addButton}
          type="button"
          aria-label={`Add task to ${name}`}
          onClick={() => setAdding(true)}
          className="grid size-7 shrink-0 place-items-center rounded-lg text-slate-500 transition hover:bg-indigo-50 hover:text-indigo-600 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-slate-400 dark:hover:bg-indigo-500/10 dark:hover:text-indigo-300"
        >
          <PlusIcon />
        </button>
      </header>
      {/* Block layout: a change inside one of hundreds of cards lays out that card, not a flex line of all.
          A div, as the cards come in groups (DayColumnContainer); each card is a listitem of this list. */}
      <div role="list" className="space-y-2">
        {children}
      </div>
      {adding ? (
        <div className={taskCount > 0 ? 'mt-2' : ''}>
          <AddTaskInput
            label={`New task for ${name}`}
            onAdd={(taskTitle) => {
              onAddTask(taskTitle);
              setAdding(false);
            }}
            onClose={() => setAdding(false)}
          />
        </div>
      ) : (
        taskCount === 0 && (
          <p className="flex items-center justify-center rounded-xl border border-dashed border-slate-200 py-6 text-sm text-slate-500 dark:border-slate-800 dark:text-slate-400">
            No tasks yet
          </p>
        )
      )}
    </section>
  );
});
