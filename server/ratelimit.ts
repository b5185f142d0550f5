// Per-IP and per-email request limits for the endpoints worth attacking: password sign-in, sign-up,
// token refresh and the functions. In memory, so per server process: several processes behind one
// proxy each count on their own (N processes allow N times the figures).
import { isIP } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Context } from 'hono';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';

export interface RateLimit {
  points: number;
  seconds: number;
}

export type RateLimitName = 'signInIpBurst' | 'signInIp' | 'signInEmail' | 'signUpIp' | 'signUpEmail' | 'refreshIp' | 'functionsIp';
export type RateLimitConfig = Record<RateLimitName, RateLimit>;

/**
 * GoTrue's hosted defaults where it has one (sign-ups and sign-ins 30 per 5 min per IP, refreshes
 * 150 per 5 min per IP). Sign-in per IP also has a burst limit (10 per 10 s): each accepted attempt is a
 * bcrypt hash that others' sign-ins queue behind. Per email only failed sign-ins count, so a person
 * signing in often is never stopped, and a guesser gets 10 tries per 5 minutes per account from any
 * number of addresses.
 */
export const DEFAULT_RATE_LIMITS: RateLimitConfig = {
  signInIpBurst: { points: 10, seconds: 10 },
  signInIp: { points: 30, seconds: 300 },
  signInEmail: { points: 10, seconds: 300 },
  signUpIp: { points: 30, seconds: 300 },
  signUpEmail: { points: 10, seconds: 300 },
  refreshIp: { points: 150, seconds: 300 },
  functionsIp: { points: 120, seconds: 60 },
};

export const RATE_LIMIT_ENV: Record<RateLimitName, string> = {
  signInIpBurst: 'RATE_LIMIT_SIGN_IN_IP_BURST',
  signInIp: 'RATE_LIMIT_SIGN_IN_IP',
  signInEmail: 'RATE_LIMIT_SIGN_IN_EMAIL',
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
  /** The seconds to wait if the limit is used up, without counting anything. */
  check(name: RateLimitName, key: string): Promise<number | null>;
}

const retryAfter = (res: RateLimiterRes) => Math.max(1, Math.ceil(res.msBeforeNext / 1000));

/**
 * A refused request waits this long for its 429: a client flooding us gets its answers at a trickle, so
 * it cannot spend the event loop on cheap refusals (20 connections: at most 80 refusals a second).
 */
export const REFUSAL_DELAY_MS = 250;

export function createRateLimiters(config: RateLimitConfig): RateLimiters {
  const limiters = new Map(
    (Object.keys(config) as RateLimitName[]).map((name) => [name, new RateLimiterMemory({ keyPrefix: name, points: config[name].points, duration: config[name].seconds })]),
  );
  const limiter = (name: RateLimitName) => limiters.get(name)!;
  return {
    async take(name, key) {
      try {
        await limiter(name).consume(key);
        return null;
      } catch (err) {
        if (!(err instanceof RateLimiterRes)) throw err;
        await sleep(REFUSAL_DELAY_MS);
        return retryAfter(err);
      }
    },
    async check(name, key) {
      const res = await limiter(name).get(key);
      if (!res || res.consumedPoints < config[name].points) return null;
      await sleep(REFUSAL_DELAY_MS);
      return retryAfter(res);
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
