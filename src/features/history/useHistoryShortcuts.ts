import { useEffect } from 'react';
import { useAppStore } from '../../app/hooks';
import { redoRequested, undoRequested } from './historySlice';

const NOT_TEXT = new Set(['button', 'checkbox', 'radio', 'submit', 'reset', 'file', 'range', 'color', 'image']);

/** A field where the browser's own text undo belongs. */
export function isTextField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  return target instanceof HTMLInputElement && !NOT_TEXT.has(target.type);
}

/**
 * Ctrl+Z / Cmd+Z undoes the last task change; Ctrl+Shift+Z / Cmd+Shift+Z and Ctrl+Y redo it. Not in
 * a text field, and not while a task is being dragged (its keys move the card; Escape cancels).
 */
export function useHistoryShortcuts(): void {
  const store = useAppStore();
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || !(event.ctrlKey || event.metaKey)) return;
      const key = event.key.toLowerCase();
      const redo = (key === 'z' && event.shiftKey) || (key === 'y' && event.ctrlKey && !event.shiftKey);
      if (!redo && key !== 'z') return;
      if (isTextField(event.target) || store.getState().tasks.drag) return;
      event.preventDefault();
      store.dispatch(redo ? redoRequested() : undoRequested());
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [store]);
}
