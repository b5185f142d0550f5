// /functions/v1/*: the three billing functions (logic shared with the Deno entry points in
// supabase/functions/) and the Stripe webhook. Stripe when a secret key is configured, else test mode.
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { DEFAULT_MAX_BODY_BYTES } from './config.ts';
import type { ServerContext } from './context.ts';
import { BILLING_FUNCTIONS, handleBillingFunction, type FunctionEnv } from '../supabase/functions/_shared/functions.ts';
import { errorResponse } from '../supabase/functions/_shared/http.ts';
import { createStripeProvider, handleStripeWebhook } from '../supabase/functions/_shared/stripe.ts';
import { createStripeClient } from './billing/stripe.ts';
import { createSubscriberStore } from './billing/subscribers.ts';
import { createTestModeProvider } from './billing/testmode.ts';

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

  const app = new Hono();
  app.use(
    bodyLimit({
      maxSize: ctx.config.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES,
      onError: () => errorResponse(413, 'Request body is too large'),
    }),
  );
  for (const name of BILLING_FUNCTIONS) app.all(`/${name}`, (c) => handleBillingFunction(name, c.req.raw, env));
  app.all('/stripe-webhook', (c) => {
    const webhookSecret = ctx.config.stripe?.webhookSecret;
    if (!stripe || !webhookSecret) {
      return errorResponse(404, 'Stripe webhooks are off: set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET');
    }
    return handleStripeWebhook(c.req.raw, { stripe, subscribers, webhookSecret });
  });
  app.all('*', () => errorResponse(404, 'Function not found'));
  return app;
}
