// Configuration from the environment, with a JWT secret that survives restarts.
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { SignJWT } from 'jose';
import type { BillingMode, ServerConfig, ServerLimits } from './context.ts';
import { prepareDataDir } from './datadir.ts';
import { rateLimitsFromEnv } from './ratelimit.ts';

export const DEFAULT_MAX_BODY_BYTES = 5 * 1024 * 1024;

// Fixed issue/expiry times make the API keys a pure function of the secret:
// the same secret always prints the same keys.
const KEY_IAT = 1735689600; // 2025-01-01
const KEY_EXP = 2051222400; // 2035-01-01

export type ConfigOverrides = Partial<Omit<ServerConfig, 'limits'>> & { limits?: Partial<ServerLimits> };

export async function loadConfig(overrides: ConfigOverrides = {}, env: NodeJS.ProcessEnv = process.env): Promise<ServerConfig> {
  const port = overrides.port ?? intFrom(env.PORT, 3000, 'PORT');
  // Loopback unless asked: a public bind is a decision (it also changes the billing default below).
  const host = overrides.host ?? (env.HOST || '127.0.0.1');
  const dataDir = resolve(overrides.dataDir ?? (env.DATA_DIR || '.data'));
  const databaseUrl = overrides.databaseUrl ?? (env.DATABASE_URL || undefined);
  const jwtSecret = overrides.jwtSecret ?? (env.JWT_SECRET || storedSecret(dataDir));
  if (jwtSecret.length < 32) throw new Error('JWT_SECRET must be at least 32 characters long');
  const explicitUrl = overrides.publicUrl ?? (env.PUBLIC_URL || undefined);
  const stripeKey = env.STRIPE_SECRET_KEY;
  const stripe = overrides.stripe ?? (stripeKey ? { secretKey: stripeKey, webhookSecret: env.STRIPE_WEBHOOK_SECRET || undefined } : undefined);
  const billingMode = overrides.billingMode ?? billingModeFor(env.BILLING_MODE, Boolean(stripe), host);
  return {
    port,
    host,
    publicUrl: (explicitUrl ?? localUrl(host, port)).replace(/\/+$/, ''),
    publicUrlExplicit: explicitUrl !== undefined,
    dataDir,
    databaseUrl,
    jwtSecret,
    anonKey: overrides.anonKey ?? (await apiKey('anon', jwtSecret)),
    serviceRoleKey: overrides.serviceRoleKey ?? (await apiKey('service_role', jwtSecret)),
    jwtExpirySeconds: overrides.jwtExpirySeconds ?? intFrom(env.JWT_EXPIRY, 3600, 'JWT_EXPIRY'),
    maxBodyBytes: overrides.maxBodyBytes ?? intFrom(env.MAX_BODY_BYTES, DEFAULT_MAX_BODY_BYTES, 'MAX_BODY_BYTES'),
    billingMode,
    stripe: billingMode === 'stripe' ? stripe : undefined,
    trustProxy: overrides.trustProxy ?? flag(env.TRUST_PROXY, 'TRUST_PROXY'),
    limits: { ...limitsFrom(env), ...overrides.limits },
    cspConnectSrc: overrides.cspConnectSrc ?? originsFrom(env.CSP_CONNECT_SRC),
    refreshTokenReuseInterval: overrides.refreshTokenReuseInterval ?? intFrom(env.REFRESH_TOKEN_REUSE_INTERVAL, 10, 'REFRESH_TOKEN_REUSE_INTERVAL'),
    rateLimits: overrides.rateLimits ?? rateLimitsFromEnv(env),
    passwordHashCost: overrides.passwordHashCost,
    staticDir: overrides.staticDir ?? resolve(env.STATIC_DIR || 'dist'),
  };
}

export const DEFAULT_LIMITS: ServerLimits = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  // Longer than the usual 60 s proxy idle timeout, so a proxy never reuses a connection we just closed.
  keepAliveTimeoutMs: 65_000,
  // Room for the realtime sockets' ceiling and 1,000 requests beside them; each is one file descriptor
  // (Node raises its soft limit to the hard one at start).
  maxConnections: 11_000,
  // ~3 KB of memory each (docs/server.md, "Many subscribers at once").
  maxRealtimeSockets: 10_000,
  // The longest a committed event waits when its process died before sending the pointer (docs/sync.md).
  realtimeHeadsPollMs: 1000,
  maxConnectionsPerIp: 64,
  // Under a load balancer's usual drain time (nginx, HAProxy: none by default; Kubernetes: 30 s), above any request
  // that is not stuck: the server's own requestTimeoutMs cuts those.
  shutdownGraceMs: 10_000,
  // Node's own is 511. A killed worker's sockets come back within a few milliseconds of each other (supabase-js
  // reconnects 1 s after the drop): 3,300 of them overflowed 511 and waited for TCP's retries (docs/server.md).
  listenBacklog: 16_384,
};

