import type { AppThunk } from '../../app/store';
import { trackConversion } from '../../lib/analytics';
import { notify } from '../../lib/notify';
import type { BackendLoader, FunctionsError } from '../../lib/supabase';
import { selectIsSignedIn } from '../auth/authSlice';
import { checkoutFinished, checkoutStarted, portalOpeningChanged, type PriceType } from './subscriptionSlice';

/**
 * A tab opened from the click itself, so popup blockers allow it; it gets its address once
 * the function answers. Without `noopener` window.open returns the tab we need to steer,
 * so the link back to this page is cut by hand.
 */
function openPendingTab(): Window | null {
  const tab = window.open('', '_blank');
  if (tab) tab.opener = null;
  return tab;
}

function sendTab(tab: Window | null, url: string): void {
  if (!tab) window.location.assign(url); // blocked anyway: go there in this tab
  else if (!tab.closed) tab.location.href = url;
}

/** The function's own words: the `error` of its JSON body (FunctionsHttpError), else the error's message. */
async function failureMessage(error: unknown, fallback: string): Promise<string> {
  if (typeof error !== 'object' || error === null) return fallback;
  const { context, name, message } = error as FunctionsError;
  if (typeof (context as Response | undefined)?.json === 'function') {
    try {
      const body = (await (context as Response).json()) as { error?: unknown } | null;
      if (typeof body?.error === 'string' && body.error) return body.error;
    } catch {
      // Not JSON: fall through.
    }
  }
  // FunctionsHttpError's own message ('Edge Function returned a non-2xx status code') says nothing to a person.
  return name !== 'FunctionsHttpError' && message ? message : fallback;
}

function webAddress(url: string): string | null {
  try {
    const parsed = new URL(url, window.location.href);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}

/** Calls a function that answers {url} and sends `tab` there. Throws what went wrong. */
async function openFunctionUrl(
  backend: BackendLoader,
  name: string,
  tab: Window | null,
  body?: Record<string, unknown>,
) {
  const client = await backend();
  const { data, error } = await client.functions.invoke(name, body ? { body } : undefined);
  if (error) throw error;
  const url = (data as { url?: unknown } | null)?.url;
  const target = typeof url === 'string' ? webAddress(url) : null;
  if (!target) throw new Error(`${name} returned no usable address`);
  sendTab(tab, target);
}

export type CheckoutOutcome = 'redirected' | 'needs-sign-in' | 'failed';

/** Must be dispatched from the click handler itself: the tab opens synchronously. */
export const startCheckout =
  (priceType: PriceType): AppThunk<Promise<CheckoutOutcome>> =>
  async (dispatch, getState, { backend }) => {
    if (!selectIsSignedIn(getState())) return 'needs-sign-in';
    trackConversion(priceType);
    const tab = openPendingTab();
    dispatch(checkoutStarted(priceType));
    try {
      await openFunctionUrl(backend, 'create-checkout', tab, { priceType });
      notify.success('Redirecting to checkout...');
      return 'redirected';
    } catch (error) {
      tab?.close();
      notify.error(await failureMessage(error, 'Failed to start checkout'));
      return 'failed';
    } finally {
      dispatch(checkoutFinished());
    }
  };

/** Must be dispatched from the click handler itself: the tab opens synchronously. */
export const openBillingPortal =
  (): AppThunk<Promise<void>> =>
  async (dispatch, _getState, { backend }) => {
    const tab = openPendingTab();
    dispatch(portalOpeningChanged(true));
    try {
      await openFunctionUrl(backend, 'customer-portal', tab);
      notify.success('Opening billing portal...');
    } catch (error) {
      tab?.close();
      notify.error(await failureMessage(error, 'Failed to open billing portal'));
    } finally {
      dispatch(portalOpeningChanged(false));
    }
  };
