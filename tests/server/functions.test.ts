// /functions/v1 in billing test mode, through the real supabase-js client as the app calls it.
import { SignJWT } from 'jose';
import { backends, STARTUP_TIMEOUT, startTestServer, type TestServer } from './harness.ts';
import { invokeError } from './billing-helpers.ts';

const FUNCTIONS = ['check-subscription', 'create-checkout', 'customer-portal'] as const;
const NOT_SIGNED_IN = 'Not signed in: a valid user access token is required';

describe.each(backends)('billing functions on %s', (backend) => {
  let srv: TestServer;
  beforeAll(async () => {
    srv = await startTestServer(backend);
  }, STARTUP_TIMEOUT);
  afterAll(() => srv?.stop());

  const token = (secret: string, claims: Record<string, unknown>, expiresAt: number) =>
    new SignJWT({ role: 'authenticated', aud: 'authenticated', ...claims })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt(expiresAt - 3600)
      .setExpirationTime(expiresAt)
      .sign(new TextEncoder().encode(secret));

  test.each(FUNCTIONS)('%s refuses callers without a session (anon key) with 401 JSON', async (name) => {
    const result = await srv.client().functions.invoke(name, { body: { priceType: 'monthly' } });
    expect(result.data).toBeNull();
    expect(result.error).toMatchObject({ name: 'FunctionsHttpError' });
    expect(await invokeError(result)).toEqual({ status: 401, error: NOT_SIGNED_IN });
  });

  test('missing, forged and expired tokens are refused', async () => {
    const { user, email } = await srv.signUp();
    const now = Math.floor(Date.now() / 1000);
    const forged = await token('not-the-server-secret-but-long-enough-0123', { sub: user.id, email }, now + 3600);
    const expired = await token(srv.jwtSecret, { sub: user.id, email }, now - 60);
    for (const authorization of [undefined, 'Bearer ', `Bearer ${forged}`, `Bearer ${expired}`, `Bearer ${srv.anonKey}`]) {
      const res = await srv.api('/functions/v1/check-subscription', {
        method: 'POST',
        headers: authorization ? { authorization } : {},
      });
      expect(res.status).toBe(401);
      expect(res.headers.get('content-type')).toBe('application/json');
      expect(await res.json()).toEqual({ error: NOT_SIGNED_IN });
    }
    expect(await srv.sql('select 1 from public.subscribers where user_id = $1', [user.id])).toEqual([]);
  });

  test('check-subscription answers not subscribed for a new user and records the row', async () => {
    const { client, user, email } = await srv.signUp();
    const { data, error, response } = await client.functions.invoke('check-subscription');
    expect(error).toBeNull();
    expect(response?.headers.get('content-type')).toBe('application/json');
    expect(data).toEqual({ subscribed: false, subscription_tier: null, subscription_end: null });
    const [row] = await srv.sql('select * from public.subscribers where user_id = $1', [user.id]);
    expect(row).toMatchObject({ email, subscribed: false, stripe_customer_id: null, subscription_end: null });
  });

  test('create-checkout rejects a bad or missing priceType with 400', async () => {
    const { client } = await srv.signUp();
    for (const body of [{ priceType: 'weekly' }, {}, { priceType: ['monthly'] }, 'monthly']) {
      const result = await client.functions.invoke('create-checkout', { body });
      expect(await invokeError(result)).toEqual({ status: 400, error: "priceType must be 'monthly' or 'annual'" });
    }
    const res = await fetch(`${srv.url}/functions/v1/create-checkout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${(await srv.signUp()).session.access_token}`, 'content-type': 'application/json' },
      body: '{"priceType":',
    });
    expect(res.status).toBe(400);
  });

  test('create-checkout returns a test-mode checkout URL on the caller origin, or the public URL', async () => {
    const { client } = await srv.signUp();
    const plain = await client.functions.invoke('create-checkout', { body: { priceType: 'monthly' } });
    expect(plain.error).toBeNull();
    expect(plain.data.url).toMatch(new RegExp(`^${srv.url}/billing/checkout/cs_test_[A-Za-z0-9_-]{32}$`));

    const fromApp = await client.functions.invoke('create-checkout', {
      body: { priceType: 'annual' },
      headers: { Origin: 'https://planner.example:8443' },
    });
    expect(fromApp.data.url).toMatch(/^https:\/\/planner\.example:8443\/billing\/checkout\/cs_test_/);
    expect(fromApp.data.url).not.toBe(plain.data.url);

    const odd = await client.functions.invoke('create-checkout', { body: { priceType: 'annual' }, headers: { Origin: 'null' } });
    expect(odd.data.url.startsWith(`${srv.url}/billing/checkout/`)).toBe(true);
  });

  test('customer-portal without a subscription is a clear 404', async () => {
    const { client } = await srv.signUp();
    expect(await invokeError(await client.functions.invoke('customer-portal'))).toEqual({
      status: 404,
      error: 'No subscription found for this account',
    });
  });

  test('CORS preflight, wrong method, unknown function, webhook without Stripe', async () => {
    const preflight = await fetch(`${srv.url}/functions/v1/create-checkout`, {
      method: 'OPTIONS',
      headers: { Origin: 'http://localhost:5173', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'authorization, apikey, x-client-info, content-type' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-headers')).toContain('authorization');
    expect(preflight.headers.get('access-control-allow-methods')).toContain('POST');

    const get = await srv.api('/functions/v1/check-subscription');
    expect(get.status).toBe(405);
    expect(await get.json()).toEqual({ error: 'Method not allowed: use POST' });

    const unknown = await srv.client().functions.invoke('delete-everything');
    expect(await invokeError(unknown)).toEqual({ status: 404, error: 'Function not found' });

    const webhook = await srv.api('/functions/v1/stripe-webhook', { method: 'POST', body: '{}', headers: { 'stripe-signature': 't=1,v1=x' } });
    expect(webhook.status).toBe(404);
  });
});
