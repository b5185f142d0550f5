// Every route with every method, in both billing modes: a client's wrong method is a 4xx, never a 5xx, and a
// 405 names the methods the path does take (Allow, RFC 9110 §15.5.6).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createAdaptorServer } from '@hono/node-server';
import { createApp } from '../../server/app.ts';
import { STARTUP_TIMEOUT, startTestServer, type TestServer } from './harness.ts';

// TRACE and PROPFIND: methods a fetch Request cannot carry or nobody routes, sent the way any client can.
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'TRACE', 'PROPFIND'];
const READ = ['GET', 'HEAD'];
const TABLE = ['GET', 'HEAD', 'POST', 'PATCH', 'DELETE'];

/** Path → the methods it takes; null: no such resource in that mode, a 404 whatever the method. */
const TEST_MODE: Record<string, string[] | null> = {
  '/auth/v1/signup': ['POST'],
  '/auth/v1/token?grant_type=password': ['POST'],
  '/auth/v1/logout': ['POST'],
  '/auth/v1/user': READ,
  '/auth/v1/nope': null,
  '/rest/v1/user_tasks': TABLE,
  '/rest/v1/task_events': TABLE,
  '/rest/v1/subscribers': TABLE,
  '/rest/v1/rpc/append_task_events': ['POST'],
  '/rest/v1/': null,
  '/rest/v1/user_tasks/1': null,
  '/functions/v1/check-subscription': ['POST'],
  '/functions/v1/create-checkout': ['POST'],
  '/functions/v1/customer-portal': ['POST'],
  '/functions/v1/stripe-webhook': null,
  '/functions/v1/nope': null,
  '/billing/checkout/cs_missing': [...READ, 'POST'],
  '/billing/portal/bps_missing': [...READ, 'POST'],
  '/billing/nope': null,
  '/config.json': READ,
  '/': READ,
  '/home': READ,
  '/assets/app.js': READ,
  '/realtime/v1/websocket': null,
};
const ROUTES = {
  test: TEST_MODE,
  stripe: { ...TEST_MODE, '/functions/v1/stripe-webhook': ['POST'], '/billing/checkout/cs_missing': null, '/billing/portal/bps_missing': null },
};

interface Answer {
  status: number;
  allow: string[] | null;
}

function send(base: string, method: string, path: string, apikey: string): Promise<Answer> {
  const url = new URL(base);
  const body = READ.includes(method) ? undefined : '{}';
  const headers: Record<string, string> = { apikey, ...(body ? { 'content-type': 'application/json', 'content-length': String(body.length) } : {}) };
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, method, path, headers, agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, allow: res.headers.allow?.split(/\s*,\s*/) ?? null }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('every route with every method', () => {
  let srv: TestServer;
  let staticDir: string;
  let stripe: { url: string; close(): void };

  beforeAll(async () => {
    staticDir = mkdtempSync(join(tmpdir(), 'planner-methods-'));
    mkdirSync(join(staticDir, 'assets'));
    writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>Weekly Planner</title>');
    writeFileSync(join(staticDir, 'assets', 'app.js'), 'export {};');
    srv = await startTestServer('pglite', { staticDir });
    // The same database and process, with Stripe configured: the webhook exists and the test pages do not.
    const { ctx } = srv.server;
    const app = createApp({ ...ctx, config: { ...ctx.config, billingMode: 'stripe', stripe: { secretKey: 'sk_test_methods', webhookSecret: 'whsec_methods' } } });
    const server = createAdaptorServer({ fetch: app.fetch });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    stripe = { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() };
  }, STARTUP_TIMEOUT);
  afterAll(async () => {
    stripe?.close();
    await srv?.stop();
    rmSync(staticDir, { recursive: true, force: true });
  });

  test.each(['test', 'stripe'] as const)('in %s billing mode: no 5xx; 405 with Allow for a wrong method; 404 for no such path', async (mode) => {
    const base = mode === 'test' ? srv.url : stripe.url;
    const wrong: string[] = [];
    for (const [path, allowed] of Object.entries(ROUTES[mode])) {
      for (const method of METHODS) {
        const { status, allow } = await send(base, method, path, srv.anonKey);
        const label = `${method} ${path} → ${status}${allow ? ` (Allow: ${allow.join(', ')})` : ''}`;
        if (status >= 500) wrong.push(`${label}: a server error`);
        else if (allowed === null) {
          // OPTIONS on the API is CORS's preflight, answered before any route.
          if (status !== 404 && !(method === 'OPTIONS' && status === 204)) wrong.push(`${label}: expected 404`);
        } else if (method === 'OPTIONS') {
          if (status !== 204) wrong.push(`${label}: expected 204`);
        } else if (allowed.includes(method)) {
          if (status === 405) wrong.push(`${label}: the method is allowed`);
        } else if (status !== 405 || !allowed.every((m) => allow?.includes(m))) {
          wrong.push(`${label}: expected 405 with Allow: ${allowed.join(', ')}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  }, 60_000);
});
