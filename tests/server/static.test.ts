// Compressed, cacheable assets: the build's .br/.gz copies, Accept-Encoding negotiation, cache headers,
// conditional requests, source maps, and compressed API JSON — over real HTTP, reading the raw bytes.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { request, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { createAdaptorServer } from '@hono/node-server';
import { Hono } from 'hono';
import { compressJson } from '../../server/compress.ts';
import { negotiateEncoding } from '../../server/encoding.ts';
import { staticRoutes } from '../../server/static.ts';
import { precompressDir } from '../../scripts/precompress.ts';

interface Raw {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

function get(base: string, path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}${path}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

async function listen(app: Hono) {
  const server = createAdaptorServer({ fetch: app.fetch });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const SCRIPT = `export const planner = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => ({ id: i, title: `Task ${i}` })))};\n`;
const HTML = `<!doctype html><html><head><title>Weekly Planner</title></head><body><div id="root"></div>${'<!-- padding -->'.repeat(40)}</body></html>`;

describe('negotiateEncoding', () => {
  const both = new Set(['br', 'gzip'] as const);
  test.each([
    [undefined, 'identity'],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0, gzip;q=0', 'identity'],
    ['gzip;q=0.5, br;q=0.8', 'br'],
    ['gzip;q=1.0, br;q=0.2', 'gzip'],
    ['*', 'br'],
    ['*;q=0, identity', 'identity'],
    ['identity;q=0, gzip', 'gzip'],
    ['identity', 'identity'],
    ['x-gzip', 'gzip'],
    ['', 'identity'],
    ['identity;q=0.5, gzip;q=0.4', 'identity'],
  ])('%s → %s', (header, expected) => {
    expect(negotiateEncoding(header, both)).toBe(expected);
  });
  test('refusing everything available gives undefined', () => {
    expect(negotiateEncoding('identity;q=0, br;q=0', new Set(['br'] as const))).toBeUndefined();
    expect(negotiateEncoding('*;q=0', new Set())).toBeUndefined();
  });
});

describe('static files', () => {
  let dir: string;
  let srv: Awaited<ReturnType<typeof listen>>;
  let withMaps: Awaited<ReturnType<typeof listen>>;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'planner-static-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), HTML);
    writeFileSync(join(dir, 'sw.js'), `self.addEventListener('fetch', () => {});\n${'// cache list\n'.repeat(40)}`);
    writeFileSync(join(dir, 'assets', 'index-abc123.js'), SCRIPT);
    writeFileSync(join(dir, 'assets', 'index-abc123.js.map'), '{"version":3,"sources":["src/main.tsx"],"mappings":""}');
    writeFileSync(join(dir, 'assets', 'index-abc123.css'), `.card{display:flex}\n`.repeat(50));
    writeFileSync(join(dir, 'assets', 'tiny-abc123.js'), 'export{}');
    writeFileSync(join(dir, 'assets', 'logo-abc123.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]));
    writeFileSync(join(dir, 'manifest.webmanifest'), JSON.stringify({ name: 'Weekly Planner', icons: Array(20).fill({ src: '/icon.png' }) }));
    await precompressDir(dir);
    srv = await listen(staticRoutes(dir, { sourceMaps: false }));
    withMaps = await listen(staticRoutes(dir, { sourceMaps: true }));
  });
  afterAll(async () => {
    await srv.close();
    await withMaps.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test('the build step writes .br and .gz copies of text files that decompress to the original, not of tiny or binary ones', () => {
    for (const file of ['index.html', 'sw.js', 'assets/index-abc123.js', 'assets/index-abc123.css', 'manifest.webmanifest']) {
      const raw = readFileSync(join(dir, file));
      expect(brotliDecompressSync(readFileSync(join(dir, `${file}.br`)))).toEqual(raw);
      expect(gunzipSync(readFileSync(join(dir, `${file}.gz`)))).toEqual(raw);
    }
    expect(() => readFileSync(join(dir, 'assets', 'tiny-abc123.js.br'))).toThrow();
    expect(() => readFileSync(join(dir, 'assets', 'logo-abc123.png.br'))).toThrow();
  });

  test('brotli when accepted, else gzip, else identity; Vary and Content-Length always right', async () => {
    const raw = Buffer.from(SCRIPT);
    const br = await get(srv.url, '/assets/index-abc123.js', { 'Accept-Encoding': 'gzip, deflate, br, zstd' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(br.headers['content-type']).toMatch(/^text\/javascript/);
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    expect(br.body.length).toBeLessThan(raw.length / 3);
    expect(brotliDecompressSync(br.body)).toEqual(raw);

    const gz = await get(srv.url, '/assets/index-abc123.js', { 'Accept-Encoding': 'gzip, deflate' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers.vary).toBe('Accept-Encoding');
    expect(Number(gz.headers['content-length'])).toBe(gz.body.length);
    expect(gunzipSync(gz.body)).toEqual(raw);

    const none = await get(srv.url, '/assets/index-abc123.js');
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.headers.vary).toBe('Accept-Encoding');
    expect(Number(none.headers['content-length'])).toBe(raw.length);
    expect(none.body).toEqual(raw);
  });

  test('q=0 refuses a coding', async () => {
    const noBr = await get(srv.url, '/assets/index-abc123.js', { 'Accept-Encoding': 'br;q=0, gzip' });
    expect(noBr.headers['content-encoding']).toBe('gzip');
    const neither = await get(srv.url, '/assets/index-abc123.js', { 'Accept-Encoding': 'br;q=0, gzip;q=0' });
    expect(neither.headers['content-encoding']).toBeUndefined();
    expect(neither.body).toEqual(Buffer.from(SCRIPT));
    const preferred = await get(srv.url, '/assets/index-abc123.js', { 'Accept-Encoding': 'br;q=0.1, gzip;q=0.9' });
    expect(preferred.headers['content-encoding']).toBe('gzip');
  });

  test('HTML, CSS, the manifest and the service worker are compressed too; HEAD sends the headers only', async () => {
    for (const path of ['/', '/index.html', '/assets/index-abc123.css', '/manifest.webmanifest', '/sw.js']) {
      const res = await get(srv.url, path, { 'Accept-Encoding': 'br' });
      expect([path, res.headers['content-encoding']]).toEqual([path, 'br']);
    }
    const head = await get(srv.url, '/assets/index-abc123.js', { 'Accept-Encoding': 'br' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(Number(head.headers['content-length'])).toBe(readFileSync(join(dir, 'assets', 'index-abc123.js.br')).length);
    expect(head.body.length).toBe(0);
  });

  test('hashed assets are immutable for a year; HTML, the service worker and other files are revalidated', async () => {
    const cache = async (path: string) => (await get(srv.url, path, { 'Accept-Encoding': 'br' })).headers['cache-control'];
    expect(await cache('/assets/index-abc123.js')).toBe('public, max-age=31536000, immutable');
    expect(await cache('/assets/index-abc123.css')).toBe('public, max-age=31536000, immutable');
    expect(await cache('/assets/logo-abc123.png')).toBe('public, max-age=31536000, immutable');
    expect(await cache('/')).toBe('no-cache');
    expect(await cache('/index.html')).toBe('no-cache');
    expect(await cache('/some/page')).toBe('no-cache');
    expect(await cache('/sw.js')).toBe('no-cache');
    expect(await cache('/manifest.webmanifest')).toBe('no-cache');
  });

  test('a matching ETag or an unchanged Last-Modified gets a bodyless 304; each encoding has its own ETag', async () => {
    const br = await get(srv.url, '/', { 'Accept-Encoding': 'br' });
    const gz = await get(srv.url, '/', { 'Accept-Encoding': 'gzip' });
    const etag = String(br.headers.etag);
    expect(etag).toMatch(/^"[^"]+"$/);
    expect(gz.headers.etag).not.toBe(etag);

    const again = await get(srv.url, '/', { 'Accept-Encoding': 'br', 'If-None-Match': etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.etag).toBe(etag);
    expect(again.headers['cache-control']).toBe('no-cache');
    expect(again.headers.vary).toBe('Accept-Encoding');
    // A W/ prefix or a list does not matter; another encoding's tag does.
    expect((await get(srv.url, '/', { 'Accept-Encoding': 'br', 'If-None-Match': `"x", W/${etag}` })).status).toBe(304);
    expect((await get(srv.url, '/', { 'Accept-Encoding': 'gzip', 'If-None-Match': etag })).status).toBe(200);

    const lastModified = String(br.headers['last-modified']);
    expect((await get(srv.url, '/assets/index-abc123.js', { 'If-Modified-Since': lastModified })).status).toBe(304);
    expect((await get(srv.url, '/assets/index-abc123.js', { 'If-Modified-Since': new Date(0).toUTCString() })).status).toBe(200);
  });

  test('a compressed copy older than its file (the file replaced in place) is not served: the new bytes go out', async () => {
    const file = join(dir, 'assets', 'replaced-abc123.css');
    writeFileSync(file, `.old{color:red}\n`.repeat(50));
    await precompressDir(dir);
    const fresh = `.new{color:blue}\n`.repeat(50);
    writeFileSync(file, fresh);
    const later = new Date(Date.now() + 5000);
    utimesSync(file, later, later);
    const response = await get(srv.url, '/assets/replaced-abc123.css', { 'Accept-Encoding': 'gzip, br' });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body.toString()).toBe(fresh);
  });

  test('source maps are 404 unless turned on; compressed copies are not served by name', async () => {
    expect((await get(srv.url, '/assets/index-abc123.js.map')).status).toBe(404);
    const map = await get(withMaps.url, '/assets/index-abc123.js.map');
    expect(map.status).toBe(200);
    expect(map.headers['content-type']).toMatch(/json/);
    expect((await get(srv.url, '/assets/index-abc123.js.br')).status).toBe(404);
    expect((await get(srv.url, '/index.html.gz')).status).toBe(404);
  });

  test('page paths get index.html; missing files with an extension and API paths are 404; no escape from the root', async () => {
    const page = await get(srv.url, '/home', { 'Accept-Encoding': 'gzip' });
    expect(page.status).toBe(200);
    expect(gunzipSync(page.body).toString()).toBe(HTML);
    expect((await get(srv.url, '/assets/index-missing.js')).status).toBe(404);
    expect((await get(srv.url, '/favicon.ico')).status).toBe(404);
    expect((await get(srv.url, '/rest/v1/tasks')).status).toBe(404);
    const escape = await get(srv.url, '/%2e%2e/%2e%2e/etc/passwd');
    expect(escape.body.toString()).toBe(HTML);
  });
});

describe('API JSON compression', () => {
  const big = { tasks: Array.from({ length: 100 }, (_, i) => ({ id: `task-${i}`, title: `Task number ${i}`, completed: false })) };
  let srv: Awaited<ReturnType<typeof listen>>;
  beforeAll(async () => {
    const app = new Hono();
    app.use('*', compressJson());
    app.get('/big', (c) => c.json(big));
    app.get('/small', (c) => c.json({ ok: true }));
    app.get('/text', (c) => c.text('x'.repeat(5000)));
    app.get('/tagged', (c) => {
      c.header('ETag', '"v1"');
      c.header('Vary', 'Origin');
      return c.json(big, 201);
    });
    srv = await listen(app);
  });
  afterAll(() => srv.close());

  test('JSON of 1 KB and more goes brotli or gzip as accepted, with Vary and the compressed length', async () => {
    const raw = Buffer.from(JSON.stringify(big));
    const br = await get(srv.url, '/big', { 'Accept-Encoding': 'gzip, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    expect(JSON.parse(brotliDecompressSync(br.body).toString())).toEqual(big);
    expect(br.body.length).toBeLessThan(raw.length / 4);

    const gz = await get(srv.url, '/big', { 'Accept-Encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.body).toString())).toEqual(big);

    const none = await get(srv.url, '/big', { 'Accept-Encoding': 'br;q=0' });
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.headers.vary).toBe('Accept-Encoding');
    expect(Number(none.headers['content-length'])).toBe(raw.length);
  });

  test('small JSON and non-JSON are left alone; status, ETag (made weak) and Vary are kept', async () => {
    const small = await get(srv.url, '/small', { 'Accept-Encoding': 'br' });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body.toString()).toBe('{"ok":true}');
    expect((await get(srv.url, '/text', { 'Accept-Encoding': 'br' })).headers['content-encoding']).toBeUndefined();
    const tagged = await get(srv.url, '/tagged', { 'Accept-Encoding': 'br' });
    expect(tagged.status).toBe(201);
    expect(tagged.headers['content-encoding']).toBe('br');
    expect(tagged.headers.etag).toBe('W/"v1"');
    expect(tagged.headers.vary).toBe('Origin, Accept-Encoding');
  });
});
