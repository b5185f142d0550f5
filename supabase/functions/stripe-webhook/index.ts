// Hosted entry point (Deno). Stripe calls it without a Supabase JWT, so deploy it with
// `supabase functions deploy stripe-webhook --no-verify-jwt`; the Stripe signature is the check.
import { serveStripeWebhook } from '../_deno/runtime.ts';

serveStripeWebhook();
