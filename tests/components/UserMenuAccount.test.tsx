import { act, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { Toaster } from 'sonner';
import { UserMenuContainer } from '../../src/features/auth/UserMenuContainer';
import { signIn, signUp } from '../../src/features/auth/authThunks';
import { premiumDialogOpened } from '../../src/features/subscription/subscriptionSlice';
import { FakeBackend } from '../support/fakeBackend';
import { renderWithProviders } from '../utils/renderWithProviders';

const alice = { email: 'alice@example.com', password: 'secret-1' };

function renderSignedIn({ subscribed }: { subscribed: boolean }) {
  const backend = new FakeBackend([alice]);
  if (subscribed) {
    backend.subscriptions.set(backend.idOf(alice.email), {
      subscribed: true,
      subscription_tier: 'Premium',
      subscription_end: '2030-01-01T12:00:00.000Z',
    });
  }
  const result = renderWithProviders(
    <>
      <Routes>
        <Route path="/" element={<UserMenuContainer />} />
        <Route path="/auth" element={<p>Sign-in page</p>} />
      </Routes>
      <Toaster />
    </>,
    { backend: async () => backend },
  );
  return { ...result, backend };
}

const items = () => screen.getAllByRole('menuitem').map((item) => item.textContent);

async function openMenu(user: ReturnType<typeof renderSignedIn>['user']) {
  await user.click(screen.getByRole('button', { name: 'User menu' }));
}

describe('UserMenuContainer with an account', () => {
  test('a free user sees the profile, Go Premium and Sign Out; signing out says so', async () => {
    const { user, store } = renderSignedIn({ subscribed: false });
    await act(() => store.dispatch(signIn(alice)));
    await openMenu(user);
    expect(await screen.findByText(alice.email)).toBeInTheDocument();
    expect(items()).toEqual([`Profile${alice.email}`, 'About', 'Labels and lists', 'Settings', 'Print week', 'Go Premium', 'Sign Out']);

    await user.click(await screen.findByRole('menuitem', { name: 'Sign Out' }));
    expect(await screen.findByText('Successfully signed out!')).toBeInTheDocument();
    await openMenu(user);
    expect(items()).toEqual(['About', 'Labels and lists', 'Settings', 'Print week', 'Go Premium', 'Sign In']);
  });

  test('a free user subscribes from the Premium dialog: the tab opens in the click', async () => {
    const { user, store, backend } = renderSignedIn({ subscribed: false });
    backend.functionData['create-checkout'] = { url: 'https://pay.example.com/c/1' };
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const invoke = backend.functions.invoke;
    backend.functions.invoke = async (name, options) => {
      if (name === 'create-checkout') await gate;
      return invoke(name, options);
    };
    const tab = { location: { href: '' }, opener: null as unknown, closed: false, close: jest.fn() };
    const open = jest.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    await act(() => store.dispatch(signIn(alice)));
    await openMenu(user);
    await user.click(await screen.findByRole('menuitem', { name: 'Go Premium' }));
    const dialog = await screen.findByRole('dialog', { name: 'Go Premium' });

    await user.click(within(dialog).getByRole('button', { name: 'Subscribe Monthly' }));
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(within(dialog).getByRole('button', { name: 'Loading...' })).toBeDisabled();
    act(release);
    expect(await screen.findByText('Redirecting to checkout...')).toBeInTheDocument();
    expect(tab.location.href).toBe('https://pay.example.com/c/1');
    expect(within(dialog).getByRole('button', { name: 'Subscribe Monthly' })).toBeEnabled();
    open.mockRestore();
  });

  test('a subscriber sees Billing and an active subscription with its renewal date', async () => {
    const { user, store, backend } = renderSignedIn({ subscribed: true });
    backend.functionData['customer-portal'] = { url: 'https://billing.example.com/p/1' };
    const tab = { location: { href: '' }, opener: null as unknown, closed: false, close: jest.fn() };
    const open = jest.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    await act(() => store.dispatch(signIn(alice)));
    await openMenu(user);
    expect(await screen.findByRole('menuitem', { name: 'Billing' })).toBeInTheDocument();
    await user.keyboard('{Escape}');

    act(() => {
      store.dispatch(premiumDialogOpened());
    });
    const dialog = await screen.findByRole('dialog', { name: 'Subscription Active' });
    expect(within(dialog).getByText('Premium Plan Active')).toBeInTheDocument();
    expect(within(dialog).getByText('Renews on January 1, 2030')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Manage Billing' }));
    expect(await screen.findByText('Opening billing portal...')).toBeInTheDocument();
    expect(tab.location.href).toBe('https://billing.example.com/p/1');
    open.mockRestore();
  });

  test('after sign-up the Premium dialog shows by itself', async () => {
    const { store } = renderSignedIn({ subscribed: false });
    await act(() => store.dispatch(signUp({ email: 'new@example.com', password: 'pw-123456' })));
    const dialog = await screen.findByRole('dialog', { name: 'Go Premium' });
    expect(within(dialog).getByRole('button', { name: 'Subscribe Annually' })).toBeEnabled();
  });
});
