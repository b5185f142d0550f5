import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { Toaster } from 'sonner';
import AuthPage from '../../src/features/auth/AuthPage';
import { PREMIUM_AFTER_SIGN_UP_KEY } from '../../src/features/auth/authThunks';
import { FakeBackend } from '../support/fakeBackend';
import { renderWithProviders } from '../utils/renderWithProviders';

const alice = { email: 'alice@example.com', password: 'secret-1' };

function renderAuth(backend = new FakeBackend([alice])) {
  const result = renderWithProviders(
    <>
      <Routes>
        <Route path="/" element={<p>Planner home</p>} />
        <Route path="/auth" element={<AuthPage />} />
      </Routes>
      <Toaster />
    </>,
    { route: '/auth', backend: async () => backend },
  );
  return { ...result, backend };
}

async function fillIn(user: ReturnType<typeof renderAuth>['user'], email: string, password: string) {
  await user.type(screen.getByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
}

describe('AuthPage', () => {
  test('sign-in mode: texts, fields and the switch to sign-up', async () => {
    const { user } = renderAuth();
    expect(screen.getByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
    expect(screen.getByText('Sign in to your account to access your synced tasks')).toBeInTheDocument();
    const email = screen.getByLabelText('Email');
    expect(email).toHaveAttribute('type', 'email');
    expect(email).toHaveAttribute('placeholder', 'Enter your email');
    expect(email).toBeRequired();
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');
    expect(password).toHaveAttribute('placeholder', 'Enter your password');
    expect(password).toBeRequired();
    expect(screen.getByRole('button', { name: 'Sign In' })).toHaveAttribute('type', 'submit');
    expect(screen.getByText("Don't have an account?")).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(screen.getByRole('heading', { name: 'Create Account' })).toBeInTheDocument();
    expect(screen.getByText('Sign up to sync your tasks across all devices')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create Account' })).toHaveAttribute('type', 'submit');
    expect(screen.getByText('Already have an account?')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
  });

  test('signs in, says so and goes back to the planner', async () => {
    const { user, store } = renderAuth();
    await fillIn(user, alice.email, alice.password);
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Planner home')).toBeInTheDocument();
    expect(await screen.findByText('Successfully signed in!')).toBeInTheDocument();
    expect(store.getState().auth.user).toEqual({ id: expect.any(String), email: alice.email });
  });

  test("reads 'Loading...' while busy", async () => {
    const backend = new FakeBackend([alice]);
    let release!: () => void;
    backend.gate = new Promise<void>((resolve) => (release = resolve));
    const { user } = renderAuth(backend);
    await fillIn(user, alice.email, alice.password);
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('button', { name: 'Loading...' })).toBeDisabled();
    release();
    expect(await screen.findByText('Planner home')).toBeInTheDocument();
  });

  test("shows the backend's message and stays on the page", async () => {
    const { user, store } = renderAuth();
    await fillIn(user, alice.email, 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Invalid login credentials')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled();
    expect(screen.getByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
    expect(store.getState().auth.user).toBeNull();
  });

  test("says 'An error occurred' when the client fails without a message", async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    const { user } = renderWithProviders(
      <>
        <AuthPage />
        <Toaster />
      </>,
      { route: '/auth', backend: () => Promise.reject(new Error('')) },
    );
    await fillIn(user, alice.email, alice.password);
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('An error occurred')).toBeInTheDocument();
    expect(warn).toHaveBeenCalledWith('Could not load the sign-in client', expect.any(Error));
    warn.mockRestore();
  });

  test('creates an account, signs in at once and asks for Premium next', async () => {
    const { user, store, storage, backend } = renderAuth();
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    await fillIn(user, 'new@example.com', 'pw-123456');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Planner home')).toBeInTheDocument();
    expect(await screen.findByText('Account created and signed in!')).toBeInTheDocument();
    expect(store.getState().auth.user?.email).toBe('new@example.com');
    expect(store.getState().subscription.dialogOpen).toBe(true);
    expect(storage.getItem(PREMIUM_AFTER_SIGN_UP_KEY)).toBeNull();
    expect(backend.log).toEqual(['signUp', 'check-subscription']);
  });

  test("'Back to Planner' goes to /", async () => {
    const { user } = renderAuth();
    await user.click(screen.getByRole('button', { name: 'Back to Planner' }));
    expect(screen.getByText('Planner home')).toBeInTheDocument();
  });
});
