import { Link } from 'react-router-dom';
import { ArrowRightIcon } from '../../components/pageIcons';

export function CallToAction() {
  return (
    <section aria-labelledby="cta-title" className="px-4 pb-20 sm:px-6">
      <div className="relative mx-auto max-w-5xl overflow-hidden rounded-3xl bg-gradient-to-br from-indigo-600 via-indigo-600 to-violet-700 px-6 py-16 text-center text-white shadow-2xl shadow-indigo-900/20 sm:px-12">
        <div aria-hidden="true" className="absolute -top-24 -right-24 size-72 rounded-full bg-white/10 blur-2xl" />
        <h2 id="cta-title" className="relative text-3xl font-bold tracking-tight sm:text-4xl">
          Ready to plan your week?
        </h2>
        <p className="relative mx-auto mt-4 max-w-xl text-lg text-indigo-100">
          Open the planner and add your first task. It takes seconds, and you can sign up later if you ever want sync.
        </p>
        <Link
          to="/"
          className="relative mt-10 inline-flex h-12 items-center gap-2 rounded-lg bg-white px-6 font-semibold text-indigo-700 shadow-lg transition hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
        >
          Start Planning Now <ArrowRightIcon />
        </Link>
      </div>
    </section>
  );
}
