import { PlusIcon } from '../../components/icons';

/** The floating '+' at the bottom right. */
export function AddTodayButton({ onClick }: { onClick: () => void }) {
  return (
    <button
      type="button"
      aria-label="Add task for today"
      onClick={onClick}
      className="fixed right-5 bottom-5 z-30 grid size-14 place-items-center rounded-full bg-indigo-600 text-white shadow-lg shadow-indigo-600/30 transition hover:bg-indigo-500 hover:shadow-xl active:scale-95 focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-indigo-500 sm:right-8 sm:bottom-8"
    >
      <PlusIcon className="size-6" strokeWidth={2.5} />
    </button>
  );
}
