import { SearchIcon } from '../../components/icons';

/**
 * Search on a phone: the bottom bar's free width beside '+', where the thumb is. The header's row has no 44 px left
 * there without cutting the week's title; from the sm breakpoint on, the header's button takes its place.
 */
export function SearchBarButton({ onClick, onIntent }: { onClick: () => void; onIntent?: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      onPointerDown={onIntent}
      className="pointer-events-auto mr-4 flex h-11 min-w-0 flex-1 items-center gap-2 rounded-full border border-slate-300 bg-white px-4 text-left text-base text-slate-600 sm:hidden dark:border-slate-700 dark:bg-slate-900 dark:text-slate-300"
    >
      <SearchIcon className="size-5 shrink-0" />
      Search tasks
    </button>
  );
}
