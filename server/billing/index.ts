// /billing/*: the checkout and portal pages of billing test mode. They exist only while no Stripe
// key is configured, so a real deployment can never be "paid" through them.
import { Hono, type Context } from 'hono';
import type { ServerContext } from '../context.ts';
import { allowOnly } from '../http.ts';
import { PLANS } from '../../supabase/functions/_shared/prices.ts';
import { checkoutPage, checkoutPaidPage, messagePage, portalCancelledPage, portalPage } from './pages.ts';
import { createTestSessions, type Outcome, type TestSession } from './testmode.ts';

const PAGE_HEADERS = {
  'Content-Type': 'text/html; charset=utf-8',
  'Cache-Control': 'no-store',
  // No scripts, no framing (the pay button must not be clickjacked), forms post only here.
  'Content-Security-Policy':
    "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
  'X-Frame-Options': 'DENY',
  'X-Content-Type-Options': 'nosniff',
  // The URL holds the session id: keep it out of Referer headers.
  'Referrer-Policy': 'no-referrer',
};

const html = (status: number, body: string) => new Response(body, { status, headers: PAGE_HEADERS });

/** A path in the app: relative when the app is served from this same origin, else absolute. */
function appLink(c: Context, appOrigin: string, path = '/') {
  return appOrigin === new URL(c.req.url).origin ? path : `${appOrigin}${path}`;
}

const notFound = () =>
  html(404, messagePage({ title: 'Link not valid', message: 'This billing link is not valid. Start again from the planner.', appHref: '/' }));

const expired = (c: Context, session: TestSession) =>
  html(
    410,
    messagePage({
      title: 'Link expired',
      message: 'This billing link has expired. Start again from the planner.',
      appHref: appLink(c, session.appOrigin),
    }),
  );

// The session id is the capability, but a form post from another site is refused all the same.
const crossSite = (c: Context) => c.req.header('sec-fetch-site') === 'cross-site';
const forbidden = () =>
  html(403, messagePage({ title: 'Request refused', message: 'Billing forms must be sent from this page.', appHref: '/' }));

export function billingRoutes(ctx: ServerContext): Hono {
  const app = new Hono();
  if (ctx.config.stripe) return app;
  const sessions = createTestSessions(ctx.db);

  const paidPage = (c: Context, session: TestSession, status = 200) =>
    html(
      status,
      checkoutPaidPage({
        plan: session.priceType ? PLANS[session.priceType] : null,
        email: session.email,
        subscription: session.subscription,
        appHref: appLink(c, session.appOrigin),
      }),
    );
  const cancelledPage = (c: Context, session: TestSession, status = 200) =>
    html(status, portalCancelledPage({ email: session.email, appHref: appLink(c, session.appOrigin) }));

  // After a successful post, redirect to the page itself (it then shows the outcome), so reloading never re-posts.
  const afterPost = async (c: Context, kind: 'checkout' | 'portal', outcome: Outcome) => {
    if (outcome === 'done') return c.redirect(c.req.path, 303);
    const session = await sessions.load(kind, c.req.param('id') ?? '');
    if (!session || outcome === 'missing') return notFound();
    if (outcome === 'expired') return expired(c, session);
    return kind === 'checkout' ? paidPage(c, session, 409) : cancelledPage(c, session, 409);
  };

  app.get('/checkout/:id', async (c) => {
    const session = await sessions.load('checkout', c.req.param('id'));
    if (!session?.priceType) return notFound();
    if (session.state === 'used') return paidPage(c, session);
    if (session.state === 'expired') return expired(c, session);
    return html(
      200,
      checkoutPage({
        plan: PLANS[session.priceType],
        email: session.email,
        cancelHref: appLink(c, session.appOrigin, '/?checkout=cancelled'),
      }),
    );
  });

  app.post('/checkout/:id', async (c) =>
    crossSite(c) ? forbidden() : afterPost(c, 'checkout', await sessions.pay(c.req.param('id'))),
  );

  app.get('/portal/:id', async (c) => {
    const session = await sessions.load('portal', c.req.param('id'));
    if (!session) return notFound();
    if (session.state === 'used') return cancelledPage(c, session);
    if (session.state === 'expired') return expired(c, session);
    return html(
      200,
      portalPage({ email: session.email, subscription: session.subscription, appHref: appLink(c, session.appOrigin) }),
    );
  });

  app.post('/portal/:id', async (c) =>
    crossSite(c) ? forbidden() : afterPost(c, 'portal', await sessions.cancel(c.req.param('id'))),
  );

  const refuse = (c: Context, message: string) => c.text(message, 405);
  for (const path of ['/checkout/:id', '/portal/:id']) app.all(path, allowOnly(['GET', 'HEAD', 'POST'], refuse));

  return app;
}
