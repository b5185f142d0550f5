import {
  CreditCardIcon,
  InfoIcon,
  LogInIcon,
  LogOutIcon,
  SettingsIcon,
  TagIcon,
  SparklesIcon,
  UserIcon,
} from '../../components/icons';
import { Menu, MenuButton, MenuItem, MenuList, MenuSeparator } from '../../components/ui/Menu';

export interface UserMenuProps {
  email?: string | null;
  signedIn: boolean;
  subscribed: boolean;
  onAbout: () => void;
  /** Settings: rollover and backup. Shown when given. */
  onSettings?: () => void;
  /** 'Labels and lists': where labels are made and changed. Shown when given. */
  onLabels?: () => void;
  onPremium: () => void;
  onBilling: () => void;
  onSignIn: () => void;
  onSignOut: () => void;
  /** Told when the menu opens or closes (the container warms up the dialogs' code). */
  onOpenChange?: (open: boolean) => void;
}

export function UserMenu({
  email,
  signedIn,
  subscribed,
  onAbout,
  onSettings,
  onLabels,
  onPremium,
  onBilling,
  onSignIn,
  onSignOut,
  onOpenChange,
}: UserMenuProps) {
  const initial = signedIn && email ? email.trim().charAt(0).toUpperCase() : '';
  return (
    <Menu onOpenChange={onOpenChange}>
      <MenuButton
        aria-label="User menu"
        className={`relative grid size-9 cursor-pointer place-items-center rounded-full text-sm pointer-coarse:size-11 font-semibold transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500 ${
          initial
            ? 'bg-gradient-to-br from-indigo-500 to-violet-600 text-white shadow-sm hover:brightness-110'
            : 'border border-slate-300 bg-white text-slate-600 hover:bg-slate-100 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-300 dark:hover:bg-slate-800'
        }`}
      >
        {initial ? <span aria-hidden="true">{initial}</span> : <UserIcon className="size-5" />}
        {signedIn && subscribed && (
          <span
            aria-hidden="true"
            className="absolute -right-0.5 -bottom-0.5 size-3 rounded-full border-2 border-white bg-amber-400 dark:border-slate-950"
          />
        )}
      </MenuButton>
      <MenuList>
        {signedIn && email && (
          <>
            <MenuItem disabled>
              <UserIcon className="size-4 shrink-0 text-slate-500 dark:text-slate-400" />
              <span className="min-w-0">
                <span className="block text-xs font-medium text-slate-500 dark:text-slate-400">Profile</span>
                <span className="block truncate font-medium" title={email}>
                  {email}
                </span>
              </span>
            </MenuItem>
            <MenuSeparator />
          </>
        )}
        <MenuItem onSelect={onAbout}>
          <InfoIcon className="size-4 text-slate-500 dark:text-slate-400" />
          About
        </MenuItem>
        {onLabels && (
          <MenuItem onSelect={onLabels}>
            <TagIcon className="size-4 text-slate-500 dark:text-slate-400" />
            Labels and lists
          </MenuItem>
        )}
        {onSettings && (
          <MenuItem onSelect={onSettings}>
            <SettingsIcon className="size-4 text-slate-500 dark:text-slate-400" />
            Settings
          </MenuItem>
        )}
        {signedIn && subscribed ? (
          <MenuItem onSelect={onBilling}>
            <CreditCardIcon className="size-4 text-slate-500 dark:text-slate-400" />
            Billing
          </MenuItem>
        ) : (
          <MenuItem onSelect={onPremium} className="font-medium text-indigo-700 dark:text-indigo-300">
            <SparklesIcon className="size-4" />
            Go Premium
          </MenuItem>
        )}
        <MenuSeparator />
        {signedIn ? (
          <MenuItem onSelect={onSignOut}>
            <LogOutIcon className="size-4 text-slate-500 dark:text-slate-400" />
            Sign Out
          </MenuItem>
        ) : (
          <MenuItem onSelect={onSignIn}>
            <LogInIcon className="size-4 text-slate-500 dark:text-slate-400" />
            Sign In
          </MenuItem>
        )}
      </MenuList>
    </Menu>
  );
}
