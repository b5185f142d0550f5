import { useCallback, useEffect, useRef, useState } from 'react';
import { useAppStore } from '../../app/hooks';
import { isTextField } from '../history/useHistoryShortcuts';

// What the first load holds of search: the button's and the shortcuts' way in, and the loader. The dialog, the
// index and the ranking are a chunk of their own, fetched when search first opens (or the pointer comes to its
// button), so the first load does not grow with them (docs/search.md).

let loading: Promise<typeof import('./SearchContainer')> | null = null;
export const loadSearch = () => (loading ??= import('./SearchContainer'));

/**
 * Keys typed after search opened and before its field took focus (its code on its way, then its first render): the
 * search's first letters. One search per page, so one place; SearchContainer.tsx reads it and ends the holding.
 */
const held = { text: '', holding: false };
export const heldSearchText = () => held.text;
/** The field has focus and takes the keys from here on: what was held until now. */
export function stopHoldingSearchKeys(): string {
  held.holding = false;
  return held.text;
}

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
}

/** Whether search is open, with its shortcuts listening. */
export function useSearch(): SearchState {
  const store = useAppStore();
  const [open, setOpen] = useState(false);
  // The listener reads this, not `open`: keys typed before React has re-rendered with search open are its letters.
  const isOpen = useRef(false);
  const show = useCallback(() => {
    held.text = '';
    held.holding = true;
    isOpen.current = true;
    setOpen(true);
  }, []);
  const hide = useCallback(() => {
    held.holding = false;
    isOpen.current = false;
    setOpen(false);
  }, []);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing) return;
      if (isOpen.current) {
        // The browser's own Ctrl+K (its search bar) stays out of the way while search is open.
        if (isSearchShortcut(event)) event.preventDefault();
        else if (held.holding && !event.ctrlKey && !event.metaKey && !event.altKey) {
          if (event.key.length === 1) held.text += event.key;
          else if (event.key === 'Backspace') held.text = held.text.slice(0, -1);
          else return;
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
  }, [store, show]);
  return { open, show, hide };
}
