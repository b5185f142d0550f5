// Token verification remembers a token it verified until that token expires: the same token is not checked again
// per request, an expired one is refused even when remembered, and a forged variant of a remembered one is not.
import { createHmac } from 'node:crypto';
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

// The synchronous HMAC path (server/jwt.ts, fastVerify) takes only plain HS256 tokens it is sure of; anything else
// gets jose's whole check and jose's answer.
const now = () => Math.floor(Date.now() / 1000);
const signWith = (payload: Record<string, unknown>, header: Record<string, unknown> = { alg: 'HS256', typ: 'JWT' }, key = secret) =>
  new SignJWT(payload).setProtectedHeader(header as { alg: string }).sign(new TextEncoder().encode(key));

test('a plain HS256 token is verified without WebCrypto', async () => {
  const subtleVerify = jest.spyOn(globalThis.crypto.subtle, 'verify');
  try {
    const token = await signWith({ role: 'authenticated', sub: 'fast-1', exp: now() + 600, iat: now() });
    expect(await jwt.verify(token)).toMatchObject({ ok: true, claims: { sub: 'fast-1', role: 'authenticated' } });
    expect(subtleVerify).not.toHaveBeenCalled();
  } finally {
    subtleVerify.mockRestore();
  }
});

test('tokens the fast path does not take get jose’s answer', async () => {
  const exp = now() + 600;
  const wrongKey = await signWith({ role: 'authenticated', sub: 'u', exp }, undefined, 'k'.repeat(40));
  expect(await jwt.verify(wrongKey)).toEqual({ ok: false, reason: 'invalid' });
  const notYet = await signWith({ role: 'authenticated', sub: 'u', exp, nbf: now() + 300 });
  expect(await jwt.verify(notYet)).toEqual({ ok: false, reason: 'invalid' });
  const iatText = await signWith({ role: 'authenticated', sub: 'u', exp, iat: 'yesterday' });
  expect(await jwt.verify(iatText)).toEqual({ ok: false, reason: 'invalid' });
  const expired = await signWith({ role: 'authenticated', sub: 'u', exp: now() - 1 });
  expect(await jwt.verify(expired)).toEqual({ ok: false, reason: 'expired' });
  // A critical header parameter jose does not know is refused, though the MAC is right.
  const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const criticalInput = `${b64({ alg: 'HS256', crit: ['x-planner'], 'x-planner': 1 })}.${b64({ role: 'authenticated', sub: 'u', exp })}`;
  const critical = `${criticalInput}.${createHmac('sha256', secret).update(criticalInput).digest('base64url')}`;
  expect(await jwt.verify(critical)).toEqual({ ok: false, reason: 'invalid' });
  const unsigned = `${b64({ alg: 'none' })}.${b64({ role: 'service_role', exp })}.`;
  expect(await jwt.verify(unsigned)).toEqual({ ok: false, reason: 'invalid' });
  // Any role outside the three is refused on either path.
  expect(await jwt.verify(await signWith({ role: 'postgres', sub: 'u', exp }))).toEqual({ ok: false, reason: 'invalid' });
});
