import { Link } from 'react-router-dom';
import { Logo } from './Logo';

const linkClass =
  'rounded text-slate-600 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-slate-400 dark:hover:text-white';

export function LandingFooter() {
  return (
    <footer className="border-t border-slate-200 px-4 py-10 sm:px-6 dark:border-slate-800">
      <div className="mx-auto flex max-w-6xl flex-col items-center justify-between gap-6 text-sm sm:flex-row">
        <div className="flex flex-col items-center gap-2 sm:items-start">
          <Logo />
          <p className="text-slate-500 dark:text-slate-400">Plan your week, one day at a time.</p>
        </div>
        <nav aria-label="Footer" className="flex gap-6">
          <Link to="/" className={linkClass}>
            Planner
          </Link>
          <a href="#plans" className={linkClass}>
            Pricing
          </a>
          <Link to="/auth" className={linkClass}>
            Sign in
          </Link>
        </nav>
        <p className="text-slate-500 dark:text-slate-400">© {new Date().getFullYear()} Weekly Planner</p>
      </div>
    </footer>
  );
}
