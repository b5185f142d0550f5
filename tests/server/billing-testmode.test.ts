// Billing test mode end to end: create-checkout → checkout page → pay → check-subscription, and the
// portal's cancel, through the real server and supabase-js; plus the pages' escaping.
import type { SupabaseClient } from '@supabase/supabase-js';
import { startServer } from '../../server/app.ts';
import { checkoutPage, escapeHtml, portalPage } from '../../server/billing/pages.ts';
import { PLANS } from '../../supabase/functions/_shared/prices.ts';
import { backends, STARTUP_TIMEOUT, startTestServer, type TestServer } from './harness.ts';
import { daysAhead, invokeError, postForm } from './billing-helpers.ts';

// A visible mark, so nobody mistakes these pages for a real checkout.
const BANNER = '<strong class="mark">TEST MODE</strong> No real payment';

describe.each(backends)('billing test mode on %s', (backend) => {
  let srv: TestServer;
  beforeAll(async () => {
    srv = await startTestServer(backend);
  }, STARTUP_TIMEOUT);
  afterAll(() => srv?.stop());

  async function checkoutUrl(client: SupabaseClient, priceType: 'monthly' | 'annual') {
    const { data, error } = await client.functions.invoke('create-checkout', { body: { priceType } });
    expect(error).toBeNull();
    return data.url as string;
  }
  async function check(client: SupabaseClient) {
    const { data, error } = await client.functions.invoke('check-subscription');
    expect(error).toBeNull();
    return data as { subscribed: boolean; subscription_tier: string | null; subscription_end: string | null };
  }
  async function subscribe(client: SupabaseClient) {
    const url = await checkoutUrl(client, 'monthly');
    expect((await postForm(url)).status).toBe(303);
  }

  test('monthly checkout: page, pay, success page, subscribed for about a month', async () => {
    const { client, user, email } = await srv.signUp();
    const url = await checkoutUrl(client, 'monthly');

    const page = await fetch(url);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    const html = await page.text();
    for (const text of [BANNER, 'Premium — Monthly', '$4.90/month', email, 'Pay (test mode)']) expect(html).toContain(text);
    expect(html).toContain('href="/?checkout=cancelled"');
    expect(html).not.toMatch(/<script|<link|src=/);

    const paid = await postForm(url);
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(new URL(url).pathname);

    const success = await (await fetch(url)).text();
    expect(success).toContain('Payment successful');
    expect(success).toContain(BANNER);
    expect(success).toContain('<a class="button" href="/">Return to Weekly Planner</a>');

    const status = await check(client);
    expect(status).toMatchObject({ subscribed: true, subscription_tier: 'Premium' });
    expect(daysAhead(status.subscription_end!)).toBeGreaterThan(27.9);
    expect(daysAhead(status.subscription_end!)).toBeLessThan(31.1);
    const [row] = await srv.sql<{ stripe_customer_id: string; subscribed: boolean }>(
      'select * from public.subscribers where user_id = $1',
      [user.id],
    );
    expect(row).toMatchObject({ subscribed: true, stripe_customer_id: expect.stringMatching(/^cus_test_/) });
  });

  test('annual checkout shows the annual price and runs about a year; a session pays only once', async () => {
    const { client } = await srv.signUp();
    const url = await checkoutUrl(client, 'annual');
    const html = await (await fetch(url)).text();
    expect(html).toContain('Premium — Annual');
    expect(html).toContain('$34.80 billed annually ($2.90/month)');

    expect((await postForm(url)).status).toBe(303);
    const first = await check(client);
    expect(daysAhead(first.subscription_end!)).toBeGreaterThan(364.9);
    expect(daysAhead(first.subscription_end!)).toBeLessThan(366.1);

    const again = await postForm(url);
    expect(again.status).toBe(409);
    expect(await again.text()).toContain('Payment successful');
    expect((await check(client)).subscription_end).toBe(first.subscription_end);
  });

  test("a session belongs to the user who created it: paying someone else's session never subscribes you", async () => {
    const alice = await srv.signUp();
    const bob = await srv.signUp();
    const aliceUrl = await checkoutUrl(alice.client, 'monthly');
    const page = await (await fetch(aliceUrl)).text();
    expect(page).toContain(alice.email);
    expect(page).not.toContain(bob.email);

    expect((await postForm(aliceUrl)).status).toBe(303);
    expect((await check(bob.client)).subscribed).toBe(false);
    expect((await check(alice.client)).subscribed).toBe(true);
  });

  test('unknown, malformed, wrong-kind and expired sessions are refused and change nothing', async () => {
    const { client, user } = await srv.signUp();
    const url = await checkoutUrl(client, 'monthly');
    const id = url.split('/').pop()!;
    const base = `${srv.url}/billing`;
    for (const bad of [`${base}/checkout/cs_test_${'A'.repeat(32)}`, `${base}/checkout/nonsense`, `${base}/portal/${id}`]) {
      expect((await fetch(bad)).status).toBe(404);
      expect((await postForm(bad)).status).toBe(404);
    }
    await srv.sql(`update planner_billing.test_sessions set expires_at = now() - interval '1 second'
                    where user_id = $1`, [user.id]);
    const expired = await fetch(url);
    expect(expired.status).toBe(410);
    expect(await expired.text()).toContain('This billing link has expired');
    expect((await postForm(url)).status).toBe(410);
    expect((await check(client)).subscribed).toBe(false);
  });

  test('only a hash of the session id is stored', async () => {
    const { client, user } = await srv.signUp();
    const id = (await checkoutUrl(client, 'monthly')).split('/').pop()!;
    const rows = await srv.sql<{ id_hash: string; kind: string; price_type: string }>(
      'select id_hash, kind, price_type from planner_billing.test_sessions where user_id = $1',
      [user.id],
    );
    expect(rows).toEqual([{ id_hash: expect.stringMatching(/^[0-9a-f]{64}$/), kind: 'checkout', price_type: 'monthly' }]);
    expect(rows[0]!.id_hash).not.toContain(id);
  });

  test('a cross-site form post is refused and leaves the session usable', async () => {
    const { client } = await srv.signUp();
    const url = await checkoutUrl(client, 'monthly');
    const forged = await postForm(url, { 'Sec-Fetch-Site': 'cross-site' });
    expect(forged.status).toBe(403);
    expect((await check(client)).subscribed).toBe(false);
    expect((await postForm(url)).status).toBe(303);
    expect((await check(client)).subscribed).toBe(true);
  });

  test('portal: shows plan and renewal date, cancel ends the subscription once', async () => {
    const { client, email } = await srv.signUp();
    await subscribe(client);
    const before = await check(client);

    const { data, error } = await client.functions.invoke('customer-portal');
    expect(error).toBeNull();
    expect(data.url).toMatch(new RegExp(`^${srv.url}/billing/portal/bps_test_[A-Za-z0-9_-]{32}$`));
    const html = await (await fetch(data.url)).text();
    const renews = new Date(before.subscription_end!).toLocaleDateString('en-US', {
      year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC',
    });
    for (const text of [BANNER, email, 'Premium', 'Renews on', renews, 'Cancel subscription', 'Return to Weekly Planner']) {
      expect(html).toContain(text);
    }

    const cancelled = await postForm(data.url);
    expect(cancelled.status).toBe(303);
    const confirmation = await (await fetch(data.url)).text();
    expect(confirmation).toContain('Subscription cancelled');
    expect(confirmation).toContain('href="/"');
    expect(await check(client)).toEqual({ subscribed: false, subscription_tier: null, subscription_end: null });
    expect((await postForm(data.url)).status).toBe(409);

    // The customer record stays, so the portal still opens and says there is nothing to cancel.
    const later = await client.functions.invoke('customer-portal');
    const laterHtml = await (await fetch(later.data.url)).text();
    expect(laterHtml).toContain('No active subscription');
    expect(laterHtml).not.toContain('Cancel subscription');
  });

  test('a lapsed subscription reads as not subscribed and is recorded so', async () => {
    const { client, user } = await srv.signUp();
    await subscribe(client);
    await srv.sql(`update public.subscribers set subscription_end = now() - interval '1 minute' where user_id = $1`, [user.id]);
    expect(await check(client)).toEqual({ subscribed: false, subscription_tier: null, subscription_end: null });
    const [row] = await srv.sql('select subscribed from public.subscribers where user_id = $1', [user.id]);
    expect(row).toEqual({ subscribed: false });
  });

  test('customer-portal before any payment is a 404 with a clear message', async () => {
    const { client } = await srv.signUp();
    await check(client);
    expect(await invokeError(await client.functions.invoke('customer-portal'))).toEqual({
      status: 404,
      error: 'No subscription found for this account',
    });
  });

  test('an app on another origin gets links back to that origin', async () => {
    const { client } = await srv.signUp();
    const { data } = await client.functions.invoke('create-checkout', {
      body: { priceType: 'monthly' },
      headers: { Origin: 'http://localhost:5173' },
    });
    // The Vite dev server proxies /billing to this server; read the page here directly.
    const local = `${srv.url}${new URL(data.url).pathname}`;
    expect(await (await fetch(local)).text()).toContain('href="http://localhost:5173/?checkout=cancelled"');
    expect((await postForm(local)).status).toBe(303);
    expect(await (await fetch(local)).text()).toContain('href="http://localhost:5173/"');
  });

  if (backend === 'postgres') {
    test('sessions live in the database: another server process on it can complete them', async () => {
      const other = await startServer({
        port: 0,
        host: '127.0.0.1',
        dataDir: srv.server.ctx.config.dataDir,
        databaseUrl: srv.server.ctx.config.databaseUrl,
        jwtSecret: srv.jwtSecret,
        env: {},
      });
      try {
        const { client } = await srv.signUp();
        const url = await checkoutUrl(client, 'monthly');
        const elsewhere = `${other.url}${new URL(url).pathname}`;
        expect(await (await fetch(elsewhere)).text()).toContain('Pay (test mode)');
        expect((await postForm(elsewhere)).status).toBe(303);
        expect((await check(client)).subscribed).toBe(true);
      } finally {
        await other.close();
      }
    }, STARTUP_TIMEOUT);
  }
});

