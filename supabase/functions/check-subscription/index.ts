// Hosted entry point (Deno); the local server serves the same function from server/functions.ts.
import { serveBillingFunction } from '../_deno/runtime.ts';

serveBillingFunction('check-subscription');
