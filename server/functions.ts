// /functions/v1/*: the three billing functions (logic shared with the Deno entry points in
// supabase/functions/) and the Stripe webhook. Stripe when a secret key is configured, else test mode.
import { Hono } from 'hono';
import { BodyError, checkJsonText, FUNCTIONS_MAX_BODY_BYTES, readBodyText } from './body.ts';
import { DEFAULT_MAX_BODY_BYTES } from './config.ts';
import type { ServerContext } from './context.ts';
import { BILLING_FUNCTIONS, handleBillingFunction, type FunctionEnv } from '../supabase/functions/_shared/functions.ts';
import { errorResponse, methodNotAllowed } from '../supabase/functions/_shared/http.ts';
import { createStripeProvider, handleStripeWebhook } from '../supabase/functions/_shared/stripe.ts';
import { createStripeClient } from './billing/stripe.ts';
import { createSubscriberStore } from './billing/subscribers.ts';
import { createTestModeProvider } from './billing/testmode.ts';
import { clientIp } from './ratelimit.ts';

export function functionsRoutes(ctx: ServerContext): Hono {
  const subscribers = createSubscriberStore(ctx.db);
  const stripe = ctx.config.stripe ? createStripeClient(ctx.config.stripe) : null;
  const env: FunctionEnv = {
    async authenticate(authorization) {
      const user = await ctx.authenticate(authorization ?? undefined);
      return user ? { id: user.id, email: user.email } : null;
    },
    provider: stripe ? createStripeProvider(stripe, subscribers) : createTestModeProvider(ctx.db),
    fallbackOrigin: ctx.config.publicUrl,
  };

  const limits = ctx.rateLimiters;
  const maxBytes = Math.min(FUNCTIONS_MAX_BODY_BYTES, ctx.config.maxBodyBytes ?? FUNCTIONS_MAX_BODY_BYTES);

  const app = new Hono();
  for (const name of BILLING_FUNCTIONS) {
    app.all(`/${name}`, async (c) => {
      if (c.req.method === 'OPTIONS') return handleBillingFunction(name, c.req.raw, env);
      // Answered here: a fetch Request cannot even be built for some methods (TRACE), or with a body for GET.
      if (c.req.method !== 'POST') return methodNotAllowed();
      const wait = await limits.take('functionsIp', clientIp(c, ctx.config.trustProxy));
      if (wait !== null) {
        const res = errorResponse(429, `Too many requests: try again in ${wait} s`);
        res.headers.set('Retry-After', String(wait));
        return res;
      }
      // The body is read and checked here (size, UTF-8, depth, NUL) and handed on as a fresh request.
      let text: string;
      try {
        text = await readBodyText(c.req.raw, maxBytes);
        if (text.trim() !== '') checkJsonText(text);
      } catch (err) {
        if (err instanceof BodyError) return errorResponse(err.status, err.message);
        throw err;
      }
      const { method, headers, url } = c.req.raw;
      return handleBillingFunction(name, new Request(url, { method, headers, body: text }), env);
    });
  }
  // Stripe signs the exact bytes it sent, so the webhook reads its own body (within the server-wide limit).
  app.all('/stripe-webhook', async (c) => {
    const webhookSecret = ctx.config.stripe?.webhookSecret;
    if (!stripe || !webhookSecret) {
      return errorResponse(404, 'Stripe webhooks are off: set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET');
    }
    if (c.req.method !== 'POST') return methodNotAllowed();
    let body: string;
    try {
      body = await readBodyText(c.req.raw, ctx.config.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES);
    } catch (err) {
      if (err instanceof BodyError) return errorResponse(err.status, err.message);
      throw err;
    }
    const { method, headers, url } = c.req.raw;
    return handleStripeWebhook(new Request(url, { method, headers, body }), { stripe, subscribers, webhookSecret });
  });
  app.all('*', () => errorResponse(404, 'Function not found'));
  return app;
}
