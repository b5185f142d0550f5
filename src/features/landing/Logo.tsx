import { CheckIcon } from '../../components/icons';

/** The app's mark (same as the favicon) and name. */
export function Logo() {
  return (
    <span className="inline-flex items-center gap-2 font-semibold tracking-tight">
      <span className="grid size-8 place-items-center rounded-lg bg-indigo-600 text-white shadow-sm">
        <CheckIcon className="size-5" strokeWidth={3} />
      </span>
      Weekly Planner
    </span>
  );
}
