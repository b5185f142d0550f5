// Sound under attack, the process-and-HTTP half: private data directory, billing mode, proxy headers only when
// trusted, security headers the built app runs under, and connection timeouts and caps (slowloris).
import { createHash } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { createApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { openDb } from '../../server/db.ts';
import { backends, STARTUP_TIMEOUT, startTestServer, type TestServer } from './harness.ts';
import { openSocket, rawGet } from './net-helpers.ts';

const THEME_SCRIPT = "\n      document.documentElement.classList.add('dark');\n    ";
const INDEX = `<!doctype html><html><head><script>${THEME_SCRIPT}</script><script type="module" src="/assets/app.js"></script></head><body><div id="root"></div></body></html>`;

describe('configuration', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'planner-sec-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  test('billing mode is explicit: test only on loopback by default, never by accident on a public bind', async () => {
    const base = { DATA_DIR: join(dir, 'data'), JWT_SECRET: 'x'.repeat(40) };
    expect((await loadConfig({}, base)).host).toBe('127.0.0.1');
    expect((await loadConfig({}, base)).billingMode).toBe('test');
    expect((await loadConfig({}, { ...base, HOST: '::1' })).billingMode).toBe('test');
    await expect(loadConfig({}, { ...base, HOST: '0.0.0.0' })).rejects.toThrow(/No STRIPE_SECRET_KEY on a public address/);
    await expect(loadConfig({}, { ...base, HOST: '192.168.1.5', STRIPE_SECRET_KEY: '' })).rejects.toThrow(/BILLING_MODE=test/);
    expect((await loadConfig({}, { ...base, HOST: '0.0.0.0', BILLING_MODE: 'test' })).billingMode).toBe('test');
    await expect(loadConfig({}, { ...base, BILLING_MODE: 'stripe' })).rejects.toThrow('BILLING_MODE=stripe needs STRIPE_SECRET_KEY');
    await expect(loadConfig({}, { ...base, BILLING_MODE: 'tset' })).rejects.toThrow(/BILLING_MODE must be "test" or "stripe"/);
    const stripe = await loadConfig({}, { ...base, HOST: '0.0.0.0', STRIPE_SECRET_KEY: 'sk_live_1' });
    expect(stripe).toMatchObject({ billingMode: 'stripe', stripe: { secretKey: 'sk_live_1' } });
    // Test mode asked for by name wins over keys: no Stripe client is made at all.
    expect((await loadConfig({}, { ...base, BILLING_MODE: 'test', STRIPE_SECRET_KEY: 'sk_live_1' })).stripe).toBeUndefined();
  });

  test('proxy trust and extra CSP origins are explicit and checked', async () => {
    const base = { DATA_DIR: join(dir, 'data'), JWT_SECRET: 'x'.repeat(40) };
    expect((await loadConfig({}, base)).trustProxy).toBe(false);
    expect((await loadConfig({}, { ...base, TRUST_PROXY: '1' })).trustProxy).toBe(true);
    await expect(loadConfig({}, { ...base, TRUST_PROXY: 'yes' })).rejects.toThrow('TRUST_PROXY must be 1 or 0');
    const csp = await loadConfig({}, { ...base, CSP_CONNECT_SRC: 'https://eu.i.posthog.com/, https://abc.supabase.co' });
    expect(csp.cspConnectSrc).toEqual(['https://eu.i.posthog.com', 'https://abc.supabase.co']);
    await expect(loadConfig({}, { ...base, CSP_CONNECT_SRC: "'unsafe-eval'" })).rejects.toThrow(/CSP_CONNECT_SRC/);
    await expect(loadConfig({}, { ...base, MAX_CONNECTIONS: '0' })).rejects.toThrow('maxConnections must be positive');
    expect((await loadConfig({}, { ...base, HEADERS_TIMEOUT_MS: '5000' })).limits).toMatchObject({ headersTimeoutMs: 5000, maxConnections: 11_000, maxRealtimeSockets: 10_000 });
  });

  test('DATA_DIR is created 0700 with secrets 0600; a directory others can write is refused', async () => {
    const data = join(dir, 'nested', 'data');
    await loadConfig({}, { DATA_DIR: data });
    expect(statSync(data).mode & 0o777).toBe(0o700);
    expect(statSync(join(data, 'secrets.json')).mode & 0o777).toBe(0o600);

    const shared = join(dir, 'shared');
    mkdirSync(shared);
    chmodSync(shared, 0o777);
    await expect(loadConfig({}, { DATA_DIR: shared })).rejects.toThrow(/DATA_DIR .*shared is writable by other users \(mode 777\)/);

    // An older server's directory (0755, files 0666) is made private.
    const old = join(dir, 'old');
    mkdirSync(join(old, 'pglite'), { recursive: true });
    chmodSync(old, 0o755);
    writeFileSync(join(old, 'pglite', 'PG_VERSION'), '18\n', { mode: 0o666 });
    chmodSync(join(old, 'pglite', 'PG_VERSION'), 0o666);
    await loadConfig({}, { DATA_DIR: old });
    expect(statSync(old).mode & 0o777).toBe(0o700);
    expect(statSync(join(old, 'pglite')).mode & 0o777).toBe(0o700);
    expect(statSync(join(old, 'pglite', 'PG_VERSION')).mode & 0o777).toBe(0o600);
  });
});

