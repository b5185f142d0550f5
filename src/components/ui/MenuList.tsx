import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { useMenu } from './menuContext';

// The list of a Menu (Menu.tsx) and its items: arrows/Home/End/typeahead move focus between items, Escape and Tab close it.

const itemsOf = (list: HTMLElement | null) =>
  list ? Array.from(list.querySelectorAll<HTMLElement>('[role="menuitem"]')) : [];

export function MenuList({ children, align = 'end' }: { children: ReactNode; align?: 'start' | 'end' }) {
  const menu = useMenu();
  const listRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!menu.open) return;
    const items = itemsOf(listRef.current);
    (menu.focusTarget === 'last' ? items.at(-1) : items[0])?.focus();
  }, [menu.open, menu.focusTarget]);

  if (!menu.open) return null;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const items = itemsOf(listRef.current);
    const current = items.indexOf(document.activeElement as HTMLElement);
    const focusAt = (index: number) => items[(index + items.length) % items.length]?.focus();
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        focusAt(current + 1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        focusAt(current < 0 ? -1 : current - 1);
        break;
      case 'Home':
        event.preventDefault();
        focusAt(0);
        break;
      case 'End':
        event.preventDefault();
        focusAt(-1);
        break;
      case 'Escape':
        event.preventDefault();
        menu.closeMenu(true);
        break;
      case 'Tab':
        // Focus goes back to the button and the browser's Tab then moves on from there.
        menu.closeMenu(true);
        break;
      default:
        if (event.key.length === 1 && /\S/.test(event.key)) {
          const key = event.key.toLowerCase();
          const match = [...items.slice(current + 1), ...items.slice(0, current + 1)].find((item) =>
            item.textContent?.trim().toLowerCase().startsWith(key),
          );
          match?.focus();
        }
    }
  };

  return (
    <div
      ref={listRef}
      id={menu.menuId}
      role="menu"
      aria-labelledby={menu.buttonId}
      aria-orientation="vertical"
      tabIndex={-1}
      onKeyDown={onKeyDown}
      className={`absolute top-full z-50 mt-2 w-64 origin-top rounded-xl border border-slate-200 bg-white p-1.5 text-slate-800 shadow-xl shadow-slate-900/10 transition duration-100 ease-out starting:scale-95 starting:opacity-0 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-100 dark:shadow-black/40 ${align === 'end' ? 'right-0 origin-top-right' : 'left-0 origin-top-left'}`}
    >
      {children}
    </div>
  );
}

export interface MenuItemProps {
  onSelect?: () => void;
  /** Focusable (so it is announced) but cannot be chosen. */
  disabled?: boolean;
  children: ReactNode;
  className?: string;
}

export function MenuItem({ onSelect, disabled = false, children, className = '' }: MenuItemProps) {
  const menu = useMenu();
  return (
    <button
      type="button"
      role="menuitem"
      tabIndex={-1}
      aria-disabled={disabled || undefined}
      onPointerEnter={(event) => event.currentTarget.focus()}
      onClick={() => {
        if (disabled) return;
        menu.closeMenu(true);
        onSelect?.();
      }}
      className={`flex w-full items-center gap-3 rounded-lg px-3 py-2 text-left text-sm outline-none pointer-coarse:min-h-11 ${disabled ? 'cursor-default focus:bg-slate-50 dark:focus:bg-slate-800/50' : 'cursor-pointer focus:bg-slate-100 dark:focus:bg-slate-800'} ${className}`}
    >
      {children}
    </button>
  );
}

export function MenuSeparator() {
  return <div role="separator" className="-mx-1.5 my-1.5 h-px bg-slate-200 dark:bg-slate-800" />;
}
