// Per-address, per-(address, email) and per-email request limits for the endpoints worth attacking: password
// sign-in, sign-up, token refresh and the functions. In memory on PGlite (one process); on PostgreSQL in an
// unlogged table every server process on the database shares, so N processes still allow the figures once.
import { createHash } from 'node:crypto';
import { isIP } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Context } from 'hono';
import type pg from 'pg';
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';

export interface RateLimit {
  points: number;
  seconds: number;
}

export type RateLimitName = 'signInIpBurst' | 'signInIp' | 'signInPair' | 'signUpIp' | 'signUpEmail' | 'refreshIp' | 'functionsIp';
export type RateLimitConfig = Record<RateLimitName, RateLimit>;

/**
 * GoTrue's hosted defaults where it has one (sign-ups and sign-ins 30 per 5 min per IP, refreshes
 * 150 per 5 min per IP). Sign-in per IP also has a burst limit (10 per 10 s): each accepted attempt is a
 * bcrypt hash that others' sign-ins queue behind. Failed sign-ins count per (address, email) pair, never
 * per email alone: a count per account would let anyone lock its owner out (OWASP: lockout is a denial of
 * service), while a pair only ever stops the address that failed.
 */
export const DEFAULT_RATE_LIMITS: RateLimitConfig = {
  signInIpBurst: { points: 10, seconds: 10 },
  signInIp: { points: 30, seconds: 300 },
  signInPair: { points: 5, seconds: 300 },
  signUpIp: { points: 30, seconds: 300 },
  signUpEmail: { points: 10, seconds: 300 },
  refreshIp: { points: 150, seconds: 300 },
  functionsIp: { points: 120, seconds: 60 },
};

export const RATE_LIMIT_ENV: Record<RateLimitName, string> = {
  signInIpBurst: 'RATE_LIMIT_SIGN_IN_IP_BURST',
  signInIp: 'RATE_LIMIT_SIGN_IN_IP',
  signInPair: 'RATE_LIMIT_SIGN_IN_PAIR',
  signUpIp: 'RATE_LIMIT_SIGN_UP_IP',
  signUpEmail: 'RATE_LIMIT_SIGN_UP_EMAIL',
  refreshIp: 'RATE_LIMIT_REFRESH_IP',
  functionsIp: 'RATE_LIMIT_FUNCTIONS_IP',
};

/** Each limit from its variable, written `points/seconds` (e.g. RATE_LIMIT_SIGN_IN_IP=30/300). */
export function rateLimitsFromEnv(env: NodeJS.ProcessEnv): RateLimitConfig {
  const limits = { ...DEFAULT_RATE_LIMITS };
  for (const name of Object.keys(RATE_LIMIT_ENV) as RateLimitName[]) {
    const variable = RATE_LIMIT_ENV[name];
    const value = env[variable];
    if (value === undefined || value === '') continue;
    const match = /^\s*(\d{1,9})\s*\/\s*(\d{1,9})\s*$/.exec(value);
    if (!match || Number(match[1]) < 1 || Number(match[2]) < 1) {
      throw new Error(`${variable} must be "points/seconds" with both at least 1 (e.g. 30/300), got "${value}"`);
    }
    limits[name] = { points: Number(match[1]), seconds: Number(match[2]) };
  }
  return limits;
}

export interface RateLimiters {
  /** Counts one request; the seconds to wait when the limit is already used up, else null. */
  take(name: RateLimitName, key: string): Promise<number | null>;
  /** The seconds to wait if the limit is used up (or the key paused), without counting anything. */
  check(name: RateLimitName | 'pause', key: string): Promise<number | null>;
  /** Counts one failure and returns how many the key has in the window (never refuses). */
  count(name: RateLimitName, key: string): Promise<number>;
  /** Refuses the key for `seconds` (a slow-down between attempts; see check('pause', key)). */
  pause(key: string, seconds: number): Promise<void>;
  /** Forgets what was counted for the key. */
  reset(name: RateLimitName | 'pause', key: string): Promise<void>;
}

