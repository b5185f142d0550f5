// Per-IP and per-email limits on sign-in, sign-up, refresh and the functions: GoTrue's 429 with
// Retry-After. Each test connects from its own loopback address (127.0.0.x), so each has its own buckets.
import { request } from 'node:http';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { Hono } from 'hono';
import { addressKey, clientIp, DEFAULT_RATE_LIMITS, rateLimitsFromEnv, REFUSAL_DELAY_MS } from '../../server/ratelimit.ts';
import { backends, STARTUP_TIMEOUT, startTestServer, uniqueEmail, type TestServer } from './harness.ts';

/** fetch that connects from the given local address, so the server sees that client IP. */
function fetchFrom(localAddress: string): typeof fetch {
  return async (input, init) => {
    const req = new Request(input, init);
    const url = new URL(req.url);
    const body = req.body ? Buffer.from(await req.arrayBuffer()) : undefined;
    return new Promise<Response>((resolve, reject) => {
      const outgoing = request(
        { host: url.hostname, port: url.port, path: url.pathname + url.search, method: req.method, headers: Object.fromEntries(req.headers), localAddress },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            const headers = new Headers();
            for (const [name, value] of Object.entries(res.headers)) if (value !== undefined) headers.set(name, String(value));
            const status = res.statusCode ?? 0;
            resolve(new Response(status === 204 || status === 304 ? null : Buffer.concat(chunks), { status, headers }));
          });
          res.on('error', reject);
        },
      );
      outgoing.on('error', reject);
      outgoing.end(body);
    });
  };
}

// Tests of a few dozen bcrypt checks (~75 ms of CPU each at the production cost; this file's server uses the
// harness's lowest) on a 2-core machine shared with other work.
const BCRYPT_HEAVY = 30_000;

const LIMITS = {
  signInIpBurst: { points: 3, seconds: 1 },
  signInIp: { points: 5, seconds: 60 },
  signInPair: { points: 3, seconds: 30 },
  signUpIp: { points: 3, seconds: 60 },
  signUpEmail: { points: 2, seconds: 60 },
  refreshIp: { points: 3, seconds: 2 },
  functionsIp: { points: 3, seconds: 60 },
};

