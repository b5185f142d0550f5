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

/** What the sign-out toast adds when unsent changes stay behind (the dialog before it said the same). */
export const keptChangesText = (count: number) =>
  `${count === 1 ? '1 change that was not synced stays' : `${count} changes that were not synced stay`} on this device and will be sent the next time you sign in.`;

/**
 * Ends the session on this device at once, online or not (the server's logout follows when it can: lib/logoutQueue.ts).
 * `unsent`: changes not synced yet, which the sync keeps for this account's next sign-in; the toast says so.
 */
export const signOut =
  ({ unsent = 0 }: { unsent?: number } = {}): AppThunk<Promise<AuthOutcome>> =>
  async (_dispatch, _getState, { backend }) => {
    try {
      const { error } = await (await backend()).auth.signOut();
      if (error) return failed(error.message, 'Failed to sign out');
    } catch (error) {
      return failed(messageOf(error), 'Failed to sign out');
    }
    notify.success('Successfully signed out!', unsent > 0 ? keptChangesText(unsent) : undefined);
    return { ok: true };
  };

/** 'Wait and sign out': the unsent changes go now rather than at the next debounce or retry. */
export const sendUnsentNow = (): AppThunk<Promise<void>> => (_dispatch, _getState, { uploads }) => uploads.flush();

function writeFlag(storage: Storage | undefined, value: string | null): void {
  try {
    if (value === null) storage?.removeItem(PREMIUM_AFTER_SIGN_UP_KEY);
    else storage?.setItem(PREMIUM_AFTER_SIGN_UP_KEY, value);
  } catch {
    // Storage write failures are ignored (spec §8); the dialog then just does not open by itself.
  }
}
