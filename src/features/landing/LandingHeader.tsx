import { Link } from 'react-router-dom';
import { buttonClasses } from '../../components/ui/buttonStyles';
import { Logo } from './Logo';

const SECTIONS = [
  { href: '#features', label: 'Features' },
  { href: '#how-it-works', label: 'How It Works' },
  { href: '#plans', label: 'Pricing' },
];

export function LandingHeader() {
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200/70 bg-white/80 backdrop-blur-md dark:border-slate-800/70 dark:bg-slate-950/80">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <Link to="/home" className="rounded-lg focus-visible:outline-2 focus-visible:outline-indigo-500">
          <Logo />
        </Link>
        <nav aria-label="Sections" className="hidden gap-1 md:flex">
          {SECTIONS.map(({ href, label }) => (
            <a key={href} href={href} className={buttonClasses({ variant: 'ghost', size: 'sm' })}>
              {label}
            </a>
          ))}
        </nav>
        <Link to="/" className={buttonClasses({ size: 'sm' })}>
          Open Planner
        </Link>
      </div>
    </header>
  );
}
