import { act, screen, waitFor, within } from '@testing-library/react';
import { Toaster } from 'sonner';
import { UserMenuContainer } from '../../src/features/auth/UserMenuContainer';
import { signIn } from '../../src/features/auth/authThunks';
import { selectIsSignedIn } from '../../src/features/auth/authSlice';
import { taskAdded } from '../../src/features/tasks/events';
import { FakeBackend } from '../support/fakeBackend';
import { renderWithProviders } from '../utils/renderWithProviders';

// Sign-out with changes the server has not got yet asks first, and whatever is chosen says what happens to them.

const alice = { email: 'alice@example.com', password: 'secret-1' };

async function subscriberWithUnsentChange() {
  const backend = new FakeBackend([alice]);
  backend.subscriptions.set(backend.idOf(alice.email), { subscribed: true, subscription_tier: 'Premium' });
  const result = renderWithProviders(
    <>
      <UserMenuContainer />
      <Toaster />
    </>,
    { backend: async () => backend },
  );
  await act(() => result.store.dispatch(signIn(alice)));
  await waitFor(() => expect(result.store.getState().sync.lastSeq).not.toBeNull());
  backend.offline = true;
  act(() => void result.store.dispatch(taskAdded('Written offline', '2026-11-25')));
  await waitFor(() => expect(warn).toHaveBeenCalledWith('Cloud sync: upload failed', expect.any(Error)));
  return { ...result, backend };
}

async function chooseSignOut(user: ReturnType<typeof renderWithProviders>['user']) {
  await user.click(screen.getByRole('button', { name: 'User menu' }));
  await user.click(await screen.findByRole('menuitem', { name: 'Sign Out' }));
  return screen.findByRole('dialog', { name: '1 change is not synced yet' });
}

// Sonner keeps its toasts across tests in a file: count the new ones.
const signedOutToasts = () => screen.queryAllByText('Successfully signed out!').length;
const keptToasts = () => screen.queryAllByText(/stays on this device/).length;
async function expectNewToast(before: number) {
  await waitFor(() => expect(signedOutToasts()).toBe(before + 1));
}

const loggedTitles = (backend: FakeBackend) =>
  backend.logOf(backend.idOf(alice.email)).map((row) => (row.event as { payload: { title?: string } }).payload.title);

// The first test also compiles the lazily loaded menu, dialog and actions: 3–5 s at a load average of 15–22.
jest.setTimeout(15_000);

let warn: jest.SpyInstance;
beforeEach(() => {
  localStorage.clear();
  // Uploads fail while the fake server is offline; each failure is reported once.
  warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => jest.restoreAllMocks());

test("'Sign out now' signs out at once and says the change is kept for the next sign-in", async () => {
  const { user, store } = await subscriberWithUnsentChange();
  const dialog = await chooseSignOut(user);
  expect(dialog).toHaveAccessibleDescription(/stay on this device and are sent the next time you sign in/);

  const before = signedOutToasts();
  await user.click(within(dialog).getByRole('button', { name: 'Sign out now' }));
  await expectNewToast(before);
  expect(screen.getByText('1 change that was not synced stays on this device and will be sent the next time you sign in.')).toBeInTheDocument();
  expect(selectIsSignedIn(store.getState())).toBe(false);
});

test("'Wait and sign out' waits for the change to reach the server, then signs out", async () => {
  const { user, store, backend } = await subscriberWithUnsentChange();
  const dialog = await chooseSignOut(user);
  const [before, keptBefore] = [signedOutToasts(), keptToasts()];
  await user.click(within(dialog).getByRole('button', { name: 'Wait and sign out' }));
  expect(within(dialog).getByRole('button', { name: 'Syncing…' })).toBeDisabled();
  expect(selectIsSignedIn(store.getState())).toBe(true);

  backend.offline = false;
  act(() => void window.dispatchEvent(new Event('online')));
  await expectNewToast(before);
  expect(loggedTitles(backend)).toContain('Written offline');
  expect(selectIsSignedIn(store.getState())).toBe(false);
  expect(keptToasts()).toBe(keptBefore);
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});

test('Cancel keeps the person signed in, with the change still waiting to be sent', async () => {
  const { user, store } = await subscriberWithUnsentChange();
  const dialog = await chooseSignOut(user);
  await user.click(within(dialog).getByRole('button', { name: 'Wait and sign out' }));
  await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(selectIsSignedIn(store.getState())).toBe(true);
  expect(store.getState().sync.outbox).toHaveLength(1);
});

test('with nothing unsent, Sign Out signs out without asking', async () => {
  const backend = new FakeBackend([alice]);
  backend.subscriptions.set(backend.idOf(alice.email), { subscribed: true, subscription_tier: 'Premium' });
  const { user, store } = renderWithProviders(
    <>
      <UserMenuContainer />
      <Toaster />
    </>,
    { backend: async () => backend },
  );
  await act(() => store.dispatch(signIn(alice)));
  await waitFor(() => expect(store.getState().sync.lastSeq).not.toBeNull());
  const before = signedOutToasts();
  await user.click(screen.getByRole('button', { name: 'User menu' }));
  await user.click(await screen.findByRole('menuitem', { name: 'Sign Out' }));
  await expectNewToast(before);
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});
