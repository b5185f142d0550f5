// Token verification remembers a token it verified until that token expires: the same token is not checked again
// per request, an expired one is refused even when remembered, and a forged variant of a remembered one is not.
import { SignJWT } from 'jose';
import type { ServerConfig } from '../../server/context.ts';
import { createJwt } from '../../server/jwt.ts';

const secret = 'j'.repeat(40);
const jwt = createJwt({ jwtSecret: secret, publicUrl: 'http://127.0.0.1:1', jwtExpirySeconds: 3600 } as ServerConfig);
const sign = (exp: number, sub = 'user-1') =>
  new SignJWT({ role: 'authenticated' }).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setSubject(sub).setExpirationTime(exp).sign(new TextEncoder().encode(secret));

test('a remembered token stops being accepted when it expires', async () => {
  const token = await sign(Math.floor(Date.now() / 1000) + 2);
  expect(await jwt.verify(token)).toMatchObject({ ok: true, claims: { sub: 'user-1' } });
  expect(await jwt.verify(token)).toMatchObject({ ok: true });
  await new Promise((resolve) => setTimeout(resolve, 2100));
  expect(await jwt.verify(token)).toEqual({ ok: false, reason: 'expired' });
});

test('a token differing from a remembered one in any byte is verified on its own (and a forgery refused)', async () => {
  const token = await sign(Math.floor(Date.now() / 1000) + 600);
  expect((await jwt.verify(token)).ok).toBe(true);
  const [header, , signature] = token.split('.');
  const otherPayload = Buffer.from(JSON.stringify({ role: 'service_role', sub: 'user-1', exp: Math.floor(Date.now() / 1000) + 600 })).toString('base64url');
  expect(await jwt.verify(`${header}.${otherPayload}.${signature}`)).toEqual({ ok: false, reason: 'invalid' });
});
