import { lazy, Suspense, useEffect, useState } from 'react';
import { useMenu } from '../../components/ui/menuContext';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { preloadRoutes, useAppNavigate } from '../../app/navigation';
import { LoadBoundary } from '../../components/ui/LoadBoundary';
import { loadCatalog } from '../catalog/catalogHost';
import type { PriceType } from '../subscription/PremiumDialog';
import { selectUnsentCount } from '../sync/syncState';
import { premiumDialogClosed, premiumDialogOpened, selectIsSubscribed, selectSubscription } from '../subscription/subscriptionSlice';
import { selectAuthUser } from './authSlice';
import { UserMenuItems } from './UserMenuItems';

// The account's actions (checkout, billing portal, sign-out) are a chunk of their own too, loaded with
// the menu or the Premium dialog. Checkout and the portal open their tab within the click (popup
// blockers), so they must be here by then: the dialog shows only once they are.
type AccountActions = typeof import('./accountActions');
let actions: AccountActions | null = null;
const loadActions = () => import('./accountActions').then((module) => (actions = module));
/** Runs within the click when the actions are loaded (as they are once the menu or dialog has opened). */
function withActions(run: (loaded: AccountActions) => unknown): void {
  if (actions) run(actions);
  else void loadActions().then(run);
}

// The dialogs are their own chunks: a planner user downloads them on opening the menu, not on first load.
const loadAboutDialog = () => import('../about/AboutDialog');
const loadPremiumDialog = () => Promise.all([import('../subscription/PremiumDialog'), loadActions()]).then(([module]) => module);
const loadSettingsDialog = () => import('../settings/SettingsDialogContainer');
// With the catalog code, so the dialog's events are reduced when it shows.
const loadLabelsDialog = () => Promise.all([import('../catalog/LabelsDialogContainer'), loadCatalog()]).then(([module]) => module);
const LabelsDialog = lazy(loadLabelsDialog);
const loadSignOutDialog = () => import('./SignOutDialog');
const AboutDialog = lazy(loadAboutDialog);
const SettingsDialog = lazy(loadSettingsDialog);
const PremiumDialog = lazy(loadPremiumDialog);
const SignOutDialog = lazy(loadSignOutDialog);

// ---- Account seam: the signed-in user, the subscription and their actions, from the store ----------
function useAccount() {
  const dispatch = useAppDispatch();
  const navigate = useAppNavigate();
  const user = useAppSelector(selectAuthUser);
  const subscribed = useAppSelector(selectIsSubscribed);
  const subscription = useAppSelector(selectSubscription);
  const unsent = useAppSelector(selectUnsentCount);
  return {
    email: user?.email ?? null,
    signedIn: user !== null,
    subscribed,
    tier: subscribed ? subscription.tier : null,
    subscriptionEnd: subscribed ? subscription.end : null,
    loadingPlan: subscription.checkout,
    billingLoading: subscription.portalOpening,
    // In the store, so the sign-up flow can open it by itself.
    premiumOpen: subscription.dialogOpen,
    openPremium: () => dispatch(premiumDialogOpened()),
    closePremium: () => dispatch(premiumDialogClosed()),
    // Dispatched right in the click: the checkout tab opens synchronously, so popup blockers allow it.
    subscribe: (priceType: PriceType) =>
      withActions(({ startCheckout }) =>
        dispatch(startCheckout(priceType)).then((outcome) => {
          // Checkout requires a signed-in user (spec §5).
          if (outcome === 'needs-sign-in') navigate('/auth');
        }),
      ),
    openBilling: () => withActions(({ openBillingPortal }) => dispatch(openBillingPortal())),
    unsent,
    signOut: (kept: number) => withActions(({ signOut }) => dispatch(signOut({ unsent: kept }))),
    signOutWhenSynced: (signal: AbortSignal) => withActions(({ signOutWhenSynced }) => dispatch(signOutWhenSynced(signal))),
  };
}
// --------------------------------------------------------------------------------------------------

type DialogName = 'about' | 'premium' | 'settings' | 'signOut' | 'labels';

function preloadDialogs() {
  // Warm the chunks while the person picks an item; a failure here resurfaces (and is handled) on open.
  loadAboutDialog().catch(() => {});
  loadSettingsDialog().catch(() => {});
  loadLabelsDialog().catch(() => {});
  loadPremiumDialog().catch(() => {});
  loadSignOutDialog().catch(() => {});
  // Sign In and a checkout that needs it lead to /auth.
  preloadRoutes();
}

