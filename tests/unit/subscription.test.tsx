import { act, render, screen } from '@testing-library/react';
import { Toaster, toast } from 'sonner';
import { selectAuthUser } from '../../src/features/auth/authSlice';
import { PREMIUM_AFTER_SIGN_UP_KEY, signIn, signOut, signUp } from '../../src/features/auth/authThunks';
import { RECHECK_INTERVAL_MS } from '../../src/features/subscription/subscriptionListeners';
import { premiumDialogClosed, selectIsSubscribed, selectSubscription } from '../../src/features/subscription/subscriptionSlice';
import { openBillingPortal, startCheckout } from '../../src/features/subscription/subscriptionThunks';
import { settle, startApp } from '../support/appStore';
import { FakeBackend, httpError } from '../support/fakeBackend';

const alice = { email: 'alice@example.com', password: 'secret-1' };
const END = '2030-01-01T00:00:00.000Z';

function backendWith(subscribed: boolean) {
  const backend = new FakeBackend([alice]);
  backend.subscriptions.set(backend.idOf(alice.email), { subscribed, subscription_tier: subscribed ? 'Premium' : null, subscription_end: subscribed ? END : null });
  return backend;
}

async function signedIn(backend: FakeBackend) {
  const app = await startApp(backend);
  await act(() => app.store.dispatch(signIn(alice)));
  await act(() => settle());
  return app;
}

/** A stand-in for the tab window.open returns (jsdom has no windows to open). */
function fakeTab() {
  return { location: { href: '' }, opener: window as Window | null, closed: false, close: jest.fn() };
}

const checks = (backend: FakeBackend) => backend.invocations.filter((call) => call.name === 'check-subscription').length;

beforeEach(() => {
  jest.useFakeTimers();
  localStorage.clear();
  jest.spyOn(console, 'warn').mockImplementation(() => {});
  render(<Toaster />);
});

afterEach(async () => {
  // sonner keeps its toasts in module state: clear them so each test sees only its own.
  await act(async () => {
    toast.dismiss();
    await settle(1000);
  });
  jest.useRealTimers();
  jest.restoreAllMocks();
});

describe('subscription status', () => {
  test('is checked on sign-in; not subscribed until the check says so', async () => {
    const backend = backendWith(true);
    const app = await startApp(backend);
    const seen: boolean[] = [];
    app.store.subscribe(() => {
      if (selectAuthUser(app.store.getState())) seen.push(selectIsSubscribed(app.store.getState()));
    });
    await act(() => app.store.dispatch(signIn(alice)));
    await act(() => settle());
    expect(seen[0]).toBe(false);
    expect(selectSubscription(app.store.getState())).toMatchObject({ subscribed: true, tier: 'Premium', end: END });
    expect(selectIsSubscribed(app.store.getState())).toBe(true);
    expect(checks(backend)).toBe(1);
    expect(await screen.findByText('Successfully signed in!')).toBeInTheDocument();
  });

  test('is checked when a stored session loads', async () => {
    const backend = backendWith(true);
    backend.restoreSession(alice.email);
    localStorage.setItem('sb-localhost-auth-token', '{"access_token":"x"}');
    const app = await startApp(backend);
    await act(() => settle());
    expect(selectAuthUser(app.store.getState())?.email).toBe(alice.email);
    expect(selectIsSubscribed(app.store.getState())).toBe(true);
    expect(checks(backend)).toBe(1);
  });

  test('resets on sign-out', async () => {
    const backend = backendWith(true);
    const app = await signedIn(backend);
    await act(() => app.store.dispatch(signOut()));
    expect(selectIsSubscribed(app.store.getState())).toBe(false);
    expect(selectSubscription(app.store.getState())).toMatchObject({ subscribed: false, tier: null, end: null });
    expect(await screen.findByText('Successfully signed out!')).toBeInTheDocument();
  });

  test('a failed check shows a toast and leaves the user not subscribed', async () => {
    const backend = backendWith(true);
    backend.failures.functions = { 'check-subscription': httpError({ error: 'Stripe is down' }) };
    const app = await signedIn(backend);
    expect(await screen.findByText('Failed to check subscription status')).toBeInTheDocument();
    expect(selectIsSubscribed(app.store.getState())).toBe(false);
  });

  test('an answer that is not a status counts as a failure', async () => {
    const backend = backendWith(true);
    backend.failures.functions = {};
    backend.subscriptions.set(backend.idOf(alice.email), 'oops' as never);
    await signedIn(backend);
    expect(await screen.findByText('Failed to check subscription status')).toBeInTheDocument();
  });

  test('coming back to the tab re-checks, throttled, so paying elsewhere shows without a reload', async () => {
    const backend = backendWith(false);
    const app = await signedIn(backend);
    expect(checks(backend)).toBe(1);
    backend.subscriptions.set(backend.idOf(alice.email), { subscribed: true, subscription_tier: 'Premium' });
    // Back within the interval: the check comes at its end, once for focus and visibilitychange together.
    await act(async () => {
      window.dispatchEvent(new Event('focus'));
      document.dispatchEvent(new Event('visibilitychange'));
      await settle(RECHECK_INTERVAL_MS);
    });
    expect(checks(backend)).toBe(2);
    expect(selectIsSubscribed(app.store.getState())).toBe(true);
    await act(async () => {
      await settle(RECHECK_INTERVAL_MS);
      window.dispatchEvent(new Event('focus'));
      await settle();
    });
    expect(checks(backend)).toBe(3);
  });

  test('nobody signed in: focus checks nothing', async () => {
    const backend = backendWith(true);
    await startApp(backend);
    window.dispatchEvent(new Event('focus'));
    await settle(RECHECK_INTERVAL_MS * 2);
    expect(backend.invocations).toEqual([]);
  });
});

