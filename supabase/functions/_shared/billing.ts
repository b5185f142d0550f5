// What a billing provider (Stripe, or the local server's test mode) does for the three functions.
import type { PriceType } from './prices.ts';
import type { SubscriptionState } from './subscribers.ts';

/** The signed-in caller, as verified from the access token; never taken from a request body. */
export interface BillingUser {
  id: string;
  email: string;
}

export interface BillingProvider {
  /** Looks the user's subscription up and records the result in the subscribers table. */
  checkSubscription(user: BillingUser): Promise<SubscriptionState>;
  /** URL of a checkout page for the plan; `origin` is where the app lives. */
  createCheckout(user: BillingUser, priceType: PriceType, origin: string): Promise<string>;
  /** URL of a page to manage the subscription; throws HttpError 404 when the user has no customer record. */
  createPortal(user: BillingUser, origin: string): Promise<string>;
}
