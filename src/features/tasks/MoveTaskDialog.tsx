import { useId } from 'react';
import { Dialog } from '../../components/ui/Dialog';
import { SOMEDAY, type TaskDate } from './types';

export interface MoveWeek {
  /** 'This week', 'Next week'. */
  name: string;
  /** Its seven days, Monday first, each with its label ('Mon 23 Nov'). */
  days: { date: TaskDate; label: string }[];
}

export interface MoveTaskDialogProps {
  open: boolean;
  /** The task's title, for the dialog's title. */
  taskTitle: string;
  /** The task's day now: shown, not offered. */
  currentDate: TaskDate | null;
  weeks: MoveWeek[];
  /** The named lists offered after Some Day (column keys and names). */
  lists?: readonly { date: TaskDate; label: string }[];
  onMove: (date: TaskDate) => void;
  onClose: () => void;
}

const choice =
  'min-h-11 cursor-pointer rounded-lg border border-slate-200 px-2 text-sm font-medium text-slate-800 transition hover:border-indigo-300 hover:bg-indigo-50 ' +
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500 disabled:cursor-default disabled:border-indigo-300 disabled:bg-indigo-50 ' +
  'disabled:text-indigo-700 dark:border-slate-700 dark:text-slate-100 dark:hover:bg-indigo-500/10 dark:disabled:bg-indigo-500/10 dark:disabled:text-indigo-300';

/** Moving a task without dragging: any day of this or next week, Some Day or a list; one press, one undoable move. */
export function MoveTaskDialog({ open, taskTitle, currentDate, weeks, lists = [], onMove, onClose }: MoveTaskDialogProps) {
  const id = useId();
  const button = (date: TaskDate, label: string) => (
    <button
      key={date}
      type="button"
      className={choice}
      disabled={date === currentDate}
      aria-current={date === currentDate ? 'true' : undefined}
      onClick={() => onMove(date)}
    >
      {label}
    </button>
  );
  return (
    <Dialog open={open} onClose={onClose} title={`Move “${taskTitle}” to…`} width="max-w-md">
      <div className="space-y-4">
        {weeks.map((week, index) => (
          <div key={week.name} role="group" aria-labelledby={`${id}-${index}`}>
            <h3 id={`${id}-${index}`} className="mb-2 text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400">
              {week.name}
            </h3>
            <div className="grid grid-cols-3 gap-2 sm:grid-cols-4">{week.days.map((day) => button(day.date, day.label))}</div>
          </div>
        ))}
        <div className="grid">{button(SOMEDAY, 'Some Day')}</div>
        {lists.length > 0 && (
          <div role="group" aria-labelledby={`${id}-lists`}>
            <h3 id={`${id}-lists`} className="mb-2 text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400">
              Lists
            </h3>
            <div className="grid grid-cols-2 gap-2">{lists.map((list) => button(list.date, list.label))}</div>
          </div>
        )}
      </div>
    </Dialog>
  );
}
