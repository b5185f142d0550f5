import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { PriceType } from '../subscription/PremiumDialog';
import { LoadBoundary } from '../../components/ui/LoadBoundary';
import { UserMenu } from './UserMenu';

// The dialogs are their own chunks: a planner user downloads them on opening the menu, not on first load.
const loadAboutDialog = () => import('../about/AboutDialog');
const loadPremiumDialog = () => import('../subscription/PremiumDialog');
const AboutDialog = lazy(loadAboutDialog);
const PremiumDialog = lazy(loadPremiumDialog);

// ---- Account seam: VISITOR DEFAULTS -------------------------------------------------------------
// Until accounts and subscriptions are wired in, everyone is a visitor. Wiring means replacing the body
// of useAccount with selectors on state.auth / state.subscription and the subscription thunks;
// the rest of this file does not change.
const VISITOR = {
  email: null,
  signedIn: false,
  subscribed: false,
  tier: null,
  subscriptionEnd: null,
  loadingPlan: null,
  billingLoading: false,
} as const;

function useAccount() {
  const navigate = useNavigate();
  return {
    ...VISITOR,
    // Checkout needs a signed-in user; anyone else is sent to sign in (spec §5).
    subscribe: (_priceType: PriceType) => navigate('/auth'),
    // Only reachable when signed in (the Billing item, Sign Out, Manage Billing), so nothing to do yet.
    openBilling: () => {},
    signOut: () => {},
  };
}
// --------------------------------------------------------------------------------------------------

type DialogName = 'about' | 'premium';

function preloadDialogs() {
  // Warm the chunks while the person picks an item; a failure here resurfaces (and is handled) on open.
  loadAboutDialog().catch(() => {});
  loadPremiumDialog().catch(() => {});
}

export function UserMenuContainer() {
  const navigate = useNavigate();
  const account = useAccount();
  const [openDialog, setOpenDialog] = useState<DialogName | null>(null);
  // A dialog stays mounted once shown, so closing it is the native close (which restores focus).
  const [mounted, setMounted] = useState<ReadonlySet<DialogName>>(new Set());

  const show = (name: DialogName) => {
    setMounted((previous) => (previous.has(name) ? previous : new Set(previous).add(name)));
    setOpenDialog(name);
  };
  const close = () => setOpenDialog(null);

  return (
    <>
      <UserMenu
        email={account.email}
        signedIn={account.signedIn}
        subscribed={account.subscribed}
        onOpenChange={(open) => {
          if (open) preloadDialogs();
        }}
        onAbout={() => show('about')}
        onPremium={() => show('premium')}
        onBilling={account.openBilling}
        onSignIn={() => navigate('/auth')}
        onSignOut={account.signOut}
      />
      {mounted.has('about') && (
        <LoadBoundary>
          <Suspense fallback={null}>
            <AboutDialog open={openDialog === 'about'} onClose={close} />
          </Suspense>
        </LoadBoundary>
      )}
      {mounted.has('premium') && (
        <LoadBoundary>
          <Suspense fallback={null}>
            <PremiumDialog
              open={openDialog === 'premium'}
              onClose={close}
              signedIn={account.signedIn}
              subscribed={account.subscribed}
              tier={account.tier}
              subscriptionEnd={account.subscriptionEnd}
              loadingPlan={account.loadingPlan}
              onSubscribe={account.subscribe}
              onManageBilling={account.openBilling}
              billingLoading={account.billingLoading}
            />
          </Suspense>
        </LoadBoundary>
      )}
    </>
  );
}
