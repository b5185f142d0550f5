// The subscribers table as the functions see it: one row per user, written only by trusted server code.

export interface SubscriptionState {
  subscribed: boolean;
  subscription_tier: string | null;
  /** ISO 8601 timestamp. */
  subscription_end: string | null;
}

export interface SubscriberRecord extends SubscriptionState {
  user_id: string;
  email: string;
  stripe_customer_id: string | null;
}

export interface SubscriberStore {
  get(userId: string): Promise<SubscriberRecord | null>;
  findByCustomerId(customerId: string): Promise<SubscriberRecord | null>;
  /** Insert or update the user's row (keyed by user_id) and stamp updated_at. */
  save(record: SubscriberRecord): Promise<void>;
  /** The account's current email, or null if the user no longer exists. */
  userEmail(userId: string): Promise<string | null>;
}

export const NOT_SUBSCRIBED: SubscriptionState = { subscribed: false, subscription_tier: null, subscription_end: null };
