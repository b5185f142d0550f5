import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export interface AuthUser {
  id: string;
  email: string;
}

export interface AuthState {
  /**
   * 'idle': the Supabase client is not loaded (a visitor's first load); 'connecting': it is
   * loading or has not reported the session yet; 'ready': `user` is what the client says.
   */
  status: 'idle' | 'connecting' | 'ready';
  user: AuthUser | null;
}

const initialState: AuthState = { status: 'idle', user: null };

const authSlice = createSlice({
  name: 'auth',
  initialState,
  reducers: {
    /** Something needs the client (a stored session, /auth, the Premium dialog): load it and follow the session. */
    authConnectRequested(state) {
      if (state.status === 'idle') state.status = 'connecting';
    },
    /** The client could not be loaded; a later request tries again. */
    authConnectFailed(state) {
      if (state.status === 'connecting') state.status = 'idle';
    },
    /** Fed only by the client's onAuthStateChange (see authListeners). */
    authStateChanged(state, action: PayloadAction<{ event: string; user: AuthUser | null }>) {
      state.status = 'ready';
      const { user } = action.payload;
      if (state.user?.id !== user?.id || state.user?.email !== user?.email) state.user = user;
    },
  },
});

export const { authConnectRequested, authConnectFailed, authStateChanged } = authSlice.actions;
export const authReducer = authSlice.reducer;

type WithAuth = { auth: AuthState };
export const selectAuthUser = (state: WithAuth) => state.auth.user;
export const selectUserId = (state: WithAuth) => state.auth.user?.id ?? null;
export const selectIsSignedIn = (state: WithAuth) => state.auth.user !== null;
export const selectAuthStatus = (state: WithAuth) => state.auth.status;
