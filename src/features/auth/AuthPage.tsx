import { useEffect, useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAppDispatch } from '../../app/hooks';
import { ChevronLeftIcon } from '../../components/icons';
import { CloudIcon } from '../../components/pageIcons';
import { Button } from '../../components/ui/Button';
import { premiumDialogClosed } from '../subscription/subscriptionSlice';
import { authConnectRequested } from './authSlice';
import { signIn, signUp } from './authThunks';

type Mode = 'signIn' | 'signUp';

const texts = {
  signIn: {
    title: 'Welcome Back',
    subtitle: 'Sign in to your account to access your synced tasks',
    submit: 'Sign In',
    switchQuestion: "Don't have an account?",
    switchAction: 'Sign up',
  },
  signUp: {
    title: 'Create Account',
    subtitle: 'Sign up to sync your tasks across all devices',
    submit: 'Create Account',
    switchQuestion: 'Already have an account?',
    switchAction: 'Sign in',
  },
} as const;

const inputClasses =
  'h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 shadow-sm transition ' +
  'placeholder:text-slate-400 focus:border-indigo-500 focus:outline-2 focus:outline-indigo-500/30 ' +
  'disabled:opacity-60 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-500';

export default function AuthPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [mode, setMode] = useState<Mode>('signIn');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const emailId = useId();
  const passwordId = useId();
  const text = texts[mode];

  useEffect(() => {
    // Load the client while the person types.
    dispatch(authConnectRequested());
    // Coming here from the Premium dialog: it should not be waiting on the planner afterwards
    // (after sign-up it opens again by itself).
    dispatch(premiumDialogClosed());
  }, [dispatch]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    const credentials = { email: email.trim(), password };
    const outcome = await dispatch(mode === 'signIn' ? signIn(credentials) : signUp(credentials));
    if (outcome.ok) navigate('/');
    else setBusy(false);
  };

  return (
    <main className="grid min-h-dvh place-items-center bg-gradient-to-b from-slate-50 to-indigo-50/60 px-4 py-10 dark:from-slate-950 dark:to-indigo-950/30">
      <div className="w-full max-w-sm">
        <Button variant="ghost" size="sm" className="mb-4 -ml-2" onClick={() => navigate('/')}>
          <ChevronLeftIcon className="size-4" />
          Back to Planner
        </Button>
        <section className="rounded-2xl border border-slate-200 bg-white p-6 shadow-xl shadow-slate-900/5 sm:p-8 dark:border-slate-800 dark:bg-slate-900">
          <div className="mb-6 text-center">
            <div className="mx-auto mb-4 grid size-12 place-items-center rounded-xl bg-indigo-100 text-indigo-600 dark:bg-indigo-500/15 dark:text-indigo-300">
              <CloudIcon className="size-6" />
            </div>
            <h1 className="text-2xl font-semibold tracking-tight text-slate-900 dark:text-white">{text.title}</h1>
            <p className="mt-1.5 text-sm text-slate-600 dark:text-slate-400">{text.subtitle}</p>
          </div>
          <form className="space-y-4" onSubmit={submit}>
            <div className="space-y-1.5">
              <label htmlFor={emailId} className="block text-sm font-medium text-slate-700 dark:text-slate-300">
                Email
              </label>
              <input
                id={emailId}
                type="email"
                required
                autoComplete="email"
                placeholder="Enter your email"
                className={inputClasses}
                value={email}
                onChange={(event) => setEmail(event.target.value)}
                disabled={busy}
              />
            </div>
            <div className="space-y-1.5">
              <label htmlFor={passwordId} className="block text-sm font-medium text-slate-700 dark:text-slate-300">
                Password
              </label>
              <input
                id={passwordId}
                type="password"
                required
                autoComplete={mode === 'signIn' ? 'current-password' : 'new-password'}
                placeholder="Enter your password"
                className={inputClasses}
                value={password}
                onChange={(event) => setPassword(event.target.value)}
                disabled={busy}
              />
            </div>
            <Button type="submit" size="lg" className="w-full" disabled={busy} aria-busy={busy || undefined}>
              {busy ? 'Loading...' : text.submit}
            </Button>
          </form>
          <p className="mt-6 text-center text-sm text-slate-600 dark:text-slate-400">
            {text.switchQuestion}{' '}
            <button
              type="button"
              className="cursor-pointer font-medium text-indigo-600 underline-offset-4 hover:underline disabled:cursor-not-allowed dark:text-indigo-300"
              onClick={() => setMode(mode === 'signIn' ? 'signUp' : 'signIn')}
              disabled={busy}
            >
              {text.switchAction}
            </button>
          </p>
        </section>
      </div>
    </main>
  );
}
