import type { AppListenerApi } from '../../app/listenerMiddleware';
import type { BackendSession } from '../../lib/supabase';
import { authStateChanged, type AuthUser } from './authSlice';

function toUser(session: BackendSession | null): AuthUser | null {
  return session ? { id: session.user.id, email: session.user.email ?? '' } : null;
}

/**
 * Makes the store the one subscriber to the client's auth events, mirroring every session change
 * (sign-in, sign-out, token refresh, other tabs via supabase-js). Nothing else listens to the
 * client directly. Called once, by the account gateway, when something first asks for the client.
 */
export async function followSession(api: AppListenerApi): Promise<void> {
  const backend = await api.extra.backend();
  // supabase-js reports the stored session (or none) as INITIAL_SESSION right after this.
  backend.auth.onAuthStateChange((event, session) => {
    api.dispatch(authStateChanged({ event, user: toUser(session) }));
  });
}
