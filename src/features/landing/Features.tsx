import type { ReactNode } from 'react';
import { CalendarIcon } from '../../components/icons';
import { CloudIcon, InboxIcon, MoveIcon, PencilIcon, ShieldIcon } from '../../components/pageIcons';

const FEATURES: Array<{ icon: ReactNode; title: string; text: string }> = [
  {
    icon: <MoveIcon />,
    title: 'Drag and drop',
    text: 'Move tasks between days or reorder them within a day, with a mouse, a finger or the keyboard.',
  },
  {
    icon: <CalendarIcon />,
    title: 'Your week at a glance',
    text: 'Monday to Sunday side by side. Step to the previous or next week, or jump straight back to today.',
  },
  {
    icon: <InboxIcon />,
    title: 'A place for Some Day',
    text: 'Ideas without a date wait in their own column until you are ready to give them one.',
  },
  {
    icon: <PencilIcon />,
    title: 'Quick inline editing',
    text: 'Click a task to rename it. Enter saves, Escape leaves it as it was. Tick it off when it is done.',
  },
  {
    icon: <ShieldIcon />,
    title: 'Private by default',
    text: 'Without an account your tasks stay in your browser. Nothing to sign up for before you start.',
  },
  {
    icon: <CloudIcon />,
    title: 'Cloud sync with Premium',
    text: 'Sign in and subscribe to back up your tasks and keep them in step on every device you use.',
  },
];

export function Features() {
  return (
    <section id="features" aria-labelledby="features-title" className="scroll-mt-16 px-4 py-20 sm:px-6">
      <div className="mx-auto max-w-6xl">
        <div className="mx-auto max-w-2xl text-center">
          <h2 id="features-title" className="text-3xl font-bold tracking-tight sm:text-4xl">
            Everything a week needs, nothing it doesn&apos;t
          </h2>
          <p className="mt-4 text-lg text-slate-600 dark:text-slate-400">
            A focused planner that gets out of your way, on your phone and on your desk.
          </p>
        </div>
        <ul className="mt-14 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {FEATURES.map(({ icon, title, text }) => (
            <li
              key={title}
              className="group rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition hover:-translate-y-0.5 hover:shadow-md dark:border-slate-800 dark:bg-slate-900"
            >
              <span className="grid size-11 place-items-center rounded-xl bg-indigo-50 text-indigo-600 transition group-hover:bg-indigo-600 group-hover:text-white dark:bg-indigo-500/15 dark:text-indigo-300">
                {icon}
              </span>
              <h3 className="mt-5 text-lg font-semibold">{title}</h3>
              <p className="mt-2 text-slate-600 dark:text-slate-400">{text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
