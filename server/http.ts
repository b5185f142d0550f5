// What every API route shares: CORS, the apikey gate, error bodies and size-limited body reading.
import type { Context, Handler, MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ServerConfig } from './context.ts';
import { BodyError, decodeUtf8, readBodyText } from './body.ts';
import { DEFAULT_MAX_BODY_BYTES } from './config.ts';

export const EXPOSE_HEADERS = ['X-Supabase-Api-Version', 'Content-Range', 'x-relay-error'];

/** What apiCors puts on every API answer that is not a preflight; appendFast.ts sets the same list past Hono. */
export const API_CORS_HEADERS: readonly (readonly [string, string])[] = [
  ['Access-Control-Allow-Origin', '*'],
  ['Access-Control-Expose-Headers', EXPOSE_HEADERS.join(',')],
];

/**
 * Contract §0: the browser must see X-Supabase-Api-Version, or auth error codes are read from `error_code`.
 * Preflights are hono/cors's; other requests get their two headers on the answer once it is made. hono/cors sets
 * them on `c.res` before the route runs, and Hono then copies that response into the route's, which reads its body
 * as a web stream: ~5 % of a worker's CPU per small answer in the load bench's profile.
 */
export const apiCors = (): MiddlewareHandler => {
  const preflight = corsPreflight();
  return async (c, next) => {
    if (c.req.method === 'OPTIONS') return preflight(c, next);
    await next();
    const set = (headers: Headers) => {
      for (const [name, value] of API_CORS_HEADERS) headers.set(name, value);
    };
    try {
      set(c.res.headers);
    } catch {
      // A response whose headers are immutable (one fetched from elsewhere): answered as a copy.
      c.res = new Response(c.res.body, c.res);
      set(c.res.headers);
    }
  };
};

const corsPreflight = (): MiddlewareHandler =>
  cors({
    origin: '*',
    allowMethods: ['GET', 'POST', 'PATCH', 'DELETE', 'OPTIONS'],
    allowHeaders: [
      'authorization',
      'apikey',
      'x-client-info',
      'content-type',
      'x-supabase-api-version',
      'prefer',
      'accept-profile',
      'content-profile',
      'x-retry-count',
      'x-region',
    ],
    exposeHeaders: EXPOSE_HEADERS,
    maxAge: 86400,
  });

/** A JSON body known to the byte: Content-Length lets compressJson pass a small one by without reading it. */
export function jsonBody(c: Context, text: string, status: ContentfulStatusCode = 200, type = 'application/json; charset=utf-8') {
  c.header('Content-Type', type);
  c.header('Content-Length', String(Buffer.byteLength(text)));
  return c.body(text, status);
}

/** Like Supabase's gateway: auth, rest and realtime need the anon or service key (header or ?apikey=). */
export function requireApiKey(config: ServerConfig): MiddlewareHandler {
  const valid = new Set([config.anonKey, config.serviceRoleKey]);
  return async (c, next) => {
    const key = c.req.header('apikey') ?? c.req.query('apikey');
    if (!key) return c.json({ message: 'No API key found in request', hint: 'No `apikey` request header or url param was found.' }, 401);
    if (!valid.has(key)) return c.json({ message: 'Invalid API key', hint: 'Double check your Supabase `anon` or `service_role` API key.' }, 401);
    await next();
  };
}

/**
 * For a path's other methods, after its routes: 405 with the Allow header RFC 9110 asks for (`refuse` gives the
 * API's own error body); a plain OPTIONS is answered 204 with the same list.
 */
export const allowOnly =
  (allow: readonly string[], refuse: (c: Context, message: string) => Response): Handler =>
  (c) => {
    c.header('Allow', allow.join(', '));
    if (c.req.method === 'OPTIONS') return c.body(null, 204);
    return refuse(c, `Method ${c.req.method} not allowed: use ${allow.filter((m) => m !== 'HEAD').join(' or ')}`);
  };

/** GoTrue's error body, readable by both of auth-js's parsers (§1.5 "robust choice"). */
export function authError(c: Context, status: ContentfulStatusCode, code: string, message: string, extra: Record<string, unknown> = {}) {
  c.header('X-Supabase-Api-Version', '2024-01-01');
  return c.json({ code, error_code: code, msg: message, message, ...extra }, status);
}

export interface PostgrestErrorBody {
  code: string;
  message: string;
  details?: string | null;
  hint?: string | null;
}

export function restError(c: Context, status: ContentfulStatusCode, body: PostgrestErrorBody) {
  return c.json({ code: body.code, details: body.details ?? null, hint: body.hint ?? null, message: body.message }, status);
}

/**
 * Reads the body as text, strictly decoded (invalid UTF-8 is a BodyError, not U+FFFD); a chunked body is
 * cut off as soon as it exceeds the limit (the configured maximum unless the route has a smaller one).
 */
export async function readText(c: Context, config: ServerConfig, routeLimit?: number): Promise<string> {
  const limit = Math.min(routeLimit ?? Infinity, config.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES);
  const declared = c.req.header('content-length');
  if (declared !== undefined) {
    if (Number(declared) > limit) throw new BodyError(413, `Request body is larger than ${limit} bytes`);
    // Node's parser delivers exactly Content-Length bytes; the adapter's direct read skips web streams.
    return decodeUtf8(new Uint8Array(await c.req.arrayBuffer()));
  }
  return readBodyText(c.req.raw, limit);
}