describe('Premium dialog after sign-up', () => {
  test('opens once the session exists, and the flag is cleared', async () => {
    const backend = new FakeBackend();
    const app = await startApp(backend);
    const outcome = await act(() => app.store.dispatch(signUp({ email: 'new@example.com', password: 'pw-123456' })));
    expect(outcome).toEqual({ ok: true });
    expect(app.store.getState().subscription.dialogOpen).toBe(true);
    expect(localStorage.getItem(PREMIUM_AFTER_SIGN_UP_KEY)).toBeNull();
    expect(await screen.findByText('Account created and signed in!')).toBeInTheDocument();

    app.store.dispatch(premiumDialogClosed());
    await act(() => app.store.dispatch(signOut()));
    await act(() => app.store.dispatch(signIn({ email: 'new@example.com', password: 'pw-123456' })));
    expect(app.store.getState().subscription.dialogOpen).toBe(false);
  });

  test('a failed sign-up leaves no flag behind', async () => {
    const backend = new FakeBackend([alice]);
    const app = await startApp(backend);
    const outcome = await act(() => app.store.dispatch(signUp(alice)));
    expect(outcome).toEqual({ ok: false, message: 'User already registered' });
    expect(localStorage.getItem(PREMIUM_AFTER_SIGN_UP_KEY)).toBeNull();
    expect(await screen.findByText('User already registered')).toBeInTheDocument();
  });
});

