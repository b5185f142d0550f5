import { Menu } from '../../components/ui/Menu';
import { UserMenuButton } from './UserMenuButton';
import { UserMenuItems, type UserMenuItemsProps } from './UserMenuItems';

export interface UserMenuProps extends UserMenuItemsProps {
  /** Told when the menu opens or closes (the container warms up the dialogs' code). */
  onOpenChange?: (open: boolean) => void;
}

/**
 * The user menu, button and list together. The planner shows the button from the first screen and fetches the list
 * with the account's code as the menu first opens (UserMenuContainer.tsx).
 */
export function UserMenu({ onOpenChange, ...items }: UserMenuProps) {
  return (
    <Menu onOpenChange={onOpenChange}>
      <UserMenuButton email={items.email} signedIn={items.signedIn} subscribed={items.subscribed} />
      <UserMenuItems {...items} />
    </Menu>
  );
}
