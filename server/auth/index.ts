// /auth/v1: the part of GoTrue the app uses — sign-up, password and refresh-token grants, logout, user.
// Native bcrypt on libuv's thread pool: hashing no longer blocks every other request. It verifies the
// $2a$/$2b$ hashes bcryptjs wrote, and writes $2y$ (the same algorithm).
import { randomBytes } from 'node:crypto';
import { hash as bcryptHash, hashSync as bcryptHashSync, verify as bcryptVerify } from '@node-rs/bcrypt';
import { Hono, type Context } from 'hono';
import { AUTH_MAX_BODY_BYTES, BodyError, MAX_USER_METADATA_BYTES, parseJsonText } from '../body.ts';
import type { ServerContext } from '../context.ts';
import { allowOnly, authError, readText } from '../http.ts';
import { bearerToken, type Jwt } from '../jwt.ts';
import { hashGate } from '../queue.ts';
import { clientIp, type RateLimitName } from '../ratelimit.ts';
import { rotateRefreshToken, startSession, type SessionStart } from './sessions.ts';
import { forToken, USER_COLUMNS, userJson, type UserRow } from './users.ts';

const BCRYPT_COST = 10;
const DEFAULT_REFRESH_TOKEN_REUSE_INTERVAL = 10;
const MIN_PASSWORD_LENGTH = 6;
// From a pair's second failure on, its next attempt waits 1, 2, 4 … s (at most this).
const MAX_PAIR_PAUSE_SECONDS = 60;
// Compared against when the email is unknown, so both failures take the same time.
const DUMMY_HASH = '$2b$10$oYL.ImMTTT72yiMKnJlUuORYolQvlnkQcBQSPziJV2dNkWvT3urNK';
// The HTML5 definition of a valid e-mail address, as GoTrue uses.
const EMAIL_RE = /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

type Body = Record<string, unknown>;

/** Parses a JSON object body (size, depth and string checks in body.ts); otherwise answers the way GoTrue does. */
async function jsonBody(c: Context, ctx: ServerContext): Promise<Body | Response> {
  let value: unknown;
  try {
    value = parseJsonText(await readText(c, ctx.config, AUTH_MAX_BODY_BYTES), {});
  } catch (err) {
    if (!(err instanceof BodyError)) throw err;
    return err.status === 413 ? authError(c, 413, 'request_too_large', err.message) : authError(c, 400, 'bad_json', err.message);
  }
  if (value && typeof value === 'object' && !Array.isArray(value)) return value as Body;
  return authError(c, 400, 'bad_json', 'Could not parse request body as JSON: expected an object');
}

const str = (v: unknown) => (typeof v === 'string' ? v : undefined);
const normaliseEmail = (email: string) => email.trim().toLowerCase();