/**
 * The user menu's list, its dialogs and the account's actions, inside the menu whose button the first screen shows
 * (UserMenuContainer.tsx): fetched as the menu first opens, or at once for a signed-in person.
 */
export default function UserMenuContent() {
  const navigate = useAppNavigate();
  const account = useAccount();
  const { open: menuOpen } = useMenu();
  // Warm the dialogs' code while the person picks an item (and at once if this was fetched by the menu opening).
  useEffect(() => {
    if (menuOpen) preloadDialogs();
  }, [menuOpen]);
  const [openDialog, setOpenDialog] = useState<DialogName | null>(null);
  // A dialog stays mounted once shown, so closing it is the native close (which restores focus).
  const [mounted, setMounted] = useState<ReadonlySet<DialogName>>(new Set());

  // The Premium dialog can also be opened from the store (after sign-up): mount it then too.
  if (account.premiumOpen && !mounted.has('premium')) setMounted(new Set(mounted).add('premium'));

  const show = (name: DialogName) => {
    setMounted((previous) => (previous.has(name) ? previous : new Set(previous).add(name)));
    if (name === 'premium') account.openPremium();
    else setOpenDialog(name);
  };
  const close = () => setOpenDialog(null);

  // Sign-out must work offline: its code is fetched while the network is there, not on the click.
  useEffect(() => {
    if (!account.signedIn) return;
    loadActions().catch(() => {});
    loadSignOutDialog().catch(() => {});
  }, [account.signedIn]);

  // Sign-out with unsent changes asks first (SignOutDialog); 'Wait and sign out' signs out once they are synced.
  const [waiting, setWaiting] = useState<AbortController | null>(null);
  const { unsent, signOut } = account;
  const askToSignOut = () => (unsent > 0 ? show('signOut') : signOut(0));
  const stopAsking = () => {
    waiting?.abort();
    setWaiting(null);
    close();
  };
  const waitThenSignOut = () => {
    const controller = new AbortController();
    setWaiting(controller);
    account.signOutWhenSynced(controller.signal);
  };
  // Signed out (after the wait, or in another tab): nothing left to ask.
  if (openDialog === 'signOut' && !account.signedIn) {
    setWaiting(null);
    setOpenDialog(null);
  }

  return (
    <>
      <UserMenuItems
        email={account.email}
        signedIn={account.signedIn}
        subscribed={account.subscribed}
        onAbout={() => show('about')}
        onSettings={() => show('settings')}
        onLabels={() => show('labels')}
        // After the menu has closed and given focus back, so the page printed has no open menu.
        onPrint={() => setTimeout(() => window.print(), 0)}
        onPremium={() => show('premium')}
        onBilling={account.openBilling}
        onSignIn={() => navigate('/auth')}
        onSignOut={askToSignOut}
      />
      {mounted.has('signOut') && (
        <LoadBoundary>
          <Suspense fallback={null}>
            <SignOutDialog
              open={openDialog === 'signOut'}
              unsent={unsent}
              waiting={waiting !== null}
              onWait={waitThenSignOut}
              onSignOutNow={() => {
                stopAsking();
                signOut(unsent);
              }}
              onCancel={stopAsking}
            />
          </Suspense>
        </LoadBoundary>
      )}
      {mounted.has('about') && (
        <LoadBoundary>
          <Suspense fallback={null}>
            <AboutDialog open={openDialog === 'about'} onClose={close} />
          </Suspense>
        </LoadBoundary>
      )}
      {mounted.has('labels') && (
        <LoadBoundary>
          <Suspense fallback={null}>
            <LabelsDialog open={openDialog === 'labels'} onClose={close} />
          </Suspense>
        </LoadBoundary>
      )}
      {mounted.has('settings') && (
        <LoadBoundary>
          <Suspense fallback={null}>
            <SettingsDialog open={openDialog === 'settings'} onClose={close} />
          </Suspense>
        </LoadBoundary>
      )}
      {mounted.has('premium') && (
        <LoadBoundary>
          <Suspense fallback={null}>
            <PremiumDialog
              open={account.premiumOpen}
              onClose={account.closePremium}
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
