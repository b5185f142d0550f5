// The built SPA: hashed assets cached for a year, index.html and the service worker always revalidated,
// and index.html for any other page path so the app's router (and its own 404 page) takes over.
// The build writes a .br and a .gz beside each text file (scripts/precompress.ts); a request gets the
// smallest the client accepts, with an ETag per encoding so a revalidation is a bodyless 304.
import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, resolve, sep } from 'node:path';
import type { Context, Handler } from 'hono';
import { Hono } from 'hono';
import { negotiateEncoding, type Coding } from './encoding.ts';
import { allowOnly } from './http.ts';

/** Paths that belong to the API; they never fall back to the SPA. */
export const API_PREFIXES = ['/auth/v1', '/rest/v1', '/functions/v1', '/realtime/v1', '/billing', '/config.json'];

const isApiPath = (path: string) => API_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
};
const SUFFIX: Record<Exclude<Coding, 'identity'>, string> = { br: '.br', gzip: '.gz' };

export interface StaticOptions {
  /** Serve *.map files (off by default: they expose the source). SOURCEMAPS=1 turns them on. */
  sourceMaps?: boolean;
}

interface Variant {
  file: string;
  size: number;
  mtimeMs: number;
}

async function fileAt(file: string): Promise<Variant | undefined> {
  try {
    const stats = await stat(file);
    return stats.isFile() ? { file, size: stats.size, mtimeMs: stats.mtimeMs } : undefined;
  } catch {
    return undefined;
  }
}

/** Hashed build output never changes under its name; everything else must be revalidated. */
function cacheControl(urlPath: string): string {
  return urlPath.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache';
}

function notModified(c: Context, etag: string, lastModified: Date): boolean {
  const ifNoneMatch = c.req.header('If-None-Match');
  if (ifNoneMatch !== undefined) {
    // Weak comparison (RFC 9110 §13.1.2): a W/ prefix does not matter for GET.
    const strip = (tag: string) => tag.trim().replace(/^W\//, '');
    return ifNoneMatch.trim() === '*' || ifNoneMatch.split(',').some((tag) => strip(tag) === strip(etag));
  }
  const since = Date.parse(c.req.header('If-Modified-Since') ?? '');
  return Number.isFinite(since) && Math.floor(lastModified.getTime() / 1000) * 1000 <= since;
}

/** Sends file (the path under root) with content negotiation, cache headers and conditional requests. */
async function send(c: Context, file: string, urlPath: string): Promise<Response | undefined> {
  const identity = await fileAt(file);
  if (!identity) return undefined;
  const [br, gzip] = await Promise.all([fileAt(file + SUFFIX.br), fileAt(file + SUFFIX.gzip)]);
  const variants = new Map<Coding, Variant>([['identity', identity]]);
  // A copy older than its file was made from an earlier version (a file replaced in place by a deploy or a
  // hand edit): serving it would hand out stale bytes under the new file's ETag.
  const current = (copy: Variant | undefined): copy is Variant => copy !== undefined && copy.mtimeMs >= identity.mtimeMs;
  if (current(br)) variants.set('br', br);
  if (current(gzip)) variants.set('gzip', gzip);
  const compressible = variants.size > 1;
  // A client that refuses every coding we have still gets identity: a 406 would only break the page.
  const coding = negotiateEncoding(c.req.header('Accept-Encoding'), new Set(variants.keys())) ?? 'identity';
  const chosen = variants.get(coding) ?? identity;

  const lastModified = new Date(identity.mtimeMs);
  const etag = `"${identity.size.toString(36)}-${Math.floor(identity.mtimeMs).toString(36)}${coding === 'identity' ? '' : `-${coding}`}"`;
  const headers: Record<string, string> = {
    'Cache-Control': cacheControl(urlPath),
    ETag: etag,
    'Last-Modified': lastModified.toUTCString(),
  };
  if (compressible) headers.Vary = 'Accept-Encoding';
  if (notModified(c, etag, lastModified)) return c.body(null, 304, headers);

  headers['Content-Type'] = TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
  headers['Content-Length'] = String(chosen.size);
  if (coding !== 'identity') headers['Content-Encoding'] = coding;
  if (c.req.method === 'HEAD') return c.body(null, 200, headers);
  return c.body(await readFile(chosen.file), 200, headers);
}

const refusePage = allowOnly(['GET', 'HEAD'], (c, message) => c.text(message, 405));
/** Pages are read, never written: other methods are a 405 (an unknown API path stays a 404). */
const pagesOnly: Handler = (c, next) => (isApiPath(c.req.path) ? c.notFound() : refusePage(c, next));

export function staticRoutes(staticDir: string | undefined, { sourceMaps = process.env.SOURCEMAPS === '1' }: StaticOptions = {}): Hono {
  const app = new Hono();
  const root = staticDir ? resolve(staticDir) : undefined;
  const index = root ? join(root, 'index.html') : undefined;
  if (!root || !index || !existsSync(index)) {
    app.get('*', (c) => {
      if (isApiPath(c.req.path)) return c.notFound();
      return c.text(`The app is not built: ${staticDir ?? 'dist'}/index.html is missing. Run \`npm start\` (it builds first) or \`npx vite build\`.`, 503);
    });
    app.all('*', pagesOnly);
    return app;
  }

  app.on(['GET', 'HEAD'], '*', async (c) => {
    const urlPath = c.req.path;
    if (isApiPath(urlPath)) return c.notFound();
    let decoded: string;
    try {
      decoded = decodeURIComponent(urlPath);
    } catch {
      return c.notFound();
    }
    // Source maps, and the compressed copies themselves, are not pages of their own.
    const hidden = (!sourceMaps && decoded.endsWith('.map')) || /\.(?:br|gz)$/.test(decoded);
    const file = resolve(root, `.${decoded}`);
    if (!hidden && (file === root || file.startsWith(root + sep))) {
      const response = await send(c, file, urlPath);
      if (response) return response;
    }
    // A missing file with an extension (a stale hashed asset, a map) is a real 404: HTML in its place
    // would break the page obscurely. Page paths get index.html.
    if (hidden || urlPath.startsWith('/assets/') || /\.[a-z0-9]+$/i.test(decoded)) return c.notFound();
    return (await send(c, index, '/index.html')) ?? c.notFound();
  });
  app.all('*', pagesOnly);
  return app;
}
