// What every API route shares: CORS, the apikey gate, error bodies and size-limited body reading.
import type { Context, MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ServerConfig } from './context.ts';
import { DEFAULT_MAX_BODY_BYTES } from './config.ts';

/** Contract §0: the browser must see X-Supabase-Api-Version, or auth error codes are read from `error_code`. */
export const apiCors = (): MiddlewareHandler =>
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
    exposeHeaders: ['X-Supabase-Api-Version', 'Content-Range', 'x-relay-error'],
    maxAge: 86400,
  });

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

export class BodyTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`Request body is larger than ${limit} bytes`);
  }
}

/** Reads the body as text; a chunked body is cut off as soon as it exceeds the configured limit. */
export async function readText(c: Context, config: ServerConfig): Promise<string> {
  const limit = config.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const declared = c.req.header('content-length');
  if (declared !== undefined) {
    if (Number(declared) > limit) throw new BodyTooLargeError(limit);
    // Node's parser delivers exactly Content-Length bytes; the adapter's direct read skips web streams.
    return c.req.text();
  }
  const body = c.req.raw.body;
  if (!body) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength;
    if (size > limit) throw new BodyTooLargeError(limit);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, size).toString('utf8');
}
