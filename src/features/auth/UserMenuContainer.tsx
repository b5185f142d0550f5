import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useAppSelector } from '../../app/hooks';
import { Menu } from '../../components/ui/Menu';
import { LoadBoundary } from '../../components/ui/LoadBoundary';
import { whenIdle } from '../../lib/idle';
import { selectIsSubscribed, selectSubscription } from '../subscription/subscriptionSlice';
import { selectAuthUser } from './authSlice';
import { UserMenuButton } from './UserMenuButton';

// The first screen shows the menu's button; its list, dialogs and the account's actions are a chunk of their own.
const loadContent = () => import('./UserMenuContent');
const UserMenuContent = lazy(loadContent);

/** The header's user menu: the button at once, what it opens on demand. */
export function UserMenuContainer() {
  const user = useAppSelector(selectAuthUser);
  const subscribed = useAppSelector(selectIsSubscribed);
  const premiumOpen = useAppSelector(selectSubscription).dialogOpen;
  const signedIn = user !== null;
  // Wanted from the menu's first opening (its list shows as soon as it is here, focus on its first item), and at once
  // for a signed-in person (sign-out must work offline) or a Premium dialog the sign-up flow opens. Kept from then on:
  // a dialog it shows stays mounted, so closing it is the native close.
  const [wanted, setWanted] = useState(false);
  if (!wanted && (signedIn || premiumOpen)) setWanted(true);
  // Fetched in idle time once the planner is up, so the list shows in the click that opens the menu.
  useEffect(() => whenIdle(() => void loadContent().catch(() => {}), 3000), []);
  const onOpenChange = useCallback((open: boolean) => {
    if (open) setWanted(true);
  }, []);
  return (
    <Menu onOpenChange={onOpenChange}>
      <UserMenuButton email={user?.email ?? null} signedIn={signedIn} subscribed={subscribed} />
      {wanted && (
        <LoadBoundary>
          <Suspense fallback={null}>
            <UserMenuContent />
          </Suspense>
        </LoadBoundary>
      )}
    </Menu>
  );
}