describe.each(backends)('HTTP security on %s', (backend) => {
  let srv: TestServer;
  let staticDir: string;
  beforeAll(async () => {
    staticDir = mkdtempSync(join(tmpdir(), 'planner-sec-dist-'));
    mkdirSync(join(staticDir, 'assets'));
    writeFileSync(join(staticDir, 'index.html'), INDEX);
    writeFileSync(join(staticDir, 'assets', 'app.js'), 'console.log(1)');
    srv = await startTestServer(backend, {
      staticDir,
      limits: { headersTimeoutMs: 1000, requestTimeoutMs: 2000, maxConnectionsPerIp: 6 },
    });
  }, STARTUP_TIMEOUT);
  afterAll(async () => {
    await srv?.stop();
    rmSync(staticDir, { recursive: true, force: true });
  });

  test('every file in a PGlite data directory is private to the server user', () => {
    if (backend !== 'pglite') return;
    const walk = (path: string): string[] =>
      statSync(path).isDirectory() ? [path, ...readdirSync(path).flatMap((name) => walk(join(path, name)))] : [path];
    const modes = walk(srv.server.ctx.config.dataDir).map((path) => [path, statSync(path).mode & 0o077] as const);
    expect(modes.length).toBeGreaterThan(100);
    expect(modes.filter(([, mode]) => mode !== 0)).toEqual([]);
  });

  test('PGlite runs with small shared buffers (its 128 MB default is all resident from the start)', async () => {
    if (backend !== 'pglite') return;
    expect(await srv.sql('show shared_buffers')).toEqual([{ shared_buffers: '32MB' }]);
    await expect(openDb({ dataDir: join(staticDir, 'db'), sharedBuffers: 'lots' })).rejects.toThrow('PGLITE_SHARED_BUFFERS must look like 32MB');
  });

  test('the app gets a CSP that allows its inline script by hash only, and the other security headers', async () => {
    for (const path of ['/', '/home', '/no/such/page', '/assets/app.js']) {
      const res = await fetch(srv.url + path);
      expect(res.status).toBe(200);
      const csp = res.headers.get('content-security-policy')!;
      const hash = createHash('sha256').update(THEME_SCRIPT).digest('base64');
      expect(csp).toContain(`script-src 'self' 'sha256-${hash}'`);
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain(`connect-src 'self' ${srv.url} ${srv.url.replace('http', 'ws')}`);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      // Plain http: HSTS would be meaningless, and wrong for a forged X-Forwarded-Proto.
      expect(res.headers.get('strict-transport-security')).toBeNull();
    }
    const api = await srv.api('/rest/v1/user_tasks');
    expect(api.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(api.headers.get('x-content-type-options')).toBe('nosniff');
    const forged = await rawGet(srv.url, '/', { 'X-Forwarded-Proto': 'https' });
    expect(forged.headers['strict-transport-security']).toBeUndefined();
  });

  test('behind a trusted proxy (TRUST_PROXY) its forwarded origin is used, and HSTS is sent over https', async () => {
    const trusted = createApp({ ...srv.server.ctx, config: { ...srv.server.ctx.config, trustProxy: true } });
    const res = await trusted.fetch(
      new Request(`${srv.url}/config.json`, { headers: { host: 'internal:3000', 'x-forwarded-host': 'planner.example', 'x-forwarded-proto': 'https' } }),
    );
    expect(((await res.json()) as { supabaseUrl: string }).supabaseUrl).toBe('https://planner.example');
    expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    const page = await trusted.fetch(new Request(`${srv.url}/`, { headers: { 'x-forwarded-host': 'planner.example', 'x-forwarded-proto': 'https' } }));
    expect(page.headers.get('content-security-policy')).toContain('https://planner.example wss://planner.example');
    // A forwarded host that is not a host is not an origin.
    const junk = await trusted.fetch(new Request(`${srv.url}/config.json`, { headers: { 'x-forwarded-host': 'a/b@c', 'x-forwarded-proto': 'javascript' } }));
    expect(((await junk.json()) as { supabaseUrl: string }).supabaseUrl).toBe(srv.url);

    const analytics = createApp({ ...srv.server.ctx, config: { ...srv.server.ctx.config, cspConnectSrc: ['https://eu.i.posthog.com'] } });
    const withAnalytics = await analytics.fetch(new Request(`${srv.url}/`));
    expect(withAnalytics.headers.get('content-security-policy')).toMatch(/connect-src [^;]*https:\/\/eu\.i\.posthog\.com/);

    const explicit = createApp({ ...srv.server.ctx, config: { ...srv.server.ctx.config, publicUrl: 'https://app.example', publicUrlExplicit: true } });
    const fixed = await explicit.fetch(new Request(`${srv.url}/config.json`, { headers: { 'x-forwarded-host': 'evil.example' } }));
    expect(((await fixed.json()) as { supabaseUrl: string }).supabaseUrl).toBe('https://app.example');
    expect(fixed.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
  });

  test('the billing test-mode pages keep their own stricter policy', async () => {
    const res = await fetch(`${srv.url}/billing/checkout/cs_test_${'a'.repeat(32)}`);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-security-policy')).toMatch(/^default-src 'none'; style-src 'unsafe-inline'; form-action 'self'/);
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
  });

  test('a connection that sends nothing is closed', async () => {
    const idle = await openSocket(srv.url);
    // requestTimeout (2 s) of silence; before, such a connection stayed open for good.
    expect(await Promise.race([idle.closed, new Promise((r) => setTimeout(() => r('still open'), 5000))])).toBeLessThan(4500);
    idle.stop();
  }, 10_000);

  test('a slowloris client is cut off after headersTimeout while a normal client is served meanwhile', async () => {
    const slow = await openSocket(srv.url, { trickle: true, everyMs: 100 });
    await new Promise((r) => setTimeout(r, 300));
    const normal = await fetch(`${srv.url}/config.json`);
    expect(normal.status).toBe(200);
    // headersTimeout 1 s, checked every second: cut off within about 2 s, not after minutes.
    expect(await Promise.race([slow.closed, new Promise((r) => setTimeout(() => r('still open'), 5000))])).toBeLessThan(3500);
    slow.stop();
  }, 10_000);

  test('one address cannot take every connection: beyond its cap it is refused, others are still served', async () => {
    // An address of its own (the whole 127/8 is loopback), so the suite's other connections do not count.
    const sockets = await Promise.all(
      Array.from({ length: 10 }, () => openSocket(srv.url, { trickle: true, everyMs: 100, localAddress: `127.0.0.${backend === 'pglite' ? 3 : 4}` })),
    );
    try {
      const early = await Promise.all(sockets.map((s) => Promise.race([s.closed, new Promise((r) => setTimeout(() => r('open'), 400))])));
      expect(early.filter((state) => state === 'open')).toHaveLength(6);
      // Another address (the loopback net is all ours) gets its answer while the cap holds.
      const other = await rawGet(srv.url, '/config.json', {}, '127.0.0.2');
      expect(other.status).toBe(200);
    } finally {
      for (const s of sockets) s.stop();
    }
  });

  test('a realtime WebSocket outlives the request timeout', async () => {
    // Its address's connections from the previous test must be gone first.
    await new Promise((r) => setTimeout(r, 200));
    const ws = new WebSocket(`${srv.url.replace('http', 'ws')}/realtime/v1/websocket?apikey=${srv.anonKey}&vsn=2.0.0`);
    await new Promise((resolve, reject) => {
      ws.once('open', resolve);
      ws.once('error', reject);
    });
    await new Promise((r) => setTimeout(r, 3000));
    expect(ws.readyState).toBe(WebSocket.OPEN);
    const reply = new Promise<string>((resolve) => ws.once('message', (data) => resolve(String(data))));
    ws.send(JSON.stringify([null, '1', 'phoenix', 'heartbeat', {}]));
    expect(await reply).toContain('"status":"ok"');
    ws.close();
  }, 10_000);
});
