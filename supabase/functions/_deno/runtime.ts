// Deno-only glue for the hosted functions: the Supabase admin client, Stripe, and the subscribers
// table through PostgREST. The logic itself is in ../_shared, the same code the local server runs.
import Stripe from 'npm:stripe@23';
import { createClient } from 'npm:@supabase/supabase-js@2';
import type { BillingUser } from '../_shared/billing.ts';
import { handleBillingFunction, type BillingFunctionName, type FunctionEnv } from '../_shared/functions.ts';
import { errorResponse, preflightResponse } from '../_shared/http.ts';
import { createStripeProvider, handleStripeWebhook } from '../_shared/stripe.ts';
import type { SubscriberRecord, SubscriberStore } from '../_shared/subscribers.ts';

const setting = (name: string) => Deno.env.get(name) || undefined;

const admin = createClient(setting('SUPABASE_URL') ?? '', setting('SUPABASE_SERVICE_ROLE_KEY') ?? '', {
  auth: { persistSession: false, autoRefreshToken: false },
});
const stripeKey = setting('STRIPE_SECRET_KEY');
const stripe = stripeKey ? new Stripe(stripeKey) : null;
const webhookSecret = setting('STRIPE_WEBHOOK_SECRET');

const COLUMNS = 'user_id, email, stripe_customer_id, subscribed, subscription_tier, subscription_end';

const failed = (error: { message: string }) => new Error(`subscribers: ${error.message}`);

const subscribers: SubscriberStore = {
  async get(userId) {
    const { data, error } = await admin.from('subscribers').select(COLUMNS).eq('user_id', userId).maybeSingle();
    if (error) throw failed(error);
    return data as SubscriberRecord | null;
  },
  async findByCustomerId(customerId) {
    const { data, error } = await admin
      .from('subscribers')
      .select(COLUMNS)
      .eq('stripe_customer_id', customerId)
      .limit(1)
      .maybeSingle();
    if (error) throw failed(error);
    return data as SubscriberRecord | null;
  },
  async save(record) {
    const { error } = await admin
      .from('subscribers')
      .upsert({ ...record, updated_at: new Date().toISOString() }, { onConflict: 'user_id' });
    if (error) throw failed(error);
  },
  async userEmail(userId) {
    const { data, error } = await admin.auth.admin.getUserById(userId);
    return error ? null : (data.user?.email ?? null);
  },
};

/** GoTrue decides: missing, anon, forged and expired tokens all fail getUser. */
async function authenticate(authorization: string | null): Promise<BillingUser | null> {
  const token = authorization?.match(/^Bearer\s+(\S+)$/i)?.[1];
  if (!token) return null;
  const { data, error } = await admin.auth.getUser(token);
  if (error || !data.user?.email) return null;
  return { id: data.user.id, email: data.user.email };
}

const NOT_CONFIGURED = 'Billing is not configured: set the STRIPE_SECRET_KEY secret';

export function serveBillingFunction(name: BillingFunctionName): void {
  const env: FunctionEnv | null = stripe && {
    authenticate,
    provider: createStripeProvider(stripe, subscribers),
    fallbackOrigin: setting('SITE_URL') ?? 'http://localhost:3000',
  };
  Deno.serve((request: Request) => {
    if (env) return handleBillingFunction(name, request, env);
    return request.method === 'OPTIONS' ? preflightResponse() : errorResponse(503, NOT_CONFIGURED);
  });
}

export function serveStripeWebhook(): void {
  Deno.serve((request: Request) =>
    stripe && webhookSecret
      ? handleStripeWebhook(request, { stripe, subscribers, webhookSecret })
      : errorResponse(503, 'Stripe webhooks are not configured: set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET'),
  );
}
