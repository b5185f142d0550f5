import { createContext, use, type RefObject } from 'react';

// What a Menu's parts share: its button is on the first screen (Menu.tsx), its list may load on demand (MenuList.tsx).

export type FocusTarget = 'first' | 'last';

interface MenuContextValue {
  open: boolean;
  focusTarget: FocusTarget;
  openMenu: (target: FocusTarget) => void;
  closeMenu: (returnFocus: boolean) => void;
  buttonId: string;
  menuId: string;
  buttonRef: RefObject<HTMLButtonElement | null>;
}

export const MenuContext = createContext<MenuContextValue | null>(null);

export function useMenu(): MenuContextValue {
  const menu = use(MenuContext);
  if (!menu) throw new Error('Menu parts must be rendered inside <Menu>.');
  return menu;
}
