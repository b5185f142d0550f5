import { buttonClasses } from './ui/buttonStyles';

export interface PageLoadErrorProps {
  /** Loads the page again; a full reload by default. */
  onRetry?: () => void;
}

/** Where a page's code could not be fetched (offline, a deploy replaced it): say so, offer another try. */
export function PageLoadError({ onRetry = () => window.location.reload() }: PageLoadErrorProps) {
  return (
    <main role="alert" className="grid min-h-dvh place-items-center px-6 text-center">
      <div className="max-w-md">
        <h1 className="text-xl font-semibold text-slate-800 dark:text-slate-100">This page could not be loaded</h1>
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">Check your connection, then try again.</p>
        <button type="button" onClick={onRetry} className={buttonClasses({ className: 'mt-6' })}>
          Try again
        </button>
      </div>
    </main>
  );
}
