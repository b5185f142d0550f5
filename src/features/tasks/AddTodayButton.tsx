import type { ReactNode } from 'react';
import { PlusIcon } from '../../components/icons';

/**
 * The floating '+' at the bottom right. On a phone or a touch screen it sits on a bar of its own along the
 * bottom, so no card's control can scroll under it (the page's bottom padding lets the last ones rise above).
 */
export function AddTodayButton({ onClick, children }: { onClick: () => void; children?: ReactNode }) {
  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-0 z-30 flex justify-end p-5 sm:p-8 max-sm:pointer-events-auto max-sm:border-t max-sm:border-slate-200 max-sm:bg-slate-50/95 max-sm:px-4 max-sm:py-2.5 pointer-coarse:pointer-events-auto pointer-coarse:border-t pointer-coarse:border-slate-200 pointer-coarse:bg-slate-50/95 pointer-coarse:py-2.5 dark:max-sm:border-slate-800 dark:max-sm:bg-slate-950/95 dark:pointer-coarse:border-slate-800 dark:pointer-coarse:bg-slate-950/95">
      {/* What else the bar holds on a phone, at its left (search). */}
      {children}
      <button
        type="button"
        aria-label="Add task for today"
        onClick={onClick}
        className="pointer-events-auto ml-auto grid size-14 shrink-0 place-items-center rounded-full bg-indigo-600 text-white shadow-lg shadow-indigo-600/30 transition hover:bg-indigo-500 hover:shadow-xl active:scale-95 focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-indigo-500"
      >
        <PlusIcon className="size-6" strokeWidth={2.5} />
      </button>
    </div>
  );
}
