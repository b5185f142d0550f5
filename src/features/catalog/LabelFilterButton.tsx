export interface LabelFilterButtonProps {
  /** The names of the chosen labels; none: every task shows. */
  chosen: readonly string[];
  onClick: () => void;
  onIntent?: () => void;
}

/** The header's way to the label filter: says which labels it shows, so a filtered week is never a surprise. */
export function LabelFilterButton({ chosen, onClick, onIntent }: LabelFilterButtonProps) {
  const active = chosen.length > 0;
  return (
    <button
      type="button"
      aria-haspopup="dialog"
      aria-label={active ? `Label filter: showing ${chosen.join(', ')}` : 'Filter by label'}
      title={active ? `Showing only: ${chosen.join(', ')}` : 'Filter by label'}
      onClick={onClick}
      onPointerEnter={onIntent}
      onFocus={onIntent}
      className={`h-9 truncate rounded-lg px-2 text-sm font-medium pointer-coarse:h-11 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500 ${
        active
          ? 'bg-indigo-50 text-indigo-800 hover:bg-indigo-100 dark:bg-indigo-500/15 dark:text-indigo-200 dark:hover:bg-indigo-500/25'
          : 'text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800'
      }`}
    >
      <span aria-hidden="true"># </span>
      {active ? chosen.join(', ') : 'Labels'}
    </button>
  );
}
