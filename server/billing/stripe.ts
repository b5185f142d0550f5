// The official Stripe client for STRIPE_SECRET_KEY; tests point it at a local fake through `api`.
import Stripe from 'stripe';
import type { StripeSettings } from '../context.ts';

export function createStripeClient(settings: StripeSettings): Stripe {
  return new Stripe(settings.secretKey, {
    ...settings.api,
    telemetry: false,
    appInfo: { name: 'Weekly Planner' },
  });
}
