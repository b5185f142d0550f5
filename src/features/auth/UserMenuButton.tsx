import { UserIcon } from '../../components/icons';
import { MenuButton } from '../../components/ui/Menu';

export interface UserMenuButtonProps {
  email?: string | null;
  signedIn: boolean;
  subscribed: boolean;
}

/** The user menu's button (inside a Menu): the account's initial, or a person icon; a dot for Premium. */
export function UserMenuButton({ email, signedIn, subscribed }: UserMenuButtonProps) {
  const initial = signedIn && email ? email.trim().charAt(0).toUpperCase() : '';
  return (
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
  );
}
