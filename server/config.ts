// Configuration from the environment, with a JWT secret that survives restarts.
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { SignJWT } from 'jose';
import type { ServerConfig } from './context.ts';
import { rateLimitsFromEnv } from './ratelimit.ts';

export const DEFAULT_MAX_BODY_BYTES = 5 * 1024 * 1024;

// Fixed issue/expiry times make the API keys a pure function of the secret:
// the same secret always prints the same keys.
const KEY_IAT = 1735689600; // 2025-01-01
const KEY_EXP = 2051222400; // 2035-01-01

export type ConfigOverrides = Partial<ServerConfig>;

export async function loadConfig(overrides: ConfigOverrides = {}, env: NodeJS.ProcessEnv = process.env): Promise<ServerConfig> {
  const port = overrides.port ?? intFrom(env.PORT, 3000, 'PORT');
  const host = overrides.host ?? (env.HOST || '0.0.0.0');
  const dataDir = resolve(overrides.dataDir ?? (env.DATA_DIR || '.data'));
  const databaseUrl = overrides.databaseUrl ?? (env.DATABASE_URL || undefined);
  const jwtSecret = overrides.jwtSecret ?? (env.JWT_SECRET || storedSecret(dataDir));
  if (jwtSecret.length < 32) throw new Error('JWT_SECRET must be at least 32 characters long');
  const explicitUrl = overrides.publicUrl ?? (env.PUBLIC_URL || undefined);
  const stripeKey = env.STRIPE_SECRET_KEY;
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
    stripe: overrides.stripe ?? (stripeKey ? { secretKey: stripeKey, webhookSecret: env.STRIPE_WEBHOOK_SECRET || undefined } : undefined),
    refreshTokenReuseInterval: overrides.refreshTokenReuseInterval ?? intFrom(env.REFRESH_TOKEN_REUSE_INTERVAL, 10, 'REFRESH_TOKEN_REUSE_INTERVAL'),
    rateLimits: overrides.rateLimits ?? rateLimitsFromEnv(env),
    staticDir: overrides.staticDir ?? resolve(env.STATIC_DIR || 'dist'),
  };
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
  mkdirSync(dataDir, { recursive: true });
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
