import { addListener, type UnsubscribeListener } from '@reduxjs/toolkit';
import type { AppThunk, RootState } from '../../app/store';
import { selectUnsentCount } from '../sync/syncSlice';
import { sendUnsentNow, signOut, type AuthOutcome } from './authThunks';

import { selectIsSignedIn } from './authSlice';

// Signed out meanwhile (another tab did it): nothing left to wait for, nor to sign out of.
const synced = (state: RootState) => selectUnsentCount(state) === 0 || !selectIsSignedIn(state);

/**
 * 'Wait and sign out': sends the unsent changes now and signs out once the log holds them all (after the network
 * comes back, if it is away). Resolves null when `signal` aborts first (the person cancelled or chose 'Sign out now')
 * or another tab signed out meanwhile.
 */
export const signOutWhenSynced =
  (signal: AbortSignal): AppThunk<Promise<AuthOutcome | null>> =>
  async (dispatch, getState) => {
    void dispatch(sendUnsentNow());
    const ready = await new Promise<boolean>((resolve) => {
      if (synced(getState())) return resolve(true);
      // With the listener middleware in the store, dispatching addListener returns its unsubscribe.
      const stop = dispatch(
        addListener.withTypes<RootState>()({
          predicate: (_action, state) => synced(state),
          effect: () => {
            stop();
            resolve(true);
          },
        }),
      ) as unknown as UnsubscribeListener;
      signal.addEventListener('abort', () => {
        stop();
        resolve(false);
      });
    });
    return ready && !signal.aborted && selectIsSignedIn(getState()) ? dispatch(signOut()) : null;
  };
