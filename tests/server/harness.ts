// Starts a real server on a free port: on PGlite in a temporary directory, or on a fresh PostgreSQL
// database created from TEST_DATABASE_URL (dropped again on stop), or on options.databaseUrl as given.
// One server per test file.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient, type Session, type SupabaseClient, type User } from '@supabase/supabase-js';
import pg from 'pg';
import WebSocket from 'ws';
import { startServer, type RunningServer, type StartOptions } from '../../server/app.ts';
import { DEFAULT_RATE_LIMITS } from '../../server/ratelimit.ts';
import { seedPglite } from './pgliteTemplate.ts';

export type Backend = 'pglite' | 'postgres';

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set. */
export const backends: Backend[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export const STARTUP_TIMEOUT = 120_000;

export interface TestServer {
  backend: Backend;
  url: string;
  anonKey: string;
  serviceKey: string;
  jwtSecret: string;
  server: RunningServer;
  /** Direct database access as the owner (no row-level security), to check what really got written. */
  sql<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  client(key?: string): SupabaseClient;
  signUp(password?: string): Promise<{ client: SupabaseClient; user: User; session: Session; email: string; password: string }>;
  /** fetch against the server with the anon key as apikey unless headers say otherwise. */
  api(path: string, init?: RequestInit & { headers?: Record<string, string> }): Promise<Response>;
  stop(): Promise<void>;
}

/** Every test file signs up many users from 127.0.0.1; ratelimit.test.ts tests the real limits. */
const UNLIMITED = Object.fromEntries(
  (Object.keys(DEFAULT_RATE_LIMITS) as (keyof typeof DEFAULT_RATE_LIMITS)[]).map((name) => [name, { points: 1_000_000, seconds: 1 }]),
) as typeof DEFAULT_RATE_LIMITS;

/**
 * bcrypt's lowest cost: a sign-up or sign-in costs ~2 ms of CPU, not ~75 (the server suite signs up and in hundreds
 * of times). The production cost (the server's default) is tested where hashing is the subject: auth.test.ts, the
 * child-process tests (the real entry point) and the browser tests.
 */
const TEST_HASH_COST = 4;

let emailCounter = 0;
export const uniqueEmail = (tag = 'user') => `${tag}-${process.pid}-${Date.now()}-${++emailCounter}@example.com`;

export async function startTestServer(backend: Backend, options: StartOptions = {}): Promise<TestServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'planner-server-test-'));
  const jwtSecret = randomBytes(32).toString('hex');
  let dropDatabase = async () => {};
  let databaseUrl = options.databaseUrl;
  if (backend === 'postgres' && !databaseUrl) {
    ({ databaseUrl, dropDatabase } = await freshDatabase(process.env.TEST_DATABASE_URL!));
  }
  if (!databaseUrl) await seedPglite(dataDir);
  let server: RunningServer;
  try {
    server = await startServer({ port: 0, host: '127.0.0.1', dataDir, databaseUrl, jwtSecret, env: {}, rateLimits: UNLIMITED, passwordHashCost: TEST_HASH_COST, ...options });
  } catch (err) {
    await dropDatabase();
    rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
  const { anonKey, serviceRoleKey } = server.ctx.config;

  const client = (key = anonKey) =>
    createClient(server.url, key, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: WebSocket as never },
    });

  return {
    backend,
    url: server.url,
    anonKey,
    serviceKey: serviceRoleKey,
    jwtSecret,
    server,
    sql: async (text, params) => (await server.ctx.db.query(text, params)).rows as never[],
    client,
    async signUp(password = 'correct-horse-1') {
      const email = uniqueEmail();
      const c = client();
      const { data, error } = await c.auth.signUp({ email, password });
      if (error || !data.session || !data.user) throw new Error(`sign-up failed: ${error?.message}`);
      return { client: c, user: data.user, session: data.session, email, password };
    },
    api: (path, init = {}) => fetch(server.url + path, { ...init, headers: { apikey: anonKey, ...init.headers } }),
    async stop() {
      await server.close();
      await dropDatabase();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A new database per server, so test files can run in parallel on one PostgreSQL. */
export async function freshDatabase(adminUrl: string) {
  const name = `planner_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    databaseUrl: url.toString(),
    dropDatabase: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      try {
        await c.query(`drop database if exists ${name} with (force)`);
      } finally {
        await c.end();
      }
    },
  };
}
