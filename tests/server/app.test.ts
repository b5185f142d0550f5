// Configuration, /config.json and the static SPA with its fallback.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeJwt } from 'jose';
import { loadConfig } from '../../server/config.ts';
import { backends, STARTUP_TIMEOUT, startTestServer, type TestServer } from './harness.ts';
import { rawGet } from './net-helpers.ts';

describe('loadConfig', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'planner-config-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  test('generates the JWT secret once, in <dataDir>/secrets.json with mode 0600, so keys are stable', async () => {
    const first = await loadConfig({}, { DATA_DIR: dir });
    const file = join(dir, 'secrets.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(file, 'utf8')).jwtSecret).toBe(first.jwtSecret);
    const second = await loadConfig({}, { DATA_DIR: dir });
    expect(second.jwtSecret).toBe(first.jwtSecret);
    expect(second.anonKey).toBe(first.anonKey);
    expect(second.serviceRoleKey).toBe(first.serviceRoleKey);
    expect(decodeJwt(first.anonKey)).toMatchObject({ role: 'anon', iss: 'supabase' });
    expect(decodeJwt(first.serviceRoleKey)).toMatchObject({ role: 'service_role' });
  });

  test('reads the environment', async () => {
    const config = await loadConfig(
      {},
      {
        DATA_DIR: dir,
        PORT: '5401',
        HOST: '127.0.0.1',
        JWT_SECRET: 'x'.repeat(40),
        JWT_EXPIRY: '900',
        MAX_BODY_BYTES: '1000',
        STRIPE_SECRET_KEY: 'sk_test_123',
        STRIPE_WEBHOOK_SECRET: 'whsec_123',
        DATABASE_URL: 'postgres://u:p@db.example:5432/app',
      },
    );
    expect(config).toMatchObject({
      port: 5401,
      host: '127.0.0.1',
      publicUrl: 'http://127.0.0.1:5401',
      publicUrlExplicit: false,
      jwtSecret: 'x'.repeat(40),
      jwtExpirySeconds: 900,
      maxBodyBytes: 1000,
      stripe: { secretKey: 'sk_test_123', webhookSecret: 'whsec_123' },
      databaseUrl: 'postgres://u:p@db.example:5432/app',
    });
    // With JWT_SECRET given, nothing is written to the data directory.
    expect(() => statSync(join(dir, 'secrets.json'))).toThrow();
    const wildcard = await loadConfig({}, { DATA_DIR: dir, PORT: '3000', HOST: '0.0.0.0', BILLING_MODE: 'test', PUBLIC_URL: '' });
    expect(wildcard.publicUrl).toBe('http://localhost:3000');
    expect(wildcard.stripe).toBeUndefined();
  });

  test('refuses bad values clearly', async () => {
    await expect(loadConfig({}, { DATA_DIR: dir, PORT: 'eighty' })).rejects.toThrow(/PORT/);
    await expect(loadConfig({}, { DATA_DIR: dir, JWT_SECRET: 'short' })).rejects.toThrow(/32 characters/);
    writeFileSync(join(dir, 'secrets.json'), '{}');
    await expect(loadConfig({}, { DATA_DIR: dir })).rejects.toThrow(/no usable jwtSecret/);
  });
});

describe.each(backends)('serving the app on %s', (backend) => {
  let srv: TestServer;
  let staticDir: string;
  beforeAll(async () => {
    staticDir = mkdtempSync(join(tmpdir(), 'planner-dist-'));
    mkdirSync(join(staticDir, 'assets'));
    writeFileSync(join(staticDir, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(join(staticDir, 'assets', 'index-abc123.js'), 'console.log(1)');
    writeFileSync(join(staticDir, 'favicon.svg'), '<svg/>');
    srv = await startTestServer(backend, { staticDir });
  }, STARTUP_TIMEOUT);
  afterAll(async () => {
    await srv?.stop();
    rmSync(staticDir, { recursive: true, force: true });
  });

  test('/health answers ok while the database answers, for a load balancer', async () => {
    const res = await fetch(`${srv.url}/health`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({ status: 'ok' });
  });

  test('/config.json gives the SPA the bound address and the anon key; Host and X-Forwarded-* cannot change it', async () => {
    const res = await fetch(`${srv.url}/config.json`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ supabaseUrl: srv.url, anonKey: srv.anonKey });
    // Without TRUST_PROXY these are anybody's headers: a poisoned config would send passwords elsewhere.
    const forged = await rawGet(srv.url, '/config.json', { Host: 'evil.example', 'X-Forwarded-Host': 'evil.example', 'X-Forwarded-Proto': 'https' });
    expect(JSON.parse(forged.body).supabaseUrl).toBe(srv.url);
  });

  test('index.html is revalidated, hashed assets are cached for a year', async () => {
    const index = await fetch(`${srv.url}/`);
    expect(index.status).toBe(200);
    expect(index.headers.get('content-type')).toMatch(/text\/html/);
    expect(index.headers.get('cache-control')).toBe('no-cache');
    expect(await index.text()).toContain('id="root"');

    const asset = await fetch(`${srv.url}/assets/index-abc123.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(asset.headers.get('content-type')).toMatch(/javascript/);
    expect((await fetch(`${srv.url}/favicon.svg`)).headers.get('cache-control')).toBe('no-cache');
  });

  test('unknown page paths get index.html (the SPA renders its 404); API paths and missing assets do not', async () => {
    for (const path of ['/home', '/auth', '/no/such/page']) {
      const res = await fetch(`${srv.url}${path}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(await res.text()).toContain('id="root"');
    }
    expect((await fetch(`${srv.url}/assets/index-missing.js`)).status).toBe(404);
    const auth = await srv.api('/auth/v1/nothing-here');
    expect(auth.status).toBe(404);
    expect(await auth.json()).toMatchObject({ code: 'not_found' });
    expect((await fetch(`${srv.url}/../../etc/passwd`)).status).not.toBe(500);
  });

  test('without a build, pages say how to build and the API still works', async () => {
    const bare = await startTestServer(backend, { staticDir: join(staticDir, 'missing') });
    try {
      const page = await fetch(`${bare.url}/`);
      expect(page.status).toBe(503);
      expect(await page.text()).toMatch(/not built.*vite build/);
      expect((await fetch(`${bare.url}/config.json`)).status).toBe(200);
    } finally {
      await bare.stop();
    }
  }, STARTUP_TIMEOUT);
});
