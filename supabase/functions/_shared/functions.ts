// The HTTP side of check-subscription, create-checkout and customer-portal, shared by the
// Deno entry points and the local server: CORS, authentication, input checks, error shapes.
import type { BillingProvider, BillingUser } from './billing.ts';
import { errorResponse, HttpError, jsonResponse, methodNotAllowed, preflightResponse, requestOrigin } from './http.ts';
import { isPriceType, PRICE_TYPE_ERROR } from './prices.ts';

export const BILLING_FUNCTIONS = ['check-subscription', 'create-checkout', 'customer-portal'] as const;
export type BillingFunctionName = (typeof BILLING_FUNCTIONS)[number];

export const NOT_SIGNED_IN = 'Not signed in: a valid user access token is required';

// The app's own fallbacks for each call (spec §8), used when the cause is not for the caller's eyes.
const FAILURE_MESSAGES: Record<BillingFunctionName, string> = {
  'check-subscription': 'Failed to check subscription status',
  'create-checkout': 'Failed to start checkout',
  'customer-portal': 'Failed to open billing portal',
};

export interface FunctionEnv {
  /** Resolves `Authorization: Bearer <jwt>` to a signed-in user; null for missing, anon, forged or expired tokens. */
  authenticate(authorization: string | null): Promise<BillingUser | null>;
  provider: BillingProvider;
  /** Origin for return URLs when the request has no usable Origin header. */
  fallbackOrigin: string;
  logError?(error: unknown): void;
}

export async function handleBillingFunction(
  name: BillingFunctionName,
  request: Request,
  env: FunctionEnv,
): Promise<Response> {
  if (request.method === 'OPTIONS') return preflightResponse();
  if (request.method !== 'POST') return methodNotAllowed();
  try {
    const user = await env.authenticate(request.headers.get('authorization'));
    if (!user) return errorResponse(401, NOT_SIGNED_IN);
    const origin = requestOrigin(request, env.fallbackOrigin);
    switch (name) {
      case 'check-subscription':
        return jsonResponse(await env.provider.checkSubscription(user));
      case 'create-checkout': {
        const priceType = await readPriceType(request);
        return jsonResponse({ url: await env.provider.createCheckout(user, priceType, origin) });
      }
      case 'customer-portal':
        return jsonResponse({ url: await env.provider.createPortal(user, origin) });
    }
  } catch (error) {
    return failureResponse(error, FAILURE_MESSAGES[name], env.logError);
  }
}

async function readPriceType(request: Request) {
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    throw new HttpError(400, PRICE_TYPE_ERROR);
  }
  const priceType = (body as { priceType?: unknown } | null)?.priceType;
  if (!isPriceType(priceType)) throw new HttpError(400, PRICE_TYPE_ERROR);
  return priceType;
}

/** HttpErrors speak for themselves; Stripe's invalid-request errors (e.g. "No such customer") are safe to pass on; anything else is logged. */
export function failureResponse(
  error: unknown,
  fallbackMessage: string,
  logError: (error: unknown) => void = console.error,
): Response {
  if (error instanceof HttpError) return errorResponse(error.status, error.message);
  if (isStripeInvalidRequest(error)) return errorResponse(502, `Billing provider error: ${error.message}`);
  logError(error);
  return errorResponse(500, fallbackMessage);
}

function isStripeInvalidRequest(error: unknown): error is Error {
  return error instanceof Error && (error as { type?: unknown }).type === 'StripeInvalidRequestError';
}
