// HS256 tokens: access tokens with GoTrue's claims, and verification for every API call.
import { createHmac, createSecretKey, timingSafeEqual } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import type { AuthedUser, JwtClaims, ServerConfig } from './context.ts';

const ROLES: ReadonlySet<string> = new Set(['anon', 'authenticated', 'service_role']);
const VERIFIED_TOKENS_KEPT = 20_000;
// Three base64url segments, the last one 32 bytes (an HS256 MAC): the only shape the fast path below looks at.
const HS256_SHAPE = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/;
const PLAIN_HEADER_KEYS: ReadonlySet<string> = new Set(['alg', 'typ', 'kid']);

/**
 * The claims of an HS256 token whose MAC is right and that jose's jwtVerify (as called below) would accept, checked
 * with node:crypto's synchronous HMAC; undefined for anything else, which then goes to jose. It only ever accepts:
 * a token it does not take (another header, a bad MAC, an expired or not-yet-valid one) gets jose's full check and
 * jose's answer. WebCrypto's verify costs ~100 µs of CPU and a thread-pool round trip; this ~10 µs.
 */
function fastVerify(token: string, secret: ReturnType<typeof createSecretKey>): JwtClaims | undefined {
  if (!HS256_SHAPE.test(token)) return undefined;
  const signed = token.lastIndexOf('.');
  // Compared as text: a last character differing only in the bits base64 leaves unused is not taken here.
  const mac = Buffer.from(createHmac('sha256', secret).update(token.slice(0, signed)).digest('base64url'));
  if (!timingSafeEqual(mac, Buffer.from(token.slice(signed + 1)))) return undefined;
  const dot = token.indexOf('.');
  try {
    const header = JSON.parse(Buffer.from(token.slice(0, dot), 'base64url').toString('utf8')) as Record<string, unknown>;
    if (!header || typeof header !== 'object' || header.alg !== 'HS256' || !Object.keys(header).every((k) => PLAIN_HEADER_KEYS.has(k))) return undefined;
    const payload = JSON.parse(Buffer.from(token.slice(dot + 1, signed), 'base64url').toString('utf8')) as JwtClaims;
    if (!payload || typeof payload !== 'object' || Array.isArray(payload)) return undefined;
    const now = Math.floor(Date.now() / 1000);
    // jose: exp, nbf and iat must be numbers when present; expired at exp <= now; not valid before nbf > now.
    if (typeof payload.exp !== 'number' || payload.exp <= now) return undefined;
    if (payload.nbf !== undefined && (typeof payload.nbf !== 'number' || payload.nbf > now)) return undefined;
    if (payload.iat !== undefined && typeof payload.iat !== 'number') return undefined;
    return payload;
  } catch {
    return undefined;
  }
}

export type Verified = { ok: true; claims: JwtClaims } | { ok: false; reason: 'expired' | 'invalid' };

export interface UserForToken {
  id: string;
  email: string;
  app_metadata: Record<string, unknown>;
  user_metadata: Record<string, unknown>;
  is_anonymous: boolean;
}

export interface Jwt {
  verify(token: string): Promise<Verified>;
  signAccessToken(user: UserForToken, sessionId: string, signedInAt: number): Promise<{ token: string; expiresAt: number }>;
  /** Bearer header → signed-in user; null for missing, anon, service, forged or expired tokens. */
  authenticate(authorization: string | undefined): Promise<AuthedUser | null>;
}

export function bearerToken(authorization: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  return match?.[1];
}

export function createJwt(config: ServerConfig): Jwt {
  // One imported key for the process; importing it per call would cost more than the HMAC itself.
  const key = crypto.subtle.importKey('raw', new TextEncoder().encode(config.jwtSecret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
  const secret = createSecretKey(Buffer.from(config.jwtSecret, 'utf8'));
  const issuer = `${config.publicUrl}/auth/v1`;

  // A device sends the same token with every request for up to an hour: a token verified once is known by its
  // exact text until it expires, so the HMAC (WebCrypto, a thread-pool round trip) runs once per token, not per
  // request. Bounded; the oldest entries go first.
  const verified = new Map<string, JwtClaims>();
  const verify = async (token: string): Promise<Verified> => {
    const known = verified.get(token);
    if (known && typeof known.exp === 'number' && known.exp * 1000 > Date.now()) return { ok: true, claims: known };
    try {
      const payload = fastVerify(token, secret) ?? (await jwtVerify(token, await key, { algorithms: ['HS256'] })).payload;
      if (typeof payload.role !== 'string' || !ROLES.has(payload.role)) return { ok: false, reason: 'invalid' };
      const claims = payload as JwtClaims;
      if (typeof claims.exp === 'number') {
        if (verified.size >= VERIFIED_TOKENS_KEPT) verified.delete(verified.keys().next().value!);
        verified.set(token, claims);
      }
      return { ok: true, claims };
    } catch (err) {
      verified.delete(token);
      return { ok: false, reason: err instanceof errors.JWTExpired ? 'expired' : 'invalid' };
    }
  };

  return {
    verify,
    async signAccessToken(user, sessionId, signedInAt) {
      const iat = Math.floor(Date.now() / 1000);
      const expiresAt = iat + config.jwtExpirySeconds;
      const token = await new SignJWT({
        email: user.email,
        phone: '',
        app_metadata: user.app_metadata,
        user_metadata: user.user_metadata,
        role: 'authenticated',
        aal: 'aal1',
        amr: [{ method: 'password', timestamp: signedInAt }],
        session_id: sessionId,
        is_anonymous: user.is_anonymous,
      })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuer(issuer)
        .setSubject(user.id)
        .setAudience('authenticated')
        .setIssuedAt(iat)
        .setExpirationTime(expiresAt)
        .sign(await key);
      return { token, expiresAt };
    },
    async authenticate(authorization) {
      const token = bearerToken(authorization);
      if (!token) return null;
      const result = await verify(token);
      if (!result.ok || result.claims.role !== 'authenticated' || typeof result.claims.sub !== 'string') return null;
      return { id: result.claims.sub, email: typeof result.claims.email === 'string' ? result.claims.email : '', claims: result.claims };
    },
  };
}
