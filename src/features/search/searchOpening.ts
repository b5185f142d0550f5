import { useCallback, useEffect, useRef, useState } from 'react';
import { useAppStore } from '../../app/hooks';
import { isTextField } from '../history/useHistoryShortcuts';

// What the first load holds of search: the button's and the shortcuts' way in, and the loader. The dialog, the
// index and the ranking are a chunk of their own, fetched when search first opens (or the pointer comes to its
// button), so the first load does not grow with them (docs/search.md).

let loaded = false;
let loading: Promise<typeof import('./SearchContainer')> | null = null;
export const loadSearch = () => (loading ??= import('./SearchContainer').finally(() => (loaded = true)));

/** Ctrl/Cmd+K anywhere; '/' outside a text field. By `event.key`, so any layout's '/' and K work (AZERTY: Shift+:). */
export function isSearchShortcut(event: KeyboardEvent): boolean {
  const { key } = event;
  if ((event.ctrlKey || event.metaKey) && !event.altKey) {
    // A layout without Latin letters (Cyrillic: 'л') still has K's key.
    return key.toLowerCase() === 'k' || (!/^[a-z]$/i.test(key) && event.code === 'KeyK');
  }
  // AltGr (Ctrl+Alt on Windows) types '/' on some layouts.
  return key === '/' && !event.metaKey && (!event.ctrlKey || event.altKey) && !isTextField(event.target);
}

export interface SearchState {
  open: boolean;
  show: () => void;
  hide: () => void;
  /** Keys typed after search opened and before its code arrived: the search's first letters. */
  typed: { current: string };
}

/** Whether search is open, with its shortcuts listening. */
export function useSearch(): SearchState {
  const store = useAppStore();
  const [open, setOpen] = useState(false);
  const typed = useRef('');
  const show = useCallback(() => {
    typed.current = '';
    setOpen(true);
  }, []);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing) return;
      if (open) {
        // The browser's own Ctrl+K (its search bar) stays out of the way while search is open.
        if (isSearchShortcut(event)) event.preventDefault();
        else if (!loaded && event.key.length === 1 && !event.ctrlKey && !event.metaKey) {
          typed.current += event.key;
          event.preventDefault();
        }
        return;
      }
      // A keyboard drag owns the keys; another dialog is in the way.
      if (!isSearchShortcut(event) || store.getState().tasks.drag || document.querySelector('dialog[open]')) return;
      event.preventDefault();
      show();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [store, open, show]);
  return { open, show, hide: useCallback(() => setOpen(false), []), typed };
}
