import { XIcon } from '../pageIcons';
import { Button } from './Button';

export interface UpdatePromptProps {
  onReload: () => void;
  onDismiss: () => void;
}

/** A small, non-modal notice that a new version is ready; nothing changes until 'Reload'. */
export function UpdatePrompt({ onReload, onDismiss }: UpdatePromptProps) {
  return (
    <div
      role="status"
      className="fixed bottom-5 left-5 z-40 flex max-w-[calc(100vw-7.5rem)] items-center gap-3 rounded-xl border border-slate-200 bg-white py-2 pr-2 pl-4 text-sm text-slate-900 shadow-lg sm:bottom-8 sm:left-8 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
    >
      <p>A new version is available</p>
      <Button size="sm" onClick={onReload}>
        Reload
      </Button>
      <Button variant="ghost" size="icon" className="size-8 shrink-0" aria-label="Dismiss" onClick={onDismiss}>
        <XIcon className="size-4" />
      </Button>
    </div>
  );
}
