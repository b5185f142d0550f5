/**
 * '+ New list' after the week's last column, finger-sized. On the first load: the week shows it from the first paint
 * (the prerendered first screen has it), and the form it opens comes with the lists' code. A plain button in the
 * first screen's one font weight (firstScreen.test.ts: each more weight is one more font lookup before first paint).
 */
export function NewListButton({ onClick }: { onClick?: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="inline-flex h-12 cursor-pointer items-center rounded-lg px-6 text-base text-slate-700 transition hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500 dark:text-slate-300 dark:hover:bg-slate-800"
    >
      + New list
    </button>
  );
}
