import {
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type ComponentProps,
  type ReactNode,
} from 'react';
import { MenuContext, useMenu, type FocusTarget } from './menuContext';

// A menu button after the WAI-ARIA Authoring Practices pattern: the button opens a role=menu list,
// arrows/Home/End/typeahead move focus between items, Escape and Tab close it, a press outside closes it.
// The list and its items are in MenuList.tsx: a menu's button shows on the first screen, its list may load on demand.

export interface MenuProps {
  children: ReactNode;
  /** Told when the menu opens or closes, e.g. to start loading what its items will show. */
  onOpenChange?: (open: boolean) => void;
  className?: string;
}

export function Menu({ children, onOpenChange, className = '' }: MenuProps) {
  const [open, setOpen] = useState(false);
  const [focusTarget, setFocusTarget] = useState<FocusTarget>('first');
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const buttonId = useId();
  const menuId = useId();

  const openMenu = useCallback(
    (target: FocusTarget) => {
      setFocusTarget(target);
      setOpen(true);
      onOpenChange?.(true);
    },
    [onOpenChange],
  );
  const closeMenu = useCallback(
    (returnFocus: boolean) => {
      setOpen(false);
      onOpenChange?.(false);
      if (returnFocus) buttonRef.current?.focus();
    },
    [onOpenChange],
  );

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) closeMenu(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open, closeMenu]);

  const value = useMemo(
    () => ({ open, focusTarget, openMenu, closeMenu, buttonId, menuId, buttonRef }),
    [open, focusTarget, openMenu, closeMenu, buttonId, menuId],
  );

  return (
    <MenuContext value={value}>
      <div ref={rootRef} className={`relative inline-block ${className}`}>
        {children}
      </div>
    </MenuContext>
  );
}

export function MenuButton({ onClick, onKeyDown, ...props }: Omit<ComponentProps<'button'>, 'ref'>) {
  const { open, openMenu, closeMenu, buttonId, menuId, buttonRef } = useMenu();
  return (
    <button
      type="button"
      {...props}
      ref={buttonRef}
      id={buttonId}
      aria-haspopup="menu"
      aria-expanded={open}
      aria-controls={open ? menuId : undefined}
      onClick={(event) => {
        onClick?.(event);
        if (open) closeMenu(false);
        else openMenu('first');
      }}
      onKeyDown={(event) => {
        onKeyDown?.(event);
        if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
          event.preventDefault();
          openMenu(event.key === 'ArrowUp' ? 'last' : 'first');
        }
      }}
    />
  );
}