function limitsFrom(env: NodeJS.ProcessEnv): ServerLimits {
  const d = DEFAULT_LIMITS;
  const limits = {
    headersTimeoutMs: intFrom(env.HEADERS_TIMEOUT_MS, d.headersTimeoutMs, 'HEADERS_TIMEOUT_MS'),
    requestTimeoutMs: intFrom(env.REQUEST_TIMEOUT_MS, d.requestTimeoutMs, 'REQUEST_TIMEOUT_MS'),
    keepAliveTimeoutMs: intFrom(env.KEEP_ALIVE_TIMEOUT_MS, d.keepAliveTimeoutMs, 'KEEP_ALIVE_TIMEOUT_MS'),
    maxConnections: intFrom(env.MAX_CONNECTIONS, d.maxConnections, 'MAX_CONNECTIONS'),
    maxRealtimeSockets: intFrom(env.REALTIME_MAX_SOCKETS, d.maxRealtimeSockets, 'REALTIME_MAX_SOCKETS'),
    realtimeHeadsPollMs: intFrom(env.REALTIME_HEADS_POLL_MS, d.realtimeHeadsPollMs, 'REALTIME_HEADS_POLL_MS'),
    maxConnectionsPerIp: intFrom(env.MAX_CONNECTIONS_PER_IP, d.maxConnectionsPerIp, 'MAX_CONNECTIONS_PER_IP'),
    shutdownGraceMs: intFrom(env.SHUTDOWN_GRACE_MS, d.shutdownGraceMs, 'SHUTDOWN_GRACE_MS'),
    listenBacklog: intFrom(env.LISTEN_BACKLOG, d.listenBacklog, 'LISTEN_BACKLOG'),
  };
  for (const [name, value] of Object.entries(limits)) if (value === 0) throw new Error(`${name} must be positive`);
  return limits;
}

const LOOPBACK = /^(?:localhost|127(?:\.\d{1,3}){3}|::1|::ffff:127(?:\.\d{1,3}){3})$/i;
export const isLoopback = (host: string) => LOOPBACK.test(host);

/**
 * Billing is never in test mode by accident: a public server without Stripe keys refuses to start unless
 * BILLING_MODE=test says so, because test mode hands out subscriptions for free.
 */
function billingModeFor(value: string | undefined, hasStripeKey: boolean, host: string): BillingMode {
  if (value === 'stripe') {
    if (!hasStripeKey) throw new Error('BILLING_MODE=stripe needs STRIPE_SECRET_KEY');
    return 'stripe';
  }
  if (value === 'test') return 'test';
  if (value !== undefined && value !== '') throw new Error(`BILLING_MODE must be "test" or "stripe", got "${value}"`);
  if (hasStripeKey) return 'stripe';
  if (isLoopback(host)) return 'test';
  throw new Error(
    `No STRIPE_SECRET_KEY on a public address (HOST=${host}): billing test mode would give subscriptions away. ` +
      'Set STRIPE_SECRET_KEY, or BILLING_MODE=test if this is really a test server.',
  );
}

function flag(value: string | undefined, name: string): boolean {
  if (value === undefined || value === '' || value === '0' || value === 'false') return false;
  if (value === '1' || value === 'true') return true;
  throw new Error(`${name} must be 1 or 0, got "${value}"`);
}

function originsFrom(value: string | undefined): string[] {
  if (!value) return [];
  return value.split(/[\s,]+/).filter(Boolean).map((item) => {
    let url: URL;
    try {
      url = new URL(item);
    } catch {
      throw new Error(`CSP_CONNECT_SRC: "${item}" is not a URL`);
    }
    if (!/^(?:https?|wss?):$/.test(url.protocol)) throw new Error(`CSP_CONNECT_SRC: "${item}" must be http(s) or ws(s)`);
    return url.origin === 'null' ? `${url.protocol}//${url.host}` : url.origin;
  });
}

/** The URL a person on this machine types; a wildcard bind address is reachable as localhost. */
export function localUrl(host: string, port: number): string {
  const name = host === '0.0.0.0' || host === '::' || host === '' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${name}:${port}`;
}

function intFrom(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a non-negative integer, got "${value}"`);
  return n;
}

function storedSecret(dataDir: string): string {
  prepareDataDir(dataDir);
  const file = join(dataDir, 'secrets.json');
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    return createSecret(file, dataDir);
  }
  const saved = JSON.parse(text) as { jwtSecret?: unknown };
  if (typeof saved.jwtSecret !== 'string' || saved.jwtSecret.length < 32) {
    throw new Error(`${file} has no usable jwtSecret (at least 32 characters); fix or delete it`);
  }
  return saved.jwtSecret;
}

function createSecret(file: string, dataDir: string): string {
  const jwtSecret = randomBytes(48).toString('base64url');
  try {
    // 'wx': if another process created the file meanwhile, use theirs.
    writeFileSync(file, JSON.stringify({ jwtSecret }, null, 2) + '\n', { mode: 0o600, flag: 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return storedSecret(dataDir);
    throw err;
  }
  return jwtSecret;
}

function apiKey(role: 'anon' | 'service_role', secret: string): Promise<string> {
  return new SignJWT({ iss: 'supabase', ref: 'local', role })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(KEY_IAT)
    .setExpirationTime(KEY_EXP)
    .sign(new TextEncoder().encode(secret));
}
