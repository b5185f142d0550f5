import {
  CreditCardIcon,
  InfoIcon,
  LogInIcon,
  LogOutIcon,
  PrinterIcon,
  SettingsIcon,
  TagIcon,
  SparklesIcon,
  UserIcon,
} from '../../components/icons';
import { MenuItem, MenuList, MenuSeparator } from '../../components/ui/MenuList';

export interface UserMenuItemsProps {
  email?: string | null;
  signedIn: boolean;
  subscribed: boolean;
  onAbout: () => void;
  /** Settings: rollover and backup. Shown when given. */
  onSettings?: () => void;
  /** 'Labels and lists': where labels are made and changed. Shown when given. */
  onLabels?: () => void;
  /** 'Print week': the browser's print of the week shown (public/print.css). Shown when given. */
  onPrint?: () => void;
  onPremium: () => void;
  onBilling: () => void;
  onSignIn: () => void;
  onSignOut: () => void;
}

/** The user menu's list (inside a Menu): the profile, About, Settings, Premium or Billing, Sign In or Sign Out. */
export function UserMenuItems({ email, signedIn, subscribed, onAbout, onSettings, onLabels, onPrint, onPremium, onBilling, onSignIn, onSignOut }: UserMenuItemsProps) {
  return (
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
      {onPrint && (
        <MenuItem onSelect={onPrint}>
          <PrinterIcon className="size-4 text-slate-500 dark:text-slate-400" />
          Print week
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
  );
}
