// Security headers on every answer, and which origin a request came through (a proxy's headers only when trusted).
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Context, MiddlewareHandler } from 'hono';
import type { ServerConfig } from './context.ts';
import { API_PREFIXES } from './static.ts';

/** The origin the browser used: the proxy's X-Forwarded-Proto/-Host only with TRUST_PROXY, else our own URL. */
export function requestOrigin(c: Context, config: ServerConfig): string {
  if (config.publicUrlExplicit || !config.trustProxy) return config.publicUrl;
  const url = new URL(c.req.url);
  const first = (name: string) => c.req.header(name)?.split(',')[0]?.trim();
  const proto = first('x-forwarded-proto') || url.protocol.replace(':', '');
  const host = first('x-forwarded-host') || c.req.header('host') || url.host;
  const origin = safeOrigin(`${proto}://${host}`);
  return origin ?? config.publicUrl;
}

function safeOrigin(candidate: string): string | undefined {
  try {
    const url = new URL(candidate);
    return /^https?:$/.test(url.protocol) && url.username === '' && url.pathname === '/' ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

/** HTTPS as far as the browser is concerned: a trusted proxy says so, or the configured public URL is https. */
export function viaHttps(c: Context, config: ServerConfig): boolean {
  if (config.publicUrlExplicit) return config.publicUrl.startsWith('https:');
  return new URL(requestOrigin(c, config)).protocol === 'https:' || new URL(c.req.url).protocol === 'https:';
}

const isApiPath = (path: string) => API_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));

/** sha256 sources for the built index.html's inline scripts, re-read when the file changes (a rebuild). */
export function inlineScriptHashes(staticDir: string | undefined): () => string[] {
  let checked = 0;
  let mtime = -1;
  let hashes: string[] = [];
  return () => {
    const now = Date.now();
    if (!staticDir || now - checked < 1000) return hashes;
    checked = now;
    const index = join(staticDir, 'index.html');
    try {
      const stats = statSync(index);
      if (stats.mtimeMs === mtime) return hashes;
      mtime = stats.mtimeMs;
      hashes = scriptHashes(readFileSync(index, 'utf8'));
    } catch {
      hashes = [];
    }
    return hashes;
  };
}

export function scriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const [, attrs, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    if (/\bsrc\s*=/i.test(attrs ?? '') || !body) continue;
    hashes.push(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return hashes;
}

const wsOf = (origin: string) => origin.replace(/^http/, 'ws');

/** The app's policy: its own scripts and the inline theme script by hash; styles may be inline (sonner injects them). */
export function appCsp(hashes: string[], connectOrigins: string[]): string {
  const connect = new Set(["'self'"]);
  for (const origin of connectOrigins) {
    connect.add(origin);
    if (/^https?:/.test(origin)) connect.add(wsOf(origin));
  }
  return [
    "default-src 'self'",
    ['script-src', "'self'", ...hashes].join(' '),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src ${[...connect].join(' ')}`,
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** On every answer, app or API; appendFast.ts sets the same list on the answers it makes past Hono. */
export const EVERY_ANSWER_HEADERS: readonly (readonly [string, string])[] = [
  ['X-Content-Type-Options', 'nosniff'],
  ['Referrer-Policy', 'strict-origin-when-cross-origin'],
];

export const API_CSP = "default-src 'none'; frame-ancestors 'none'";
export const HSTS = 'max-age=31536000; includeSubDomains';

/** Headers a route set itself (the billing pages' stricter ones) are kept. */
export function securityHeaders(config: ServerConfig): MiddlewareHandler {
  const hashes = inlineScriptHashes(config.staticDir);
  return async (c, next) => {
    await next();
    const headers = c.res.headers;
    const setDefault = (name: string, value: string) => {
      if (!headers.has(name)) headers.set(name, value);
    };
    for (const [name, value] of EVERY_ANSWER_HEADERS) setDefault(name, value);
    if (viaHttps(c, config)) setDefault('Strict-Transport-Security', HSTS);
    if (isApiPath(c.req.path)) {
      setDefault('Content-Security-Policy', API_CSP);
    } else {
      setDefault('Content-Security-Policy', appCsp(hashes(), [config.publicUrl, requestOrigin(c, config), ...config.cspConnectSrc]));
    }
  };
}
