import type { AppThunk } from '../../app/store';
import { notify } from '../../lib/notify';
import { authConnectRequested } from './authSlice';

export interface Credentials {
  email: string;
  password: string;
}

export type AuthOutcome = { ok: true } | { ok: false; message: string };

/** Set at sign-up; the subscription listener opens the Premium dialog once the session exists, then clears it. */
export const PREMIUM_AFTER_SIGN_UP_KEY = 'showGoPremiumAfterConfirm';

const SIGN_OUT_FLUSH_LIMIT_MS = 3000;

function failed(message: string | undefined, fallback: string): AuthOutcome {
  const text = message || fallback;
  notify.error(text);
  return { ok: false, message: text };
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : undefined);

export const signIn =
  (credentials: Credentials): AppThunk<Promise<AuthOutcome>> =>
  async (dispatch, _getState, { backend, account }) => {
    // The store must follow the session this creates.
    dispatch(authConnectRequested());
    try {
      await account.ready();
      const { error } = await (await backend()).auth.signInWithPassword(credentials);
      if (error) return failed(error.message, 'An error occurred');
    } catch (error) {
      return failed(messageOf(error), 'An error occurred');
    }
    notify.success('Successfully signed in!');
    return { ok: true };
  };

/** Creates the account and signs in at once. */
export const signUp =
  (credentials: Credentials): AppThunk<Promise<AuthOutcome>> =>
  async (dispatch, _getState, { backend, storage, account }) => {
    dispatch(authConnectRequested());
    // Written before the call: the session event arrives while signUp is still running.
    writeFlag(storage(), '1');
    try {
      await account.ready();
      const auth = (await backend()).auth;
      const signedUp = await auth.signUp(credentials);
      if (signedUp.error) {
        writeFlag(storage(), null);
        return failed(signedUp.error.message, 'An error occurred');
      }
      // A project that confirms emails returns no session; the flag then waits for the first sign-in.
      if (!signedUp.data.session) {
        const { error } = await auth.signInWithPassword(credentials);
        if (error) return failed(error.message, 'An error occurred');
      }
    } catch (error) {
      return failed(messageOf(error), 'An error occurred');
    }
    notify.success('Account created and signed in!');
    return { ok: true };
  };

export const signOut =
  (): AppThunk<Promise<AuthOutcome>> =>
  async (_dispatch, _getState, { backend, uploads }) => {
    try {
      // Edits still inside the upload debounce go out while the session can still send them;
      // a stalled upload must not keep the person signed in (the pending marker keeps it).
      await Promise.race([uploads.flush(), new Promise((resolve) => setTimeout(resolve, SIGN_OUT_FLUSH_LIMIT_MS))]);
      const { error } = await (await backend()).auth.signOut();
      if (error) return failed(error.message, 'Failed to sign out');
    } catch (error) {
      return failed(messageOf(error), 'Failed to sign out');
    }
    notify.success('Successfully signed out!');
    return { ok: true };
  };

function writeFlag(storage: Storage | undefined, value: string | null): void {
  try {
    if (value === null) storage?.removeItem(PREMIUM_AFTER_SIGN_UP_KEY);
    else storage?.setItem(PREMIUM_AFTER_SIGN_UP_KEY, value);
  } catch {
    // Storage write failures are ignored (spec §8); the dialog then just does not open by itself.
  }
}
