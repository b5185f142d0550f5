const STEPS = [
  { title: 'Add your tasks', text: 'Press + on any day, or collect ideas in Some Day. No account needed.' },
  { title: 'Arrange your week', text: 'Drag tasks to the day they fit and put them in the order you want.' },
  { title: 'Check them off', text: 'Mark tasks complete as you go and see your week come together.' },
];

export function HowItWorks() {
  return (
    <section
      id="how-it-works"
      aria-labelledby="how-it-works-title"
      className="scroll-mt-16 bg-slate-100/70 px-4 py-20 sm:px-6 dark:bg-slate-900/50"
    >
      <div className="mx-auto max-w-5xl">
        <h2 id="how-it-works-title" className="text-center text-3xl font-bold tracking-tight sm:text-4xl">
          How It Works
        </h2>
        <ol className="mt-14 grid gap-10 md:grid-cols-3 md:gap-6">
          {STEPS.map(({ title, text }, index) => (
            <li key={title} className="relative text-center">
              {index < STEPS.length - 1 && (
                <span
                  aria-hidden="true"
                  className="absolute top-6 left-[calc(50%+2.5rem)] hidden h-px w-[calc(100%-5rem)] bg-gradient-to-r from-indigo-300 to-transparent md:block dark:from-indigo-700"
                />
              )}
              <span
                aria-hidden="true"
                className="mx-auto grid size-12 place-items-center rounded-full bg-indigo-600 text-lg font-bold text-white shadow-lg shadow-indigo-600/30"
              >
                {index + 1}
              </span>
              <h3 className="mt-5 text-lg font-semibold">{title}</h3>
              <p className="mx-auto mt-2 max-w-xs text-slate-600 dark:text-slate-400">{text}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
