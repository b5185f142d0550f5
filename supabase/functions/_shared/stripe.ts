// Stripe as the billing provider. It sees the official client through the few members it uses,
// so this file imports nothing and runs under Deno (npm:stripe) and Node (stripe) alike.
import type { BillingProvider, BillingUser } from './billing.ts';
import { failureResponse } from './functions.ts';
import { errorResponse, HttpError, jsonResponse, methodNotAllowed } from './http.ts';
import { PLANS, PRODUCT_NAME, TIER, type PriceType } from './prices.ts';
import { NOT_SUBSCRIBED, type SubscriberStore, type SubscriptionState } from './subscribers.ts';

export const NO_STRIPE_CUSTOMER = 'No Stripe customer found for this user';

interface StripeSubscriptionLike {
  /** Before API version 2025-03-31 the period lived on the subscription... */
  current_period_end?: number | null;
  /** ...since then it lives on each item. */
  items?: { data: Array<{ current_period_end?: number | null }> };
}

export interface CheckoutSessionParams {
  mode: 'subscription';
  customer?: string;
  customer_email?: string;
  client_reference_id: string;
  metadata: { user_id: string };
  subscription_data: { metadata: { user_id: string } };
  line_items: Array<{
    price_data: {
      currency: 'usd';
      product_data: { name: string };
      unit_amount: number;
      recurring: { interval: 'month' | 'year' };
    };
    quantity: number;
  }>;
  success_url: string;
  cancel_url: string;
}

export interface StripeEventLike {
  type: string;
  data: { object: unknown };
}

export interface StripeClient {
  customers: { list(params: { email: string; limit: number }): Promise<{ data: Array<{ id: string }> }> };
  subscriptions: {
    list(params: { customer: string; status: 'active'; limit: number }): Promise<{ data: StripeSubscriptionLike[] }>;
  };
  checkout: { sessions: { create(params: CheckoutSessionParams): Promise<{ url: string | null }> } };
  billingPortal: { sessions: { create(params: { customer: string; return_url: string }): Promise<{ url: string }> } };
  webhooks: {
    constructEventAsync(payload: string, header: string, secret: string): Promise<StripeEventLike>;
  };
}

export function createStripeProvider(stripe: StripeClient, subscribers: SubscriberStore): BillingProvider {
  const findCustomerId = async (email: string) =>
    (await stripe.customers.list({ email, limit: 1 })).data[0]?.id ?? null;

  return {
    async checkSubscription(user: BillingUser) {
      const customerId = await findCustomerId(user.email);
      const state = customerId ? await activeSubscription(stripe, customerId) : NOT_SUBSCRIBED;
      await subscribers.save({ user_id: user.id, email: user.email, stripe_customer_id: customerId, ...state });
      return state;
    },

    async createCheckout(user: BillingUser, priceType: PriceType, origin: string) {
      const customerId = await findCustomerId(user.email);
      const plan = PLANS[priceType];
      // user_id rides along so the webhook can tell whose subscription an event is about.
      const session = await stripe.checkout.sessions.create({
        mode: 'subscription',
        ...(customerId ? { customer: customerId } : { customer_email: user.email }),
        client_reference_id: user.id,
        metadata: { user_id: user.id },
        subscription_data: { metadata: { user_id: user.id } },
        line_items: [
          {
            price_data: {
              currency: 'usd',
              product_data: { name: PRODUCT_NAME },
              unit_amount: plan.unitAmount,
              recurring: { interval: plan.interval },
            },
            quantity: 1,
          },
        ],
        success_url: `${origin}/?checkout=success`,
        cancel_url: `${origin}/?checkout=cancelled`,
      });
      if (!session.url) throw new Error('Stripe returned a checkout session without a URL');
      return session.url;
    },

    async createPortal(user: BillingUser, origin: string) {
      const customerId = await findCustomerId(user.email);
      if (!customerId) throw new HttpError(404, NO_STRIPE_CUSTOMER);
      const session = await stripe.billingPortal.sessions.create({ customer: customerId, return_url: `${origin}/` });
      return session.url;
    },
  };
}

async function activeSubscription(stripe: StripeClient, customerId: string): Promise<SubscriptionState> {
  const subscription = (await stripe.subscriptions.list({ customer: customerId, status: 'active', limit: 1 })).data[0];
  if (!subscription) return NOT_SUBSCRIBED;
  const end = subscription.current_period_end ?? subscription.items?.data[0]?.current_period_end ?? null;
  return {
    subscribed: true,
    subscription_tier: TIER,
    subscription_end: end == null ? null : new Date(end * 1000).toISOString(),
  };
}

export const STRIPE_WEBHOOK_EVENTS = [
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
];

export interface WebhookEnv {
  stripe: StripeClient;
  subscribers: SubscriberStore;
  webhookSecret: string;
  logError?(error: unknown): void;
}

/** Verifies Stripe's signature over the raw body, then brings the affected subscriber row up to date. */
export async function handleStripeWebhook(request: Request, env: WebhookEnv): Promise<Response> {
  if (request.method !== 'POST') return methodNotAllowed();
  const signature = request.headers.get('stripe-signature');
  if (!signature) return errorResponse(400, 'Missing Stripe-Signature header');
  const payload = await request.text();
  let event: StripeEventLike;
  try {
    event = await env.stripe.webhooks.constructEventAsync(payload, signature, env.webhookSecret);
  } catch {
    return errorResponse(400, 'Invalid Stripe webhook signature');
  }
  try {
    return jsonResponse({ received: true, outcome: await applyStripeEvent(env.stripe, env.subscribers, event) });
  } catch (error) {
    // A non-2xx makes Stripe retry later.
    return failureResponse(error, 'Failed to process webhook event', env.logError);
  }
}

interface EventObject {
  customer?: string | { id: string } | null;
  client_reference_id?: string | null;
  metadata?: { user_id?: string } | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Rather than trusting the order events arrive in, each relevant event makes us ask Stripe for the
 * customer's current active subscription and record that.
 */
export async function applyStripeEvent(
  stripe: StripeClient,
  subscribers: SubscriberStore,
  event: StripeEventLike,
): Promise<'recorded' | 'ignored'> {
  if (!STRIPE_WEBHOOK_EVENTS.includes(event.type)) return 'ignored';
  const object = (event.data.object ?? {}) as EventObject;
  const customerId = typeof object.customer === 'string' ? object.customer : (object.customer?.id ?? null);
  if (!customerId) return 'ignored';
  const userId =
    object.client_reference_id ??
    object.metadata?.user_id ??
    (await subscribers.findByCustomerId(customerId))?.user_id;
  // Events for sessions this app did not create (another product on the same account) name no user of ours.
  if (!userId || !UUID.test(userId)) return 'ignored';
  const email = await subscribers.userEmail(userId);
  if (!email) return 'ignored';
  const state = await activeSubscription(stripe, customerId);
  await subscribers.save({ user_id: userId, email, stripe_customer_id: customerId, ...state });
  return 'recorded';
}
