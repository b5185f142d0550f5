import { Link } from 'react-router-dom';
import { CheckIcon } from '../../components/icons';
import { buttonClasses } from '../../components/ui/buttonStyles';

function Included({ items }: { items: string[] }) {
  return (
    <ul className="mt-8 space-y-3">
      {items.map((item) => (
        <li key={item} className="flex items-center gap-3">
          <span className="grid size-5 shrink-0 place-items-center rounded-full bg-emerald-100 text-emerald-600 dark:bg-emerald-500/15 dark:text-emerald-400">
            <CheckIcon className="size-3.5" strokeWidth={3} />
          </span>
          {item}
        </li>
      ))}
    </ul>
  );
}

export function Plans() {
  return (
    <section id="plans" aria-labelledby="plans-title" className="scroll-mt-16 px-4 py-20 sm:px-6">
      <div className="mx-auto max-w-4xl">
        <div className="mx-auto max-w-2xl text-center">
          <h2 id="plans-title" className="text-3xl font-bold tracking-tight sm:text-4xl">
            Simple pricing
          </h2>
          <p className="mt-4 text-lg text-slate-600 dark:text-slate-400">
            Plan for free for as long as you like. Go Premium when you want your week on every device.
          </p>
        </div>
        <div className="mt-14 grid gap-6 md:grid-cols-2">
          <article
            aria-labelledby="plan-free"
            className="flex flex-col rounded-3xl border border-slate-200 bg-white p-8 shadow-sm dark:border-slate-800 dark:bg-slate-900"
          >
            <h3 id="plan-free" className="text-lg font-semibold">
              Free
            </h3>
            <p className="mt-4 flex items-baseline gap-2">
              <span className="text-5xl font-bold tracking-tight">$0</span>
              <span className="text-slate-500 dark:text-slate-400">forever</span>
            </p>
            <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">Everything you need to plan on one device.</p>
            <Included items={['Unlimited tasks', 'Local storage', 'Mobile responsive', 'Dark/light themes']} />
            <Link to="/" className={buttonClasses({ variant: 'secondary', size: 'lg', className: 'mt-10 w-full' })}>
              Get Started Free
            </Link>
          </article>

          <article
            aria-labelledby="plan-premium"
            className="relative flex flex-col rounded-3xl border-2 border-indigo-500 bg-white p-8 shadow-xl shadow-indigo-500/15 dark:bg-slate-900"
          >
            <span className="absolute -top-3.5 left-1/2 -translate-x-1/2 rounded-full bg-gradient-to-r from-indigo-600 to-violet-600 px-4 py-1 text-sm font-semibold text-white shadow">
              Most Popular
            </span>
            <h3 id="plan-premium" className="text-lg font-semibold">
              Premium
            </h3>
            <p className="mt-4 flex items-baseline gap-2">
              <span className="text-5xl font-bold tracking-tight">$2.90</span>
              <span className="text-slate-500 dark:text-slate-400">per month</span>
            </p>
            <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
              Billed annually at $34.80, or $4.90 month to month.
            </p>
            <Included
              items={['Everything in Free', 'Cloud synchronization', 'Multi-device access', 'Priority support']}
            />
            <Link to="/auth" className={buttonClasses({ variant: 'premium', size: 'lg', className: 'mt-10 w-full' })}>
              Upgrade to Premium
            </Link>
          </article>
        </div>
      </div>
    </section>
  );
}
