import { CheckIcon } from '../../components/icons';

export interface TaskDragPreviewProps {
  title: string;
  completed: boolean;
  /** The dragged card's width, so the preview matches it; natural width when unknown. */
  width?: number;
}

/** The lifted card that follows the pointer (or the keyboard) during a drag. */
export function TaskDragPreview({ title, completed, width }: TaskDragPreviewProps) {
  return (
    <div
      aria-hidden="true"
      style={width ? { width } : undefined}
      className={`flex max-w-xs origin-center rotate-2 items-start gap-1.5 rounded-xl border border-indigo-300 bg-white py-1.5 pr-1.5 pl-3.5 shadow-xl ring-1 shadow-slate-900/15 ring-indigo-500/10 dark:border-indigo-500/60 dark:bg-slate-900 dark:shadow-black/40 ${
        completed ? 'opacity-80' : ''
      }`}
    >
      <span
        className={`mt-0.5 grid size-[18px] shrink-0 place-items-center rounded-full border-2 ${
          completed ? 'border-emerald-500 bg-emerald-500 text-white' : 'border-slate-300 text-transparent dark:border-slate-600'
        }`}
      >
        <CheckIcon className="size-3" strokeWidth={3} />
      </span>
      <span
        className={`min-w-0 flex-1 py-0.5 text-sm leading-5 break-words ${
          completed ? 'text-slate-500 line-through dark:text-slate-400' : 'text-slate-800 dark:text-slate-100'
        }`}
      >
        {title}
      </span>
    </div>
  );
}
