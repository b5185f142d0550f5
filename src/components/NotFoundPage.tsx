import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { ArrowRightIcon, CompassIcon } from './pageIcons';
import { buttonClasses } from './ui/buttonStyles';

export function NotFoundPage() {
  const { pathname } = useLocation();
  const loggedPath = useRef<string | null>(null);

  useEffect(() => {
    // Once per path, even when StrictMode runs effects twice.
    if (loggedPath.current === pathname) return;
    loggedPath.current = pathname;
    console.error('404 Error: User attempted to access non-existent route:', pathname);
  }, [pathname]);

  return (
    <main className="grid min-h-dvh place-items-center bg-gradient-to-b from-slate-50 to-indigo-50/60 px-6 dark:from-slate-950 dark:to-indigo-950/30">
      <div className="max-w-md text-center">
        <div className="mx-auto mb-6 grid size-16 place-items-center rounded-2xl bg-indigo-100 text-indigo-600 dark:bg-indigo-500/15 dark:text-indigo-300">
          <CompassIcon className="size-8" />
        </div>
        <p className="text-7xl font-bold tracking-tight text-slate-900 sm:text-8xl dark:text-white">404</p>
        <h1 className="mt-4 text-xl font-semibold text-slate-700 sm:text-2xl dark:text-slate-200">Oops! Page not found</h1>
        <Link to="/" className={buttonClasses({ size: 'lg', className: 'mt-8' })}>
          Return to Home <ArrowRightIcon />
        </Link>
      </div>
    </main>
  );
}