describe.each(backends)('rate limits on %s', (backend) => {
  let srv: TestServer;
  let nextHost = 2;
  beforeAll(async () => {
    srv = await startTestServer(backend, { rateLimits: LIMITS });
  }, STARTUP_TIMEOUT);
  afterAll(() => srv?.stop());

  /** A supabase-js client on a loopback address no other test uses. */
  const clientFrom = (ip = `127.0.0.${nextHost++}`): SupabaseClient =>
    createClient(srv.url, srv.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: WebSocket as never },
      global: { fetch: fetchFrom(ip) },
    });
  const newUser = async (password = 'correct-horse-1') => {
    const email = uniqueEmail('limited');
    const { data, error } = await clientFrom().auth.signUp({ email, password });
    if (error || !data.session) throw new Error(`sign-up failed: ${error?.message}`);
    return { email, password, session: data.session };
  };
  const rawFrom = (ip: string, path: string, body: unknown) =>
    fetchFrom(ip)(srv.url + path, { method: 'POST', headers: { apikey: srv.anonKey, 'content-type': 'application/json' }, body: JSON.stringify(body) });

  const expectGoTrue429 = async (res: Response) => {
    expect(res.status).toBe(429);
    const retryAfter = Number(res.headers.get('retry-after'));
    expect(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 60).toBe(true);
    expect(res.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    expect(await res.json()).toEqual({
      code: 'over_request_rate_limit',
      error_code: 'over_request_rate_limit',
      msg: `Request rate limit reached: try again in ${retryAfter} s`,
      message: `Request rate limit reached: try again in ${retryAfter} s`,
    });
  };

  test('password sign-in: 3 attempts per IP per second and 5 per minute, then 429 even with the right password; other addresses go on', async () => {
    const { email, password } = await newUser();
    const ip = `127.0.0.${nextHost++}`;
    const attacker = clientFrom(ip);
    const guess = () => attacker.auth.signInWithPassword({ email: uniqueEmail('guess'), password: 'wrong-guess' });
    // Sent together, so all four fall in one second however slow bcrypt is on a loaded machine.
    const burst = await Promise.all(Array.from({ length: 4 }, () => rawFrom(ip, '/auth/v1/token?grant_type=password', { email: uniqueEmail('guess'), password: 'wrong-guess' })));
    expect(burst.map((res) => res.status).sort()).toEqual([400, 400, 400, 429]);
    expect(burst.find((res) => res.status === 429)!.headers.get('retry-after')).toBe('1');
    await new Promise((resolve) => setTimeout(resolve, 1100));
    for (let i = 0; i < 2; i++) expect((await guess()).error).toMatchObject({ status: 400, code: 'invalid_credentials' });
    const blocked = await attacker.auth.signInWithPassword({ email, password });
    expect(blocked.error).toMatchObject({ name: 'AuthApiError', status: 429, code: 'over_request_rate_limit' });
    // A refusal is held back a little, so a flood gets its 429s at a trickle.
    const asked = performance.now();
    const refused = await rawFrom(ip, '/auth/v1/token?grant_type=password', { email, password });
    expect(performance.now() - asked).toBeGreaterThanOrEqual(REFUSAL_DELAY_MS - 5);
    await expectGoTrue429(refused);
    expect((await clientFrom().auth.signInWithPassword({ email, password })).error).toBeNull();
  }, BCRYPT_HEAVY);

  test('no lockout: ten wrong passwords for an email, from one address or from ten, and the owner still signs in from a fresh address; successes never count', async () => {
    const regular = await newUser();
    for (let i = 0; i < 4; i++) expect((await clientFrom().auth.signInWithPassword(regular)).error).toBeNull();

    const victim = await newUser();
    const attacker = clientFrom();
    const answers: (number | undefined)[] = [];
    for (let i = 0; i < 10; i++) answers.push((await attacker.auth.signInWithPassword({ email: victim.email, password: `guess-${i}` })).error?.status);
    expect(answers.every((status) => status === 400 || status === 429)).toBe(true);
    expect(answers).toContain(429);
    for (let i = 0; i < 10; i++) {
      const { error } = await clientFrom().auth.signInWithPassword({ email: victim.email, password: `spread-${i}` });
      expect(error).toMatchObject({ status: 400, code: 'invalid_credentials' });
    }
    const owner = await clientFrom().auth.signInWithPassword({ email: victim.email.toUpperCase(), password: victim.password });
    expect(owner.error).toBeNull();
    expect(owner.data.session?.user.email).toBe(victim.email);
  }, BCRYPT_HEAVY);

  test('a failing (address, email) pair is slowed down after its second failure, then stopped; only that pair', async () => {
    const victim = await newUser();
    const ip = `127.0.0.${nextHost++}`;
    const wrong = () => rawFrom(ip, '/auth/v1/token?grant_type=password', { email: victim.email, password: 'wrong-guess' });
    const right = () => rawFrom(ip, '/auth/v1/token?grant_type=password', { email: victim.email, password: victim.password });
    expect((await wrong()).status).toBe(400);
    expect((await wrong()).status).toBe(400);
    // The third attempt in the address's burst of three: only the pair's pause can refuse it.
    const paused = await right();
    await expectGoTrue429(paused);
    expect(paused.headers.get('retry-after')).toBe('1');
    expect((await clientFrom().auth.signInWithPassword(victim)).error).toBeNull();

    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await wrong()).status).toBe(400);
    const stopped = await right();
    expect(stopped.status).toBe(429);
    expect(Number(stopped.headers.get('retry-after'))).toBeGreaterThan(2);
    expect((await clientFrom().auth.signInWithPassword(victim)).error).toBeNull();
  }, BCRYPT_HEAVY);

  test("the owner's success at an address clears that pair's failures", async () => {
    const owner = await newUser();
    const client = clientFrom();
    const attempt = (password: string) => client.auth.signInWithPassword({ email: owner.email, password });
    expect((await attempt('typo-1')).error?.status).toBe(400);
    expect((await attempt('typo-2')).error?.status).toBe(400);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await attempt(owner.password)).error).toBeNull();
    // Counted afresh: one failure, then a second without a pause in between.
    expect((await attempt('typo-3')).error?.status).toBe(400);
    expect((await attempt('typo-4')).error?.status).toBe(400);
  }, BCRYPT_HEAVY);

  test('sign-up: 3 per IP and 2 per email; a refused sign-up creates nobody', async () => {
    const ip = `127.0.0.${nextHost++}`;
    const client = clientFrom(ip);
    for (let i = 0; i < 3; i++) expect((await client.auth.signUp({ email: uniqueEmail('burst'), password: 'pw123456' })).error).toBeNull();
    const email = uniqueEmail('refused');
    const refused = await client.auth.signUp({ email, password: 'pw123456' });
    expect(refused.error).toMatchObject({ status: 429, code: 'over_request_rate_limit' });
    expect(await srv.sql('select 1 from auth.users where email = $1', [email])).toHaveLength(0);

    const twice = uniqueEmail('twice');
    expect((await clientFrom().auth.signUp({ email: twice, password: 'pw123456' })).error).toBeNull();
    expect((await clientFrom().auth.signUp({ email: twice, password: 'pw123456' })).error).toMatchObject({ status: 422, code: 'user_already_exists' });
    await expectGoTrue429(await rawFrom(`127.0.0.${nextHost++}`, '/auth/v1/signup', { email: twice, password: 'pw123456' }));
  });

  test('token refresh: 3 per IP per 2 s; a refused refresh does not use up the token, and the limit lifts after Retry-After', async () => {
    const { session } = await newUser();
    const ip = `127.0.0.${nextHost++}`;
    let token = session.refresh_token;
    for (let i = 0; i < 3; i++) {
      const { data, error } = await clientFrom(ip).auth.refreshSession({ refresh_token: token });
      expect(error).toBeNull();
      token = data.session!.refresh_token;
    }
    const res = await rawFrom(ip, '/auth/v1/token?grant_type=refresh_token', { refresh_token: token });
    expect(res.status).toBe(429);
    const wait = Number(res.headers.get('retry-after'));
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(2);
    await new Promise((resolve) => setTimeout(resolve, wait * 1000 + 100));
    const after = await clientFrom(ip).auth.refreshSession({ refresh_token: token });
    expect(after.error).toBeNull();
    expect(after.data.session!.refresh_token).not.toBe(token);
  });

  test('functions: 3 calls per IP, then 429 with Retry-After in the functions’ error shape; preflights are free', async () => {
    const { session } = await newUser();
    const ip = `127.0.0.${nextHost++}`;
    const call = () =>
      fetchFrom(ip)(`${srv.url}/functions/v1/check-subscription`, { method: 'POST', headers: { authorization: `Bearer ${session.access_token}`, 'content-type': 'application/json' }, body: '{}' });
    const preflight = () =>
      fetchFrom(ip)(`${srv.url}/functions/v1/check-subscription`, { method: 'OPTIONS', headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'POST' } });
    for (let i = 0; i < 3; i++) {
      expect((await preflight()).status).toBe(204);
      expect((await call()).status).toBe(200);
    }
    const res = await call();
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(await res.json()).toEqual({ error: expect.stringMatching(/^Too many requests: try again in \d+ s$/) });
    expect((await preflight()).status).toBe(204);
  });

  test('limits come from RATE_LIMIT_* variables as points/seconds; nonsense is refused at start', () => {
    expect(rateLimitsFromEnv({})).toEqual(DEFAULT_RATE_LIMITS);
    const limits = rateLimitsFromEnv({ RATE_LIMIT_SIGN_IN_IP: '7/30', RATE_LIMIT_FUNCTIONS_IP: ' 1000 / 60 ' });
    expect(limits.signInIp).toEqual({ points: 7, seconds: 30 });
    expect(limits.functionsIp).toEqual({ points: 1000, seconds: 60 });
    expect(limits.signUpIp).toEqual(DEFAULT_RATE_LIMITS.signUpIp);
    for (const bad of ['0/10', '10/0', '10', 'ten/60', '-1/60']) {
      expect(() => rateLimitsFromEnv({ RATE_LIMIT_REFRESH_IP: bad })).toThrow(/RATE_LIMIT_REFRESH_IP must be "points\/seconds"/);
    }
  });
});

