import { useId, useRef } from 'react';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { taskCount } from './taskCount';

export interface SettingsDialogProps {
  open: boolean;
  onClose: () => void;
  rollover: boolean;
  onRolloverChange: (on: boolean) => void;
  onExport: () => void;
  /** A file was chosen for import. */
  onFileChosen: (file: File) => void;
  /** How many tasks the chosen backup holds, while asking how to apply it. */
  pendingCount: number | null;
  onMerge: () => void;
  onReplace: () => void;
  onCancelImport: () => void;
  /** Why the chosen file cannot be imported. */
  error: string | null;
  /** What the last import did. */
  status: string | null;
}

export default function SettingsDialog({
  open,
  onClose,
  rollover,
  onRolloverChange,
  onExport,
  onFileChosen,
  pendingCount,
  onMerge,
  onReplace,
  onCancelImport,
  error,
  status,
}: SettingsDialogProps) {
  const fileInput = useRef<HTMLInputElement>(null);
  const rolloverLabel = useId();
  const rolloverHelp = useId();
  const question = useId();
  return (
    <Dialog open={open} onClose={onClose} title="Settings" width="max-w-md">
      <section aria-labelledby={rolloverLabel} className="flex items-start justify-between gap-4">
        <div>
          <h3 id={rolloverLabel} className="text-sm font-medium">
            Move unfinished tasks to today
          </h3>
          <p id={rolloverHelp} className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            When the planner opens and when the day changes, unfinished tasks from past days move to the end of today. Finished
            tasks and Some Day stay where they are. Remembered on this device.
          </p>
        </div>
        <button
          type="button"
          role="switch"
          aria-checked={rollover}
          aria-labelledby={rolloverLabel}
          aria-describedby={rolloverHelp}
          onClick={() => onRolloverChange(!rollover)}
          className={`relative mt-0.5 inline-flex h-6 w-11 shrink-0 cursor-pointer rounded-full border-2 border-transparent transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500 ${
            rollover ? 'bg-indigo-600 dark:bg-indigo-500' : 'bg-slate-400 dark:bg-slate-600'
          }`}
        >
          <span
            aria-hidden="true"
            className={`inline-block size-5 rounded-full bg-white shadow transition-transform ${rollover ? 'translate-x-5' : 'translate-x-0'}`}
          />
        </button>
      </section>

      <section aria-labelledby={`${rolloverLabel}-backup`} className="mt-6 border-t border-slate-200 pt-5 dark:border-slate-800">
        <h3 id={`${rolloverLabel}-backup`} className="text-sm font-medium">
          Backup
        </h3>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">Save all your tasks to a file, or bring them back from one.</p>
        <div className="mt-3 flex gap-2">
          <Button variant="secondary" size="sm" onClick={onExport}>
            Export
          </Button>
          <Button variant="secondary" size="sm" onClick={() => fileInput.current?.click()}>
            Import
          </Button>
          <input
            ref={fileInput}
            type="file"
            accept=".json,application/json"
            hidden
            onChange={(event) => {
              const file = event.target.files?.[0];
              // Cleared, so choosing the same file again is a change too.
              event.target.value = '';
              if (file) onFileChosen(file);
            }}
          />
        </div>

        {pendingCount !== null && (
          <div role="group" aria-labelledby={question} className="mt-4 rounded-lg bg-slate-50 px-4 py-3 dark:bg-slate-800/60">
            <p id={question} className="text-sm">
              This file holds {taskCount(pendingCount)}. Merge them with your tasks (where both have a task, the newer copy is
              kept), or replace all your tasks with them?
            </p>
            <div className="mt-3 flex flex-wrap gap-2">
              <Button variant="primary" size="sm" onClick={onMerge}>
                Merge
              </Button>
              <Button variant="secondary" size="sm" onClick={onReplace}>
                Replace
              </Button>
              <Button variant="ghost" size="sm" onClick={onCancelImport}>
                Cancel
              </Button>
            </div>
          </div>
        )}
        {error && (
          <p role="alert" className="mt-4 rounded-lg bg-rose-50 px-4 py-3 text-sm text-rose-800 dark:bg-rose-500/15 dark:text-rose-200">
            {error}
          </p>
        )}
        <p role="status" className="mt-3 text-sm text-slate-700 empty:hidden dark:text-slate-300">
          {status}
        </p>
      </section>
    </Dialog>
  );
}
