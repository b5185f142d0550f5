// Compresses API JSON responses of ~1 KB and more (a week's task list is tens of KB) with brotli or gzip,
// as the client accepts. Small bodies go as they are: compressing them saves less than it costs.
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';
import { negotiateEncoding, type Coding } from './encoding.ts';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

export const COMPRESS_MIN_BYTES = 1024;
const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\b/i;
const BOTH = new Set<Coding>(['br', 'gzip']);

export function compressJson(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const res = c.res;
    if (c.req.method === 'HEAD' || res.status < 200 || res.status === 204 || res.status === 206 || res.status === 304) return;
    // Headers and status first: @hono/node-server answers a string body straight from its own light response, and
    // reading `body` (or the bytes) turns that into a web-streams Response, which cost ~5 % of a worker's CPU per
    // small answer (the load bench's profile). A route that knows its body is small says so in Content-Length.
    if (res.headers.has('Content-Encoding') || !JSON_TYPE.test(res.headers.get('Content-Type') ?? '')) return;
    if (/\bno-transform\b/i.test(res.headers.get('Cache-Control') ?? '')) return;
    const declared = Number(res.headers.get('Content-Length') ?? Number.NaN);
    if (Number.isFinite(declared) && declared < COMPRESS_MIN_BYTES) return;
    if (!res.body) return;

    const body = Buffer.from(await res.arrayBuffer());
    let coding: Coding = 'identity';
    let out: Buffer = body;
    if (body.length >= COMPRESS_MIN_BYTES) {
      coding = negotiateEncoding(c.req.header('Accept-Encoding'), BOTH) ?? 'identity';
      // Quality 5: most of brotli's gain over gzip at a fraction of quality 11's time, per request.
      if (coding === 'br') out = await brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } });
      else if (coding === 'gzip') out = await gz(body, { level: 6 });
    }
    // Hono copies the previous response's headers onto the new one; the changed ones are set after.
    c.res = new Response(new Uint8Array(out), { status: res.status, statusText: res.statusText, headers: res.headers });
    const headers = c.res.headers;
    headers.set('Content-Length', String(out.length));
    if (body.length < COMPRESS_MIN_BYTES) return;
    // The answer depends on Accept-Encoding from here on, whichever coding this client gets.
    const vary = headers.get('Vary');
    if (!vary) headers.set('Vary', 'Accept-Encoding');
    else if (!/\baccept-encoding\b/i.test(vary) && vary !== '*') headers.set('Vary', `${vary}, Accept-Encoding`);
    if (coding === 'identity') return;
    headers.set('Content-Encoding', coding);
    const etag = headers.get('ETag');
    if (etag && !etag.startsWith('W/')) headers.set('ETag', `W/${etag}`);
  };
}
