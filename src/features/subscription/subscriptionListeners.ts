import type { AppStartListening } from '../../app/listenerMiddleware';
import { notify } from '../../lib/notify';
import { authStateChanged, selectUserId } from '../auth/authSlice';
import { PREMIUM_AFTER_SIGN_UP_KEY } from '../auth/authThunks';
import { premiumDialogOpened, subscriptionCheckRequested, subscriptionChecked, type SubscriptionStatus } from './subscriptionSlice';

/** Coming back to the tab re-checks at most this often (focus and visibilitychange come in pairs). */
export const RECHECK_INTERVAL_MS = 5000;

const optionalString = (value: unknown) => (typeof value === 'string' && value ? value : null);

/** check-subscription's answer, or null when it is not one. */
function parseStatus(data: unknown): SubscriptionStatus | null {
  if (typeof data !== 'object' || data === null || typeof (data as { subscribed?: unknown }).subscribed !== 'boolean') return null;
  const { subscribed, subscription_tier, subscription_end } = data as Record<string, unknown>;
  return { subscribed: subscribed as boolean, tier: optionalString(subscription_tier), end: optionalString(subscription_end) };
}

export function addSubscriptionListeners(startAppListening: AppStartListening) {
  // Checked on sign-in and session load, and on request; the latest check wins.
  const stopChecks = startAppListening({
    predicate: (action, current, previous) =>
      subscriptionCheckRequested.match(action) || (selectUserId(current) !== null && selectUserId(current) !== selectUserId(previous)),
    effect: async (_action, api) => {
      api.cancelActiveListeners();
      const userId = selectUserId(api.getState());
      if (!userId) return;
      let status: SubscriptionStatus | null = null;
      try {
        const backend = await api.pause(api.extra.backend());
        const { data, error } = await api.pause(backend.functions.invoke('check-subscription'));
        if (error) console.warn('check-subscription failed', error);
        else status = parseStatus(data);
      } catch (error) {
        if (api.signal.aborted) throw error;
        console.warn('check-subscription failed', error);
      }
      // A failure keeps the last known status: a network blip must not stop a subscriber's sync.
      if (!status) notify.error('Failed to check subscription status');
      else if (selectUserId(api.getState()) === userId) api.dispatch(subscriptionChecked({ userId, ...status }));
    },
  });

  // After sign-up the Premium dialog opens once the session exists.
  const stopOffer = startAppListening({
    actionCreator: authStateChanged,
    effect: (action, api) => {
      if (!action.payload.user) return;
      const storage = api.extra.storage();
      try {
        if (storage?.getItem(PREMIUM_AFTER_SIGN_UP_KEY) !== '1') return;
        storage.removeItem(PREMIUM_AFTER_SIGN_UP_KEY);
      } catch {
        return;
      }
      api.dispatch(premiumDialogOpened());
    },
  });

  // Paying happens in another tab: coming back re-checks, so the app turns Premium without a reload.
  const stopRechecks = startAppListening({
    predicate: (_action, current, previous) => selectUserId(current) !== null && selectUserId(previous) === null,
    effect: async (_action, api) => {
      if (typeof window === 'undefined') return;
      let lastCheck = Date.now();
      let timer: ReturnType<typeof setTimeout> | null = null;
      const recheck = () => {
        timer = null;
        lastCheck = Date.now();
        api.dispatch(subscriptionCheckRequested());
      };
      // Throttled with a trailing call, so a quick return still gets its check.
      const onReturn = () => {
        if (document.visibilityState === 'hidden' || timer) return;
        const wait = lastCheck + RECHECK_INTERVAL_MS - Date.now();
        if (wait <= 0) recheck();
        else timer = setTimeout(recheck, wait);
      };
      window.addEventListener('focus', onReturn);
      document.addEventListener('visibilitychange', onReturn);
      try {
        await api.condition((_next, state) => selectUserId(state) === null);
      } finally {
        window.removeEventListener('focus', onReturn);
        document.removeEventListener('visibilitychange', onReturn);
        if (timer) clearTimeout(timer);
      }
    },
  });

  return () => {
    stopChecks();
    stopOffer();
    stopRechecks();
  };
}