describe('test-mode pages', () => {
  const hostile = `"><script>alert(1)</script>@evil.example`;

  test('escape every interpolated value', () => {
    const checkout = checkoutPage({ plan: PLANS.monthly, email: hostile, cancelHref: 'javascript:"<x>' });
    expect(checkout).not.toContain('<script>');
    expect(checkout).toContain(escapeHtml(hostile));
    expect(checkout).toContain('href="javascript:&quot;&lt;x&gt;"');

    const portal = portalPage({
      email: hostile,
      subscription: { subscribed: true, subscription_tier: '<b>Gold</b>', subscription_end: '2030-01-15T00:00:00.000Z' },
      appHref: '/',
    });
    expect(portal).not.toContain('<script>');
    expect(portal).not.toContain('<b>');
    expect(portal).toContain('January 15, 2030');
  });

  test('are self-contained, marked TEST MODE, and adapt to dark mode', () => {
    const html = checkoutPage({ plan: PLANS.annual, email: 'a@example.com', cancelHref: '/' });
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toContain('<p class="banner" role="note"><strong class="mark">TEST MODE</strong> No real payment: nothing is charged</p>');
    expect(html).toContain('<title>TEST MODE · Checkout · Weekly Planner</title>');
    expect(html).toContain('@media (prefers-color-scheme:dark)');
    expect(html).not.toMatch(/https?:\/\//);
  });
});
