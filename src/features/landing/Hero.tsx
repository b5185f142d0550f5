import { Link } from 'react-router-dom';
import { CheckIcon } from '../../components/icons';
import { ArrowRightIcon } from '../../components/pageIcons';
import { buttonClasses } from '../../components/ui/buttonStyles';

// A decorative miniature of the planner: what the product looks like, at a glance.
const PREVIEW: Array<{ day: string; tasks: Array<[string, boolean]> }> = [
  { day: 'Mon', tasks: [['Team sync', true], ['Draft report', true]] },
  { day: 'Tue', tasks: [['Dentist 9:30', true], ['Gym', false]] },
  { day: 'Wed', tasks: [['Review report', false]] },
  { day: 'Thu', tasks: [['Call mum', false], ['Groceries', false]] },
  { day: 'Some Day', tasks: [['Learn Spanish', false]] },
];

function PlannerPreview() {
  return (
    <div
      aria-hidden="true"
      className="mx-auto mt-14 grid max-w-4xl grid-cols-2 gap-3 rounded-2xl border border-slate-200 bg-white/70 p-3 shadow-2xl shadow-indigo-900/10 backdrop-blur sm:grid-cols-3 sm:p-4 md:grid-cols-5 dark:border-slate-800 dark:bg-slate-900/70 dark:shadow-black/40"
    >
      {PREVIEW.map(({ day, tasks }, index) => (
        <div
          key={day}
          className={`rounded-xl bg-slate-50 p-3 text-left dark:bg-slate-800/60 ${index > 2 ? 'hidden md:block' : ''} ${index === 2 ? 'hidden sm:block' : ''}`}
        >
          <p className="mb-2 text-xs font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400">{day}</p>
          <ul className="space-y-2">
            {tasks.map(([title, done]) => (
              <li
                key={title}
                className="flex items-center gap-2 rounded-lg bg-white px-2.5 py-2 text-xs shadow-sm dark:bg-slate-900"
              >
                <span
                  className={`grid size-4 shrink-0 place-items-center rounded-full border ${done ? 'border-emerald-500 bg-emerald-500 text-white' : 'border-slate-300 dark:border-slate-600'}`}
                >
                  {done && <CheckIcon className="size-3" strokeWidth={3} />}
                </span>
                <span className={done ? 'text-slate-500 line-through dark:text-slate-400' : ''}>{title}</span>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
}

export function Hero() {
  return (
    <section className="relative overflow-hidden px-4 pt-20 pb-16 sm:px-6 sm:pt-28">
      <div
        aria-hidden="true"
        className="absolute inset-x-0 -top-40 -z-10 mx-auto h-[28rem] max-w-3xl rounded-full bg-gradient-to-tr from-indigo-400/30 via-violet-400/20 to-sky-300/30 blur-3xl dark:from-indigo-600/25 dark:via-violet-600/15 dark:to-sky-500/10"
      />
      <div className="mx-auto max-w-3xl text-center">
        <p className="mb-6 inline-flex items-center gap-2 rounded-full border border-indigo-200 bg-indigo-50 px-3 py-1 text-sm font-medium text-indigo-700 dark:border-indigo-500/30 dark:bg-indigo-500/10 dark:text-indigo-300">
          Free to use, no account needed
        </p>
        <h1 className="text-5xl font-extrabold tracking-tight text-balance text-slate-900 sm:text-6xl lg:text-7xl dark:text-white">
          Plan Less.{' '}
          <span className="bg-gradient-to-r from-indigo-600 to-violet-600 bg-clip-text text-transparent dark:from-indigo-400 dark:to-violet-400">
            Achieve More.
          </span>
        </h1>
        <p className="mx-auto mt-6 max-w-2xl text-lg text-pretty text-slate-600 sm:text-xl dark:text-slate-300">
          Weekly Planner lays out your tasks from Monday to Sunday, lets you drag them to the day they fit, and keeps
          everything without a date in Some Day. Simple enough to open and start.
        </p>
        <div className="mt-10 flex flex-col items-center justify-center gap-3 sm:flex-row">
          <Link to="/" className={buttonClasses({ size: 'lg', className: 'w-full sm:w-auto' })}>
            Start Planning <ArrowRightIcon />
          </Link>
          <a href="#plans" className={buttonClasses({ variant: 'secondary', size: 'lg', className: 'w-full sm:w-auto' })}>
            See Plans
          </a>
        </div>
      </div>
      <PlannerPreview />
    </section>
  );
}
