// The append's own lane: POST /rest/v1/rpc/append_task_events answered straight from Node's request and response,
// without Hono's request and response objects, router and middleware chain (the load bench's profile: ~a tenth of a
// worker's CPU per append went there; docs/server.md "Fewer steps per append"). It takes only what it answers
// exactly as the Hono route would: the ordinary request (exact path, a valid apikey header, a Content-Length, no other
// schema) and a small success. Everything else, and every error, is handed to Hono with the body already read
// (`rawBody`, which @hono/node-server reads instead of the stream) and, once the append ran, with its outcome, so the
// route answers as it always has without running the append twice (rpc.ts, APPEND_OUTCOME).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ServerContext } from '../context.ts';
import type { AppendResult } from '../appendBatch.ts';
import { DEFAULT_MAX_BODY_BYTES } from '../config.ts';
import { COMPRESS_MIN_BYTES } from '../compress.ts';
import { decodeUtf8 } from '../body.ts';
import { diagRecord } from '../diag.ts';
import { API_CSP, EVERY_ANSWER_HEADERS, HSTS } from '../security.ts';
import { bearerToken, type Jwt } from '../jwt.ts';
import { API_CORS_HEADERS } from '../http.ts';
import { parseJson } from './query.ts';
import { APPEND_OUTCOME, appendParams, pointTo, type AppendOutcome } from './rpc.ts';

export const APPEND_PATH = '/rest/v1/rpc/append_task_events';

/** Appends answered here, and those handed to Hono after their body was read (tests). */
export const appendLaneStats = { answered: 0, handedOver: 0 };

type Incoming = IncomingMessage & { rawBody?: Buffer; [APPEND_OUTCOME]?: AppendOutcome };

/**
 * Returns a request listener that answers the appends it can and passes every other request to `next` (Hono's
 * listener) untouched.
 */
export function appendLane(
  ctx: ServerContext,
  jwt: Jwt,
  next: (req: IncomingMessage, res: ServerResponse) => unknown,
): (req: IncomingMessage, res: ServerResponse) => void {
  const { config } = ctx;
  const keys = new Set([config.anonKey, config.serviceRoleKey]);
  const limit = config.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  // The headers Hono's middleware puts on this answer (security.ts, http.ts apiCors, jsonBody); HSTS as viaHttps
  // decides it when the request's own headers cannot change the answer.
  const fixed: [string, string][] = [
    ...EVERY_ANSWER_HEADERS,
    ...(config.publicUrl.startsWith('https:') ? ([['Strict-Transport-Security', HSTS]] as const) : []),
    ['Content-Security-Policy', API_CSP],
    ...API_CORS_HEADERS,
    ['Content-Type', 'application/json; charset=utf-8'],
  ].map(([name, value]) => [name.toLowerCase(), value]);
  // With a trusted proxy and no PUBLIC_URL, HSTS depends on X-Forwarded-Proto: Hono decides those.
  const enabled = config.publicUrlExplicit || !config.trustProxy;

  const takes = (req: IncomingMessage) => {
    if (!enabled || req.method !== 'POST' || req.url !== APPEND_PATH) return false;
    const h = req.headers;
    const length = h['content-length'];
    return (
      typeof h.apikey === 'string' && keys.has(h.apikey) &&
      typeof h.authorization === 'string' &&
      (h['content-profile'] === undefined || h['content-profile'] === 'public') &&
      h['transfer-encoding'] === undefined &&
      length !== undefined && /^\d{1,9}$/.test(length) && Number(length) <= limit
    );
  };

  const lane = async (req: Incoming, res: ServerResponse) => {
    const started = performance.now();
    const body = await readAll(req);
    if (!body) return;
    const handOver = (outcome?: AppendOutcome) => {
      appendLaneStats.handedOver++;
      req.rawBody = body;
      if (outcome) req[APPEND_OUTCOME] = outcome;
      return next(req, res);
    };
    const token = bearerToken(req.headers.authorization);
    const verified = token ? await jwt.verify(token) : undefined;
    if (!verified?.ok) return handOver();
    const { claims } = verified;
    let params: [string | null, string];
    try {
      params = appendParams(parseJson(decodeUtf8(body), {}));
    } catch {
      return handOver();
    }
    let result: AppendResult;
    try {
      result = await ctx.db.appendTaskEvents(claims, params[0], params[1]);
    } catch (error) {
      return handOver({ ok: false, error });
    }
    if (claims.sub) pointTo(ctx, claims.sub, result);
    const out = Buffer.from(result.body);
    // compressJson's threshold: a larger answer may go compressed, which Hono's chain decides.
    if (out.length >= COMPRESS_MIN_BYTES) return handOver({ ok: true, result });
    diagRecord('handler', performance.now() - started);
    appendLaneStats.answered++;
    res.writeHead(200, [...fixed.flat(), 'content-length', String(out.length)]);
    res.end(out);
  };

  return (req, res) => {
    if (!takes(req)) return void next(req, res);
    lane(req, res).catch((err: unknown) => {
      // Only a fault of ours gets here (the append's own errors are Hono's to answer): the REST app's 500.
      console.error('REST request failed:', err);
      if (res.headersSent) return void res.destroy();
      const text = JSON.stringify({ code: 'PGRST000', details: null, hint: null, message: 'Internal server error' });
      res.writeHead(500, [...fixed.flat(), 'content-length', String(Buffer.byteLength(text))]);
      res.end(text);
    });
  };
}

/** The body (Content-Length bytes, as Node's parser delivers them); undefined when the client went away first. */
function readAll(req: IncomingMessage): Promise<Buffer | undefined> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.once('end', () => resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)));
    req.once('error', () => resolve(undefined));
    req.once('close', () => req.readableEnded || resolve(undefined));
  });
}
