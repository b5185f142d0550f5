import { useLayoutEffect, useRef, type ReactNode, type RefObject } from 'react';
import { CalendarIcon, ChevronLeftIcon, ChevronRightIcon, MoonIcon, RedoIcon, SearchIcon, SunIcon, UndoIcon } from '../../components/icons';
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
  /** Opens search (its code loads then); `onSearchIntent` may fetch that code a moment before. No button without it. */
  onSearch?: () => void;
  onSearchIntent?: () => void;
  /** The user menu. */
  userMenu?: ReactNode;
  /** The label filter's button (catalog/LabelFilterContainer.tsx), before search. */
  labelFilter?: ReactNode;
  /** Under the header's row on a phone: the day strip. */
  strip?: ReactNode;
  /** Drag and drop's hold on the week buttons: resting a drag on one turns the week (dnd/dropZones.ts). */
  previousWeekRef?: (node: HTMLElement | null) => void;
  nextWeekRef?: (node: HTMLElement | null) => void;
}

// 44 px on a touch screen (a finger's hit area), 36 px with a mouse.
const iconButton =
  'grid size-9 pointer-coarse:size-11 place-items-center rounded-lg text-slate-600 transition hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white';

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
  onSearch,
  onSearchIntent,
  userMenu,
  labelFilter,
  strip,
  previousWeekRef,
  nextWeekRef,
}: PlannerHeaderProps) {
  const dark = theme === 'dark';
  const header = useStickyHeight();
  useScrolledMark(header);
  return (
    <header ref={header} className="sticky top-0 z-20 border-b border-slate-200 bg-white/85 data-scrolled:backdrop-blur dark:border-slate-800 dark:bg-slate-950/85">
      {/* On a phone the week's title is a line of its own: the seven 44 px buttons take a 390 px row, and beside them
          the title was cut to 'Nov – D…' (gone at 320 px). */}
      <div className="mx-auto flex max-w-[1800px] flex-wrap items-center px-1 pb-1 sm:gap-x-3 sm:gap-y-2 sm:px-6 sm:py-2">
        <div className="flex min-w-0 items-center gap-3 max-sm:basis-full max-sm:px-3 max-sm:pt-1.5">
          <span className="hidden size-9 shrink-0 sm:grid place-items-center rounded-xl bg-indigo-600 text-white shadow-sm shadow-indigo-600/30">
            <CalendarIcon className="size-5" />
          </span>
          <h1 className="truncate text-sm font-semibold tracking-tight sm:text-xl">{title}</h1>
        </div>
        <div className="ml-auto flex shrink-0 items-center max-sm:w-full max-sm:justify-between sm:gap-2">
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
          <div className="flex items-center sm:rounded-xl sm:border sm:border-slate-200 sm:bg-white sm:p-0.5 sm:shadow-sm dark:sm:border-slate-800 dark:sm:bg-slate-900">
            <button ref={previousWeekRef} type="button" aria-label="Previous week" onClick={onPreviousWeek} className={iconButton}>
              <ChevronLeftIcon className="size-5" />
            </button>
            <button
              type="button"
              onClick={onToday}
              className="h-9 min-w-11 rounded-lg px-0 text-sm font-semibold pointer-coarse:h-11 sm:px-3 text-slate-700 transition hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500 dark:text-slate-200 dark:hover:bg-slate-800"
            >
              Today
            </button>
            <button ref={nextWeekRef} type="button" aria-label="Next week" onClick={onNextWeek} className={iconButton}>
              <ChevronRightIcon className="size-5" />
            </button>
          </div>
          {labelFilter}
          {onSearch && (
            <button
              type="button"
              aria-label="Search"
              aria-keyshortcuts="/ Control+K Meta+K"
              title="Search (/ or Ctrl+K)"
              onClick={onSearch}
              onPointerEnter={onSearchIntent}
              onFocus={onSearchIntent}
              // On a phone the bottom bar has search (SearchBarButton): the row has no 44 px left without cutting the title.
              className={`${iconButton} max-sm:hidden`}
            >
              <SearchIcon className="size-5" />
            </button>
          )}
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
      {strip}
    </header>
  );
}

/**
 * The header's height as --planner-header on the page's root: the days' headings stick under it, and a day
 * brought into view stops there (index.css). The header is one row, or on a phone a row and the day strip.
 */
function useStickyHeight() {
  const header = useRef<HTMLElement>(null);
  useLayoutEffect(() => {
    const element = header.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const root = element.ownerDocument.documentElement;
    const measure = () => root.style.setProperty('--planner-header', `${element.offsetHeight}px`);
    // Now as well, before the page's own layout effects bring a day into view (children's run first).
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--planner-header');
    };
  }, []);
  return header;
}

/**
 * `data-scrolled` on the header while the page is scrolled: only then is there anything under it to blur. At the
 * top the blur would soften a plain background for nothing, and in the first frame it was the costliest thing to
 * draw (first paint at 1600x1000: ~15% later with it; docs/performance.md).
 */
function useScrolledMark(header: RefObject<HTMLElement | null>) {
  useLayoutEffect(() => {
    const element = header.current;
    if (!element) return;
    const view = element.ownerDocument.defaultView ?? window;
    const mark = () => element.toggleAttribute('data-scrolled', view.scrollY > 0);
    mark();
    view.addEventListener('scroll', mark, { passive: true });
    return () => view.removeEventListener('scroll', mark);
  }, [header]);
}