const retryAfter = (res: RateLimiterRes) => Math.max(1, Math.ceil(res.msBeforeNext / 1000));

/**
 * A refused request waits this long for its 429: a client flooding us gets its answers at a trickle, so
 * it cannot spend the event loop on cheap refusals (20 connections: at most 80 refusals a second).
 */
export const REFUSAL_DELAY_MS = 250;

/** The server-owned table of the shared store (created by migrate.ts on PostgreSQL). */
export const RATE_LIMIT_TABLE = { schemaName: 'planner_meta', tableName: 'rate_limits' };

/** Keys are emails and addresses from requests: a long one is hashed so the table's index stays small. */
const storedKey = (key: string) => (key.length <= 128 ? key : 'sha256:' + createHash('sha256').update(key).digest('base64url'));

/**
 * The limits, in memory, or shared through PostgreSQL when given the server's pool. If the database does not
 * answer, each process falls back to counting in its own memory rather than failing the request.
 */
export function createRateLimiters(config: RateLimitConfig, pool?: pg.Pool): RateLimiters {
  const make = (keyPrefix: string, points: number, duration: number): RateLimiterAbstract => {
    const memory = new RateLimiterMemory({ keyPrefix, points, duration });
    if (!pool) return memory;
    return new RateLimiterPostgres({ storeClient: pool, storeType: 'pool', ...RATE_LIMIT_TABLE, tableCreated: true, keyPrefix, points, duration, insuranceLimiter: memory });
  };
  const limiters = new Map<RateLimitName | 'pause', RateLimiterAbstract>(
    (Object.keys(config) as RateLimitName[]).map((name) => [name, make(name, config[name].points, config[name].seconds)]),
  );
  limiters.set('pause', make('pause', 1, 1));
  const limiter = (name: RateLimitName | 'pause') => limiters.get(name)!;
  return {
    async take(name, key) {
      try {
        await limiter(name).consume(storedKey(key));
        return null;
      } catch (err) {
        if (!(err instanceof RateLimiterRes)) throw err;
        await sleep(REFUSAL_DELAY_MS);
        return retryAfter(err);
      }
    },
    async check(name, key) {
      const res = await limiter(name).get(storedKey(key));
      const points = name === 'pause' ? 1 : config[name].points;
      if (!res || res.consumedPoints < points || res.msBeforeNext <= 0) return null;
      await sleep(REFUSAL_DELAY_MS);
      return retryAfter(res);
    },
    async count(name, key) {
      try {
        return (await limiter(name).consume(storedKey(key))).consumedPoints;
      } catch (err) {
        if (!(err instanceof RateLimiterRes)) throw err;
        return err.consumedPoints;
      }
    },
    async pause(key, seconds) {
      await limiter('pause').block(storedKey(key), seconds);
    },
    async reset(name, key) {
      await limiter(name).delete(storedKey(key));
    },
  };
}

/**
 * The key a client is counted under: its IPv4 address, or the /64 of its IPv6 address (one customer's
 * network, whose addresses it can rotate through at will).
 */
export function addressKey(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (!address.includes(':')) return address;
  const [head = '', tail] = address.split('%')[0]!.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = tail === undefined ? left : [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${groups.slice(0, 4).map((g) => (g.replace(/^0+(?=.)/, '') || '0')).join(':')}::/64`;
}

/**
 * The client's address key: the peer's, or behind a trusted reverse proxy (TRUST_PROXY) the address that proxy
 * appended last to X-Forwarded-For (entries further left are the client's own say, so they are not believed).
 */
export function clientIp(c: Context, trustProxy = false): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',').at(-1)?.trim();
    if (forwarded && isIP(forwarded)) return addressKey(forwarded);
  }
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
  const address = incoming?.socket?.remoteAddress;
  return address ? addressKey(address) : 'unknown';
}
