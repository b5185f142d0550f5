// The Stripe provider through the real server and supabase-js, against a local fake of the Stripe
// API (the official stripe package pointed at it), and the signed webhook.
import type { SupabaseClient } from '@supabase/supabase-js';
import Stripe from 'stripe';
import { backends, STARTUP_TIMEOUT, startTestServer, type TestServer } from './harness.ts';
import { FAKE_STRIPE_KEY, startFakeStripe, type FakeStripe } from './fake-stripe.ts';
import { invokeError } from './billing-helpers.ts';

const WEBHOOK_SECRET = 'whsec_test_weekly_planner_fake_secret';
const APP = 'https://planner.example';
const PERIOD_END = 1_924_992_000; // 2031-01-01T00:00:00Z
const signer = new Stripe('sk_test_signing_only').webhooks;

describe.each(backends)('Stripe billing on %s', (backend) => {
  let srv: TestServer;
  let fake: FakeStripe;
  beforeAll(async () => {
    fake = await startFakeStripe();
    srv = await startTestServer(backend, { stripe: { secretKey: FAKE_STRIPE_KEY, webhookSecret: WEBHOOK_SECRET, api: fake.api } });
  }, STARTUP_TIMEOUT);
  afterAll(async () => {
    await srv?.stop();
    await fake?.close();
  });

  /** Requests the fake received while fn ran. */
  async function stripeCalls(fn: () => Promise<unknown>) {
    const before = fake.requests.length;
    await fn();
    return fake.requests.slice(before);
  }
  const invoke = (client: SupabaseClient, name: string, body?: object) =>
    client.functions.invoke(name, { body, headers: { Origin: APP } });
  const row = async (userId: string) => (await srv.sql('select * from public.subscribers where user_id = $1', [userId]))[0];

  test('check-subscription: no Stripe customer means not subscribed, recorded without a customer id', async () => {
    const { client, user, email } = await srv.signUp();
    let result: Awaited<ReturnType<typeof invoke>> | undefined;
    const calls = await stripeCalls(async () => (result = await invoke(client, 'check-subscription')));
    expect(result!.data).toEqual({ subscribed: false, subscription_tier: null, subscription_end: null });
    expect(calls).toEqual([{ method: 'GET', path: '/v1/customers', params: { email, limit: '1' } }]);
    expect(await row(user.id)).toMatchObject({ email, subscribed: false, stripe_customer_id: null });
  });

  test.each([
    ['item-level period (API 2025+)', false],
    ['subscription-level period (older API)', true],
  ])('check-subscription: an active subscription with %s', async (_label, legacyPeriodEnd) => {
    const { client, user, email } = await srv.signUp();
    const customer = fake.addCustomer(email);
    fake.addSubscription(customer, PERIOD_END, { legacyPeriodEnd });
    let data: unknown;
    const calls = await stripeCalls(async () => ({ data } = await invoke(client, 'check-subscription')));
    expect(data).toEqual({ subscribed: true, subscription_tier: 'Premium', subscription_end: '2031-01-01T00:00:00.000Z' });
    expect(calls[1]).toEqual({ method: 'GET', path: '/v1/subscriptions', params: { customer, status: 'active', limit: '1' } });
    expect(await row(user.id)).toMatchObject({ subscribed: true, stripe_customer_id: customer, subscription_tier: 'Premium' });
  });

  test('create-checkout (monthly, new customer): a subscription-mode session at $4.90/month', async () => {
    const { client, user, email } = await srv.signUp();
    let data: { url?: string } = {};
    const calls = await stripeCalls(async () => ({ data } = await invoke(client, 'create-checkout', { priceType: 'monthly' })));
    const create = calls.find((c) => c.path === '/v1/checkout/sessions')!;
    expect(create.method).toBe('POST');
    expect(create.params).toEqual({
      mode: 'subscription',
      customer_email: email,
      client_reference_id: user.id,
      'metadata[user_id]': user.id,
      'subscription_data[metadata][user_id]': user.id,
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][product_data][name]': 'Weekly Planner Premium',
      'line_items[0][price_data][unit_amount]': '490',
      'line_items[0][price_data][recurring][interval]': 'month',
      'line_items[0][quantity]': '1',
      success_url: `${APP}/?checkout=success`,
      cancel_url: `${APP}/?checkout=cancelled`,
    });
    expect(data.url).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/);
  });

  test('create-checkout (annual, existing customer): reuses the customer at $34.80/year', async () => {
    const { client, email } = await srv.signUp();
    const customer = fake.addCustomer(email);
    const calls = await stripeCalls(() => invoke(client, 'create-checkout', { priceType: 'annual' }));
    const { params } = calls.find((c) => c.path === '/v1/checkout/sessions')!;
    expect(params).toMatchObject({
      customer,
      'line_items[0][price_data][unit_amount]': '3480',
      'line_items[0][price_data][recurring][interval]': 'year',
    });
    expect(params).not.toHaveProperty('customer_email');
  });

  test('create-checkout checks priceType before calling Stripe', async () => {
    const { client } = await srv.signUp();
    let result: Awaited<ReturnType<typeof invoke>> | undefined;
    const calls = await stripeCalls(async () => (result = await invoke(client, 'create-checkout', { priceType: 'lifetime' })));
    expect(await invokeError(result!)).toEqual({ status: 400, error: "priceType must be 'monthly' or 'annual'" });
    expect(calls).toEqual([]);
  });

  test('customer-portal: a billing portal session returning to the app, or 404 without a customer', async () => {
    const { client, email } = await srv.signUp();
    expect(await invokeError(await invoke(client, 'customer-portal'))).toEqual({
      status: 404,
      error: 'No Stripe customer found for this user',
    });
    const customer = fake.addCustomer(email);
    let data: { url?: string } = {};
    const calls = await stripeCalls(async () => ({ data } = await invoke(client, 'customer-portal')));
    expect(calls[1]).toEqual({ method: 'POST', path: '/v1/billing_portal/sessions', params: { customer, return_url: `${APP}/` } });
    expect(data.url).toMatch(/^https:\/\/billing\.stripe\.test\/p\/session\/bps_/);
  });

  test("Stripe's errors: invalid requests are passed on, anything else gets the app's wording", async () => {
    const { client } = await srv.signUp();
    fake.failNext(400, { type: 'invalid_request_error', message: 'No such customer: cus_gone' });
    expect(await invokeError(await invoke(client, 'create-checkout', { priceType: 'monthly' }))).toEqual({
      status: 502,
      error: 'Billing provider error: No such customer: cus_gone',
    });
    const logged = jest.spyOn(console, 'error').mockImplementation(() => {});
    try {
      fake.failNext(401, { type: 'invalid_request_error', message: 'Invalid API Key provided: sk_live_****1234' });
      expect(await invokeError(await invoke(client, 'check-subscription'))).toEqual({
        status: 500,
        error: 'Failed to check subscription status',
      });
      expect(logged).toHaveBeenCalled();
    } finally {
      logged.mockRestore();
    }
  });

  describe('webhook', () => {
    const send = (payload: string, signature?: string) =>
      fetch(`${srv.url}/functions/v1/stripe-webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
        body: payload,
      });
    const event = (type: string, object: object) =>
      JSON.stringify({ id: `evt_${Math.random().toString(36).slice(2)}`, object: 'event', type, data: { object } });
    const signed = (payload: string, secret = WEBHOOK_SECRET) => signer.generateTestHeaderString({ payload, secret });

    test('subscription created, then deleted, keeps the subscribers row current', async () => {
      const { user, email } = await srv.signUp();
      const customer = fake.addCustomer(email);
      const subscription = fake.addSubscription(customer, PERIOD_END);

      const created = event('customer.subscription.created', {
        id: subscription, object: 'subscription', customer, status: 'active', metadata: { user_id: user.id },
      });
      const res = await send(created, signed(created));
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ received: true, outcome: 'recorded' });
      expect(await row(user.id)).toMatchObject({ email, subscribed: true, stripe_customer_id: customer, subscription_tier: 'Premium' });

      // No metadata this time: the customer id already on the row names the user.
      fake.cancelSubscription(subscription);
      const deleted = event('customer.subscription.deleted', { id: subscription, object: 'subscription', customer, status: 'canceled' });
      expect((await send(deleted, signed(deleted))).status).toBe(200);
      expect(await row(user.id)).toMatchObject({ subscribed: false, subscription_end: null, stripe_customer_id: customer });
    });

    test('checkout.session.completed records the new subscriber named by client_reference_id', async () => {
      const { user, email } = await srv.signUp();
      const customer = fake.addCustomer(email);
      fake.addSubscription(customer, PERIOD_END);
      const completed = event('checkout.session.completed', {
        id: 'cs_test_done', object: 'checkout.session', customer, client_reference_id: user.id, mode: 'subscription',
      });
      expect((await send(completed, signed(completed))).status).toBe(200);
      const saved = await row(user.id);
      expect(saved).toMatchObject({ subscribed: true, stripe_customer_id: customer });
      expect(new Date(saved!.subscription_end as string).toISOString()).toBe('2031-01-01T00:00:00.000Z');
    });

    test('bad signatures are refused with 400 and write nothing', async () => {
      const { user, email } = await srv.signUp();
      const customer = fake.addCustomer(email);
      fake.addSubscription(customer, PERIOD_END);
      const payload = event('customer.subscription.updated', { object: 'subscription', customer, metadata: { user_id: user.id } });
      const tampered = payload.replace(customer, fake.addCustomer('someone-else@example.com'));
      for (const [body, signature] of [
        [payload, signed(payload, 'whsec_wrong_secret')],
        [tampered, signed(payload)],
        [payload, undefined],
        [payload, 't=1,v1=deadbeef'],
      ] as const) {
        const res = await send(body, signature);
        expect(res.status).toBe(400);
        expect((await res.json()).error).toMatch(/Stripe-Signature|signature/);
      }
      expect(await row(user.id)).toBeUndefined();
    });

    test('events it does not handle, or for users it does not know, are acknowledged and ignored', async () => {
      const invoice = event('invoice.paid', { object: 'invoice', customer: 'cus_x' });
      expect(await (await send(invoice, signed(invoice))).json()).toEqual({ received: true, outcome: 'ignored' });
      const stranger = event('customer.subscription.updated', { object: 'subscription', customer: 'cus_unknown', metadata: {} });
      expect(await (await send(stranger, signed(stranger))).json()).toEqual({ received: true, outcome: 'ignored' });
    });
  });

  test('the test-mode pages do not exist when Stripe is configured', async () => {
    const id = `cs_test_${'A'.repeat(32)}`;
    expect((await fetch(`${srv.url}/billing/checkout/${id}`)).status).toBe(404);
    expect((await fetch(`${srv.url}/billing/checkout/${id}`, { method: 'POST' })).status).toBe(404);
  });
});
