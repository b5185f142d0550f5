import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import type { Label } from './types';

export interface LabelFilterDialogProps {
  open: boolean;
  /** Every label, in the order shown. */
  labels: readonly Label[];
  /** Ids of the labels whose tasks show; none: every task shows. */
  chosen: readonly string[];
  onChange: (ids: string[]) => void;
  onClose: () => void;
}

/** Which labels' tasks the week shows: ticking one shows only tasks with a ticked label; the others are hidden. */
export default function LabelFilterDialog({ open, labels, chosen, onChange, onClose }: LabelFilterDialogProps) {
  const toggle = (id: string, on: boolean) => onChange(on ? [...chosen, id] : chosen.filter((one) => one !== id));
  return (
    <Dialog open={open} onClose={onClose} title="Filter by label" description="Show only the tasks that carry one of the labels ticked here." width="max-w-sm">
      <fieldset>
        <legend className="sr-only">Labels</legend>
        <ul className="space-y-1">
          {labels.map((label) => (
            <li key={label.id}>
              <label className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-2 hover:bg-slate-50 dark:hover:bg-slate-800">
                <input type="checkbox" checked={chosen.includes(label.id)} onChange={(event) => toggle(label.id, event.target.checked)} className="size-4" />
                <span className="label-chip ml-0" data-colour={label.colour}>
                  {label.name}
                </span>
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      <div className="mt-5 flex justify-end gap-2">
        <Button variant="secondary" size="sm" onClick={() => onChange([])} disabled={chosen.length === 0}>
          Show all tasks
        </Button>
        <Button variant="primary" size="sm" onClick={onClose}>
          Done
        </Button>
      </div>
    </Dialog>
  );
}