export function authRoutes(ctx: ServerContext, jwt: Jwt): Hono {
  const { db, config } = ctx;
  const limits = ctx.rateLimiters;
  const hashCost = config.passwordHashCost ?? BCRYPT_COST;
  // An unknown email costs what a known one does only when both hashes have the same cost.
  const dummyHash = hashCost === BCRYPT_COST ? DUMMY_HASH : bcryptHashSync(randomBytes(16).toString('hex'), hashCost);

  /** GoTrue's 429 after waiting `wait` seconds; null when the request may go on. */
  const tooMany = (c: Context, wait: number | null): Response | null => {
    if (wait === null) return null;
    c.header('Retry-After', String(wait));
    return authError(c, 429, 'over_request_rate_limit', `Request rate limit reached: try again in ${wait} s`);
  };
  const limited = async (c: Context, name: RateLimitName, key: string) => tooMany(c, await limits.take(name, key));

  const session = async (user: UserRow, s: SessionStart) => {
    const { token, expiresAt } = await jwt.signAccessToken(forToken(user), s.sessionId, s.signedInAt);
    return {
      access_token: token,
      token_type: 'bearer',
      expires_in: config.jwtExpirySeconds,
      expires_at: expiresAt,
      refresh_token: s.refreshToken,
      user: userJson(user),
    };
  };

  /** A valid user JWT whose session still exists, or GoTrue's error. */
  const requireUser = async (c: Context): Promise<{ sub: string; sessionId?: string } | Response> => {
    const token = bearerToken(c.req.header('authorization'));
    if (!token) return authError(c, 401, 'no_authorization', 'This endpoint requires a valid Bearer token');
    const result = await jwt.verify(token);
    if (!result.ok) {
      const why = result.reason === 'expired' ? 'token has invalid claims: token is expired' : 'signature is invalid';
      return authError(c, 403, 'bad_jwt', `invalid JWT: unable to parse or verify signature, ${why}`);
    }
    const { sub, session_id: sessionId } = result.claims;
    if (result.claims.role !== 'authenticated' || typeof sub !== 'string') {
      return authError(c, 403, 'bad_jwt', 'invalid claim: missing sub claim');
    }
    return { sub, sessionId: typeof sessionId === 'string' ? sessionId : undefined };
  };

  const app = new Hono();

  // Sessions and user data must never sit in a browser or proxy cache.
  app.use('*', async (c, next) => {
    await next();
    c.res.headers.set('Cache-Control', 'no-store');
  });

  app.post('/signup', async (c) => {
    const overIp = await limited(c, 'signUpIp', clientIp(c, config.trustProxy));
    if (overIp) return overIp;
    const body = await jsonBody(c, ctx);
    if (body instanceof Response) return body;
    const rawEmail = str(body.email);
    const password = str(body.password);
    if (!rawEmail) return authError(c, 400, 'validation_failed', 'To signup, please provide your email');
    if (!password) return authError(c, 400, 'validation_failed', 'Signup requires a valid password');
    const email = normaliseEmail(rawEmail);
    if (email.length > 255 || !EMAIL_RE.test(email)) {
      return authError(c, 400, 'validation_failed', 'Unable to validate email address: invalid format');
    }
    if ([...password].length < MIN_PASSWORD_LENGTH) {
      return authError(c, 422, 'weak_password', `Password should be at least ${MIN_PASSWORD_LENGTH} characters.`, {
        weak_password: { reasons: ['length'] },
      });
    }
    // bcrypt ignores everything past 72 bytes; GoTrue refuses such passwords rather than truncate them.
    if (Buffer.byteLength(password) > 72) return authError(c, 422, 'validation_failed', 'Password cannot be longer than 72 characters');
    const metadata = body.data && typeof body.data === 'object' && !Array.isArray(body.data) ? body.data : {};
    const metadataJson = JSON.stringify(metadata);
    // It goes into every access token: a big one would make every request carry it.
    if (Buffer.byteLength(metadataJson) > MAX_USER_METADATA_BYTES) {
      return authError(c, 400, 'validation_failed', `User metadata is too large: at most ${MAX_USER_METADATA_BYTES} bytes as JSON`);
    }
    const overEmail = await limited(c, 'signUpEmail', email);
    if (overEmail) return overEmail;
    // Hash outside the transaction: PGlite runs one transaction at a time.
    const hash = await hashGate(clientIp(c, config.trustProxy), () => bcryptHash(password, hashCost));
    // The response is built inside the transaction, so a failure anywhere leaves no user behind.
    const created = await db.transaction(async (q) => {
      const { rows } = await q.query<UserRow>(
        `insert into auth.users as u (email, encrypted_password, email_confirmed_at, last_sign_in_at, raw_user_meta_data)
         values ($1, $2, now(), now(), $3) on conflict (email) do nothing returning ${USER_COLUMNS}`,
        [email, hash, metadataJson],
      );
      const user = rows[0];
      return user ? await session(user, await startSession(q, user.id)) : null;
    });
    if (!created) return authError(c, 422, 'user_already_exists', 'User already registered');
    return c.json(created);
  });

  app.post('/token', async (c) => {
    const grant = c.req.query('grant_type');
    if (grant !== 'password' && grant !== 'refresh_token') {
      return authError(c, 400, 'validation_failed', 'unsupported_grant_type: use grant_type=password or grant_type=refresh_token');
    }
    const ip = clientIp(c, config.trustProxy);
    const overIp =
      grant === 'password' ? ((await limited(c, 'signInIpBurst', ip)) ?? (await limited(c, 'signInIp', ip))) : await limited(c, 'refreshIp', ip);
    if (overIp) return overIp;
    const body = await jsonBody(c, ctx);
    if (body instanceof Response) return body;

    if (grant === 'password') {
      const rawEmail = str(body.email);
      const password = str(body.password);
      if (!rawEmail) return authError(c, 400, 'validation_failed', 'Sign in requires an email address');
      if (!password) return authError(c, 400, 'validation_failed', 'Sign in requires a password');
      const email = normaliseEmail(rawEmail);
      // Failures count per (address, email), checked before bcrypt: an address that keeps failing at one account
      // is slowed down, then stopped, while the owner signing in from anywhere else is never refused.
      const pair = `${ip} ${email}`;
      const overPair = tooMany(c, (await limits.check('signInPair', pair)) ?? (await limits.check('pause', pair)));
      if (overPair) return overPair;
      const { rows } = await db.query<UserRow>(`select ${USER_COLUMNS} from auth.users u where u.email = $1`, [email]);
      const found = rows[0];
      const matches = await hashGate(ip, () => bcryptVerify(password, found?.encrypted_password ?? dummyHash));
      if (!found || !matches) {
        const failures = await limits.count('signInPair', pair);
        if (failures >= 2) await limits.pause(pair, Math.min(2 ** (failures - 2), MAX_PAIR_PAUSE_SECONDS));
        return authError(c, 400, 'invalid_credentials', 'Invalid login credentials');
      }
      await Promise.all([limits.reset('signInPair', pair), limits.reset('pause', pair)]);
      const signedIn = await db.transaction(async (q) => {
        const updated = await q.query<UserRow>(
          `update auth.users u set last_sign_in_at = now(), updated_at = now() where u.id = $1 returning ${USER_COLUMNS}`,
          [found.id],
        );
        const user = updated.rows[0];
        return user ? await session(user, await startSession(q, user.id)) : null;
      });
      if (!signedIn) return authError(c, 400, 'invalid_credentials', 'Invalid login credentials');
      return c.json(signedIn);
    }

    const refreshToken = str(body.refresh_token);
    if (!refreshToken) return authError(c, 400, 'validation_failed', 'refresh_token required');
    const reuseInterval = config.refreshTokenReuseInterval ?? DEFAULT_REFRESH_TOKEN_REUSE_INTERVAL;
    const outcome = await rotateRefreshToken(db, refreshToken, reuseInterval, session);
    if ('error' in outcome) {
      return outcome.error === 'already_used'
        ? authError(c, 400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used')
        : authError(c, 400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
    }
    return c.json(outcome.body);
  });

  // GoTrue's scopes: global (the client's default) ends every session of the user, local only this one,
  // others all but this one.
  app.post('/logout', async (c) => {
    const who = await requireUser(c);
    if (who instanceof Response) return who;
    const scope = c.req.query('scope') ?? 'global';
    if (scope !== 'global' && scope !== 'local' && scope !== 'others') {
      return authError(c, 400, 'validation_failed', 'Unsupported logout scope: use global, local or others');
    }
    if (scope === 'local') {
      if (who.sessionId) await db.query('delete from planner_auth.sessions where id = $1 and user_id = $2', [who.sessionId, who.sub]);
    } else if (scope === 'others') {
      await db.query('delete from planner_auth.sessions where user_id = $1 and id is distinct from $2', [who.sub, who.sessionId ?? null]);
    } else {
      await db.query('delete from planner_auth.sessions where user_id = $1', [who.sub]);
    }
    return c.body(null, 204);
  });

  app.get('/user', async (c) => {
    const who = await requireUser(c);
    if (who instanceof Response) return who;
    const { rows } = await db.query<UserRow & { has_session: boolean }>(
      `select ${USER_COLUMNS}, exists (select 1 from planner_auth.sessions s where s.id = $2 and s.user_id = u.id) as has_session
       from auth.users u where u.id = $1`,
      [who.sub, who.sessionId ?? null],
    );
    const user = rows[0];
    if (!user) return authError(c, 403, 'user_not_found', 'User from sub claim in JWT does not exist');
    if (who.sessionId && !user.has_session) return authError(c, 403, 'session_not_found', 'Session from session_id claim in JWT does not exist');
    return c.json(userJson(user));
  });

  const refuse = (c: Context, message: string) => authError(c, 405, 'method_not_allowed', message);
  for (const path of ['/signup', '/token', '/logout']) app.all(path, allowOnly(['POST'], refuse));
  app.all('/user', allowOnly(['GET', 'HEAD'], refuse));

  return app;
}