describe('checkout', () => {
  test('opens a tab in the click, then sends it to the returned url', async () => {
    const backend = backendWith(false);
    backend.functionData['create-checkout'] = { url: 'https://pay.example.com/session/1' };
    const app = await signedIn(backend);
    const tab = fakeTab();
    const open = jest.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);

    let result: Promise<string> | undefined;
    act(() => {
      result = app.store.dispatch(startCheckout('annual'));
    });
    expect(open).toHaveBeenCalledWith('', '_blank'); // synchronously, inside the click
    expect(tab.opener).toBeNull();
    expect(app.store.getState().subscription.checkout).toBe('annual');
    await act(async () => {
      await result;
    });

    expect(await result).toBe('redirected');
    expect(backend.invocations.at(-1)).toEqual({ name: 'create-checkout', body: { priceType: 'annual' } });
    expect(tab.location.href).toBe('https://pay.example.com/session/1');
    expect(app.store.getState().subscription.checkout).toBeNull();
    expect(await screen.findByText('Redirecting to checkout...')).toBeInTheDocument();
  });

  test("failure shows the function's error and closes the tab", async () => {
    const backend = backendWith(false);
    backend.failures.functions = { 'create-checkout': httpError({ error: 'No such price' }) };
    const app = await signedIn(backend);
    const tab = fakeTab();
    jest.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    await act(() => app.store.dispatch(startCheckout('monthly')));
    expect(await screen.findByText('No such price')).toBeInTheDocument();
    expect(tab.close).toHaveBeenCalled();
    expect(app.store.getState().subscription.checkout).toBeNull();
  });

  test("failure without a readable message shows 'Failed to start checkout'", async () => {
    const backend = backendWith(false);
    backend.failures.functions = { 'create-checkout': httpError('not json') };
    const app = await signedIn(backend);
    jest.spyOn(window, 'open').mockReturnValue(fakeTab() as unknown as Window);
    await act(() => app.store.dispatch(startCheckout('monthly')));
    expect(await screen.findByText('Failed to start checkout')).toBeInTheDocument();
  });

  test('not signed in: sent to sign in, nothing opened or called', async () => {
    const backend = backendWith(false);
    const app = await startApp(backend);
    const open = jest.spyOn(window, 'open');
    expect(await app.store.dispatch(startCheckout('monthly'))).toBe('needs-sign-in');
    expect(open).not.toHaveBeenCalled();
    expect(backend.invocations).toEqual([]);
  });
});

describe('billing portal', () => {
  test('opens the portal url in a new tab', async () => {
    const backend = backendWith(true);
    backend.functionData['customer-portal'] = { url: 'https://billing.example.com/p/1' };
    const app = await signedIn(backend);
    const tab = fakeTab();
    jest.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    await act(() => app.store.dispatch(openBillingPortal()));
    expect(tab.location.href).toBe('https://billing.example.com/p/1');
    expect(await screen.findByText('Opening billing portal...')).toBeInTheDocument();
    expect(app.store.getState().subscription.portalOpening).toBe(false);
  });

  test('shows the error, or the fallback', async () => {
    const backend = backendWith(true);
    backend.failures.functions = { 'customer-portal': httpError({ error: 'No Stripe customer found for this user' }) };
    const app = await signedIn(backend);
    jest.spyOn(window, 'open').mockReturnValue(fakeTab() as unknown as Window);
    await act(() => app.store.dispatch(openBillingPortal()));
    expect(await screen.findByText('No Stripe customer found for this user')).toBeInTheDocument();

    backend.failures.functions = { 'customer-portal': httpError(null) };
    await act(() => app.store.dispatch(openBillingPortal()));
    expect(await screen.findByText('Failed to open billing portal')).toBeInTheDocument();
  });

  test('an answer without a web address is a failure', async () => {
    const backend = backendWith(true);
    backend.functionData['customer-portal'] = { url: 'javascript:alert(1)' };
    const app = await signedIn(backend);
    const tab = fakeTab();
    jest.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    await act(() => app.store.dispatch(openBillingPortal()));
    expect(tab.location.href).toBe('');
    expect(tab.close).toHaveBeenCalled();
  });
});

describe('sign-out failures', () => {
  test("show the backend's message, or 'Failed to sign out'", async () => {
    const backend = backendWith(false);
    const app = await signedIn(backend);
    backend.failures.signOut = { message: 'Server on fire' };
    expect(await act(() => app.store.dispatch(signOut()))).toEqual({ ok: false, message: 'Server on fire' });
    expect(await screen.findByText('Server on fire')).toBeInTheDocument();
    backend.failures.signOut = { message: '' };
    await act(() => app.store.dispatch(signOut()));
    expect(await screen.findByText('Failed to sign out')).toBeInTheDocument();
    expect(selectAuthUser(app.store.getState())).not.toBeNull();
  });
});
