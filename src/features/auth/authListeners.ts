import type { AppStartListening } from '../../app/listenerMiddleware';
import type { BackendSession } from '../../lib/supabase';
import { authConnectFailed, authConnectRequested, authStateChanged, type AuthUser } from './authSlice';

function toUser(session: BackendSession | null): AuthUser | null {
  return session ? { id: session.user.id, email: session.user.email ?? '' } : null;
}

/**
 * The one subscriber to the client's auth events: loads the client when something asks for
 * it and mirrors every session change into the store (sign-in, sign-out, token refresh,
 * other tabs via supabase-js). Nothing else listens to the client directly.
 */
export function addAuthListeners(startAppListening: AppStartListening) {
  let connected = false;

  return startAppListening({
    actionCreator: authConnectRequested,
    effect: async (_action, api) => {
      if (connected) return;
      connected = true;
      try {
        const backend = await api.extra.backend();
        // supabase-js reports the stored session (or none) as INITIAL_SESSION right after this.
        backend.auth.onAuthStateChange((event, session) => {
          api.dispatch(authStateChanged({ event, user: toUser(session) }));
        });
      } catch (error) {
        connected = false;
        console.warn('Could not load the sign-in client', error);
        api.dispatch(authConnectFailed());
      }
    },
  });
}
