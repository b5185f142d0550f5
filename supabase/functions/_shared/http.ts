// Response helpers on the standard Fetch API, so Deno and Node 20 share them.

export const corsHeaders: Record<string, string> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET,POST,PATCH,DELETE,OPTIONS',
  'Access-Control-Allow-Headers':
    'authorization, apikey, x-client-info, content-type, x-supabase-api-version, prefer, accept-profile, content-profile, x-retry-count, x-region',
  'Access-Control-Expose-Headers': 'X-Supabase-Api-Version, Content-Range, x-relay-error',
};

/** An error whose status and message are meant for the caller. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { ...corsHeaders, 'Content-Type': 'application/json' },
  });
}

/** supabase-js hands non-2xx responses to the app, which reads `(await error.context.json()).error`. */
export function errorResponse(status: number, message: string): Response {
  return jsonResponse({ error: message }, status);
}

/** A method the function does not take: 405, and (as RFC 9110 requires) the Allow header naming the ones it does. */
export function methodNotAllowed(): Response {
  const res = errorResponse(405, 'Method not allowed: use POST');
  res.headers.set('Allow', 'POST, OPTIONS');
  return res;
}

export function preflightResponse(): Response {
  return new Response(null, { status: 204, headers: corsHeaders });
}

/** The Origin header when it is a plain http(s) origin, else the fallback (used to build return URLs). */
export function requestOrigin(request: Request, fallback: string): string {
  const origin = request.headers.get('origin');
  if (origin && /^https?:\/\/[^/?#\s]+$/i.test(origin)) {
    try {
      return new URL(origin).origin;
    } catch {
      // not a URL after all: use the fallback
    }
  }
  return new URL(fallback).origin;
}
