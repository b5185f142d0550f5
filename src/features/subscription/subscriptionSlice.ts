import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { authStateChanged } from '../auth/authSlice';

export type PriceType = 'monthly' | 'annual';

export interface SubscriptionStatus {
  subscribed: boolean;
  tier: string | null;
  /** ISO date the current period ends (renews), when known. */
  end: string | null;
}

export interface SubscriptionState extends SubscriptionStatus {
  /** The user the status was checked for; a status never carries over to another user. */
  userId: string | null;
  /** The plan whose checkout is starting (its button reads 'Loading...'). */
  checkout: PriceType | null;
  portalOpening: boolean;
  dialogOpen: boolean;
}

const notSubscribed: SubscriptionStatus = { subscribed: false, tier: null, end: null };

const initialState: SubscriptionState = { ...notSubscribed, userId: null, checkout: null, portalOpening: false, dialogOpen: false };

const subscriptionSlice = createSlice({
  name: 'subscription',
  initialState,
  reducers: {
    /** Check again (window focus after paying in another tab). */
    subscriptionCheckRequested() {},
    subscriptionChecked(state, action: PayloadAction<SubscriptionStatus & { userId: string }>) {
      Object.assign(state, action.payload);
    },
    premiumDialogOpened(state) {
      state.dialogOpen = true;
    },
    premiumDialogClosed(state) {
      state.dialogOpen = false;
    },
    checkoutStarted(state, action: PayloadAction<PriceType>) {
      state.checkout = action.payload;
    },
    checkoutFinished(state) {
      state.checkout = null;
    },
    portalOpeningChanged(state, action: PayloadAction<boolean>) {
      state.portalOpening = action.payload;
    },
  },
  extraReducers: (builder) => {
    // Signing out (or in as someone else) resets to not subscribed until the next check says otherwise.
    builder.addCase(authStateChanged, (state, action) => {
      if (state.userId !== null && state.userId !== action.payload.user?.id) Object.assign(state, notSubscribed, { userId: null });
    });
  },
});

export const {
  subscriptionCheckRequested,
  subscriptionChecked,
  premiumDialogOpened,
  premiumDialogClosed,
  checkoutStarted,
  checkoutFinished,
  portalOpeningChanged,
} = subscriptionSlice.actions;
export const subscriptionReducer = subscriptionSlice.reducer;

type WithSubscription = { subscription: SubscriptionState; auth: { user: { id: string } | null } };

/** Subscribed according to a check made for the user signed in now. */
export const selectIsSubscribed = (state: WithSubscription) =>
  state.subscription.subscribed && state.auth.user !== null && state.subscription.userId === state.auth.user.id;
export const selectSubscription = (state: WithSubscription) => state.subscription;
export const selectPremiumDialogOpen = (state: WithSubscription) => state.subscription.dialogOpen;
