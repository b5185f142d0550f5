import { useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';

interface AddTaskInputProps {
  /** Accessible name, e.g. 'New task for Mon 23 Nov'. */
  label: string;
  /** Called with each trimmed, non-empty title: on Enter (the input stays open for the next) and on blur. */
  onAdd: (title: string) => void;
  /** Called once when the input closes: Escape, Enter on empty, or blur (after adding what was typed). */
  onClose: () => void;
}

/**
 * Enter with text adds and keeps the line open, empty and focused, so tasks can be typed one after another
 * (as in Tweek or TeuxDeux); Escape or Enter on an empty line closes it; a blur adds what was typed and closes.
 */
export function AddTaskInput({ label, onAdd, onClose }: AddTaskInputProps) {
  const [title, setTitle] = useState('');
  // Closing unmounts the input, which can fire one more blur; close only once.
  const closed = useRef(false);
  const input = useRef<HTMLInputElement>(null);
  const [added, setAdded] = useState(0);
  // Each new card lands above the line and pushes it down: keep the line in sight for the next title.
  useLayoutEffect(() => {
    if (added > 0) input.current?.scrollIntoView?.({ block: 'nearest' });
  }, [added]);

  const close = (commit: boolean) => {
    if (closed.current) return;
    closed.current = true;
    const trimmed = title.trim();
    if (commit && trimmed) onAdd(trimmed);
    onClose();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' && !event.nativeEvent.isComposing) {
      event.preventDefault();
      const trimmed = title.trim();
      if (!trimmed) return close(false);
      onAdd(trimmed);
      setTitle('');
      setAdded((count) => count + 1);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      close(false);
    }
  };

  return (
    <input
      type="text"
      autoFocus
      aria-label={label}
      placeholder="What needs doing?"
      ref={input}
      value={title}
      onChange={(event) => setTitle(event.target.value)}
      onKeyDown={onKeyDown}
      onBlur={() => close(true)}
      className="w-full rounded-lg border border-indigo-300 bg-white px-3 py-2 text-sm shadow-sm outline-none placeholder:text-slate-400 focus:border-indigo-500 focus:ring-2 focus:ring-indigo-500/30 dark:border-indigo-500/50 dark:bg-slate-900 dark:placeholder:text-slate-500"
    />
  );
}
