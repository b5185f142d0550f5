import type { ReactNode } from 'react';
import { CalendarIcon, ChevronLeftIcon, ChevronRightIcon, MoonIcon, RedoIcon, SunIcon, UndoIcon } from '../../components/icons';
import type { Theme } from '../theme/themeSlice';

export interface PlannerHeaderProps {
  /** The displayed week's title, e.g. 'Nov 2026'. */
  title: string;
  theme: Theme;
  onPreviousWeek: () => void;
  onNextWeek: () => void;
  onToday: () => void;
  onToggleTheme: () => void;
  /** Undo and redo of task changes; the buttons show when these are given. */
  onUndo?: () => void;
  onRedo?: () => void;
  canUndo?: boolean;
  canRedo?: boolean;
  /** The user menu. */
  userMenu?: ReactNode;
}

const iconButton =
  'grid size-9 place-items-center rounded-lg text-slate-600 transition hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white';

// Disabled buttons are exempt from contrast rules, but still readable as "not now".
const disabledLook = 'disabled:cursor-default disabled:text-slate-400 disabled:hover:bg-transparent dark:disabled:text-slate-500';

export function PlannerHeader({
  title,
  theme,
  onPreviousWeek,
  onNextWeek,
  onToday,
  onToggleTheme,
  onUndo,
  onRedo,
  canUndo = false,
  canRedo = false,
  userMenu,
}: PlannerHeaderProps) {
  const dark = theme === 'dark';
  return (
    <header className="sticky top-0 z-20 border-b border-slate-200 bg-white/85 backdrop-blur dark:border-slate-800 dark:bg-slate-950/85">
      <div className="mx-auto flex max-w-[1800px] flex-wrap items-center gap-x-3 gap-y-2 px-4 py-3 sm:px-6">
        <div className="flex min-w-0 items-center gap-3">
          <span className="grid size-9 shrink-0 place-items-center rounded-xl bg-indigo-600 text-white shadow-sm shadow-indigo-600/30">
            <CalendarIcon className="size-5" />
          </span>
          <h1 className="truncate text-lg font-semibold tracking-tight sm:text-xl">{title}</h1>
        </div>
        <div className="ml-auto flex items-center gap-1 sm:gap-2">
          {onUndo && onRedo && (
            <div className="flex items-center">
              <button type="button" aria-label="Undo" title="Undo (Ctrl+Z)" onClick={onUndo} disabled={!canUndo} className={`${iconButton} ${disabledLook}`}>
                <UndoIcon className="size-5" />
              </button>
              <button
                type="button"
                aria-label="Redo"
                title="Redo (Ctrl+Shift+Z)"
                onClick={onRedo}
                disabled={!canRedo}
                className={`${iconButton} ${disabledLook}`}
              >
                <RedoIcon className="size-5" />
              </button>
            </div>
          )}
          <div className="flex items-center rounded-xl border border-slate-200 bg-white p-0.5 shadow-sm dark:border-slate-800 dark:bg-slate-900">
            <button type="button" aria-label="Previous week" onClick={onPreviousWeek} className={iconButton}>
              <ChevronLeftIcon className="size-5" />
            </button>
            <button
              type="button"
              onClick={onToday}
              className="h-9 rounded-lg px-3 text-sm font-semibold text-slate-700 transition hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500 dark:text-slate-200 dark:hover:bg-slate-800"
            >
              Today
            </button>
            <button type="button" aria-label="Next week" onClick={onNextWeek} className={iconButton}>
              <ChevronRightIcon className="size-5" />
            </button>
          </div>
          <button
            type="button"
            aria-label={dark ? 'Switch to light theme' : 'Switch to dark theme'}
            onClick={onToggleTheme}
            className={iconButton}
          >
            {dark ? <SunIcon className="size-5" /> : <MoonIcon className="size-5" />}
          </button>
          {userMenu}
        </div>
      </div>
    </header>
  );
}
