import { useRef, useState, type KeyboardEvent } from 'react';

interface AddTaskInputProps {
  /** Accessible name, e.g. 'New task for Mon 23 Nov'. */
  label: string;
  /** Called once with the trimmed, non-empty title. */
  onAdd: (title: string) => void;
  /** Called when the input closes without adding (Escape, or blur while empty). */
  onClose: () => void;
}

/** Enter or blur with text adds; Escape or an empty blur cancels. */
export function AddTaskInput({ label, onAdd, onClose }: AddTaskInputProps) {
  const [title, setTitle] = useState('');
  // Closing unmounts the input, which can fire one more blur; settle only once.
  const settled = useRef(false);

  const finish = (commit: boolean) => {
    if (settled.current) return;
    settled.current = true;
    const trimmed = title.trim();
    if (commit && trimmed) onAdd(trimmed);
    else onClose();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' && !event.nativeEvent.isComposing) {
      event.preventDefault();
      finish(true);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      finish(false);
    }
  };

  return (
    <input
      type="text"
      autoFocus
      aria-label={label}
      placeholder="What needs doing?"
      value={title}
      onChange={(event) => setTitle(event.target.value)}
      onKeyDown={onKeyDown}
      onBlur={() => finish(true)}
      className="w-full rounded-lg border border-indigo-300 bg-white px-3 py-2 text-sm shadow-sm outline-none placeholder:text-slate-400 focus:border-indigo-500 focus:ring-2 focus:ring-indigo-500/30 dark:border-indigo-500/50 dark:bg-slate-900 dark:placeholder:text-slate-500"
    />
  );
}