test('clients are counted per IPv4 address and per IPv6 /64', () => {
  expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
  expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
  const one = addressKey('2001:db8:abcd:12:1111:2222:3333:4444');
  expect(one).toBe('2001:db8:abcd:12::/64');
  expect(addressKey('2001:0db8:abcd:0012::9')).toBe(one);
  expect(addressKey('2001:db8:abcd:12:ffff::1%eth0')).toBe(one);
  expect(addressKey('2001:db8:abcd:13::1')).not.toBe(one);
  expect(addressKey('::1')).toBe('0:0:0:0::/64');
  expect(addressKey('2001:db8::')).toBe('2001:db8:0:0::/64');
});

test('behind a trusted proxy a client is counted by the address the proxy appended, never by what it claims itself', async () => {
  const app = new Hono();
  app.get('/trusted', (c) => c.text(clientIp(c, true)));
  app.get('/direct', (c) => c.text(clientIp(c, false)));
  const ask = async (path: string, forwarded?: string) =>
    (await app.request(path, { headers: forwarded === undefined ? {} : { 'x-forwarded-for': forwarded } })).text();
  expect(await ask('/trusted', '198.51.100.1, 203.0.113.9')).toBe('203.0.113.9');
  expect(await ask('/trusted', '2001:db8:abcd:12::7')).toBe('2001:db8:abcd:12::/64');
  // Without TRUST_PROXY the header is the client's own say: the peer address counts (none in app.request).
  expect(await ask('/direct', '203.0.113.9')).toBe('unknown');
  expect(await ask('/trusted', 'not-an-address')).toBe('unknown');
});
