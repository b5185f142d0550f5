// /auth/v1 through the real supabase-js client, as the app calls it.
import { createClient, type Session } from '@supabase/supabase-js';
import { decodeJwt } from 'jose';
import WebSocket from 'ws';
import { loadConfig } from '../../server/config.ts';
import { backends, STARTUP_TIMEOUT, startTestServer, uniqueEmail, type TestServer } from './harness.ts';

describe.each(backends)('auth on %s', (backend) => {
  let srv: TestServer;
  beforeAll(async () => {
    // The server's own bcrypt cost, as in production (the harness's other servers use the lowest).
    srv = await startTestServer(backend, { passwordHashCost: undefined });
  }, STARTUP_TIMEOUT);
  afterAll(() => srv?.stop());

  test('sign-up is auto-confirmed and returns a session with GoTrue claims', async () => {
    const email = uniqueEmail();
    const { data, error } = await srv.client().auth.signUp({ email, password: 'pw123456', options: { data: { name: 'Ada' } } });
    expect(error).toBeNull();
    const { session, user } = data;
    expect(user).toMatchObject({ email, aud: 'authenticated', role: 'authenticated', user_metadata: { name: 'Ada' } });
    expect(user!.email_confirmed_at).toEqual(expect.any(String));
    expect(session).toMatchObject({ token_type: 'bearer', expires_in: 3600, refresh_token: expect.any(String) });
    expect(session!.expires_at).toBeGreaterThan(Date.now() / 1000 + 3500);

    const claims = decodeJwt(session!.access_token);
    expect(claims).toMatchObject({
      iss: `${srv.url}/auth/v1`,
      sub: user!.id,
      aud: 'authenticated',
      email,
      phone: '',
      role: 'authenticated',
      aal: 'aal1',
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: { name: 'Ada' },
      session_id: expect.any(String),
      is_anonymous: false,
    });
    expect(claims.exp! - claims.iat!).toBe(3600);
    expect(claims.amr).toEqual([{ method: 'password', timestamp: expect.any(Number) }]);

    const [row] = await srv.sql<{ encrypted_password: string }>('select encrypted_password from auth.users where id = $1', [user!.id]);
    expect(row!.encrypted_password).toMatch(/^\$2[aby]\$10\$/);
  });

  test('sign-in with the right password; wrong password and unknown user get the same error', async () => {
    const { email, password, user } = await srv.signUp();
    const ok = await srv.client().auth.signInWithPassword({ email: email.toUpperCase(), password });
    expect(ok.error).toBeNull();
    expect(ok.data.user!.id).toBe(user.id);
    expect(ok.data.session!.access_token).toEqual(expect.any(String));

    for (const attempt of [{ email, password: 'wrong-password' }, { email: uniqueEmail('nobody'), password }]) {
      const { data, error } = await srv.client().auth.signInWithPassword(attempt);
      expect(data.session).toBeNull();
      expect(error).toMatchObject({ name: 'AuthApiError', status: 400, code: 'invalid_credentials', message: 'Invalid login credentials' });
    }
  });

  test('duplicate sign-up, weak password and invalid email are refused and create nobody', async () => {
    const { email } = await srv.signUp();
    const dup = await srv.client().auth.signUp({ email, password: 'another-pw' });
    expect(dup.error).toMatchObject({ status: 422, code: 'user_already_exists', message: 'User already registered' });

    const weakEmail = uniqueEmail('weak');
    const weak = await srv.client().auth.signUp({ email: weakEmail, password: '12345' });
    expect(weak.error).toMatchObject({ name: 'AuthWeakPasswordError', status: 422, code: 'weak_password', reasons: ['length'] });
    expect(weak.error!.message).toBe('Password should be at least 6 characters.');

    const invalid = await srv.client().auth.signUp({ email: 'not-an-email', password: 'pw123456' });
    expect(invalid.error).toMatchObject({ status: 400, code: 'validation_failed', message: 'Unable to validate email address: invalid format' });

    const users = await srv.sql('select 1 from auth.users where email = any($1)', [[weakEmail, 'not-an-email']]);
    expect(users).toHaveLength(0);
    expect(await srv.sql('select 1 from auth.users where email = $1', [email])).toHaveLength(1);
  });

  test('missing fields and malformed JSON get GoTrue-shaped 400s', async () => {
    const post = (path: string, body: string) =>
      srv.api(`/auth/v1/${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    const cases: [string, string, string, RegExp][] = [
      ['signup', '{"password":"pw123456"}', 'validation_failed', /email/],
      ['signup', `{"email":"${uniqueEmail()}"}`, 'validation_failed', /password/],
      ['token?grant_type=password', '{"password":"pw123456"}', 'validation_failed', /email/],
      ['token?grant_type=password', '{"email":"a@example.com"}', 'validation_failed', /password/],
      ['signup', '{"email": "a@example.com",', 'bad_json', /JSON/],
      ['token?grant_type=password', '[1,2]', 'bad_json', /JSON/],
      ['token?grant_type=refresh_token', '{}', 'validation_failed', /refresh_token/],
      ['token?grant_type=magic', '{}', 'validation_failed', /grant_type/],
    ];
    for (const [path, body, code, message] of cases) {
      const res = await post(path, body);
      expect(res.status).toBe(400);
      expect(res.headers.get('x-supabase-api-version')).toBe('2024-01-01');
      const json = await res.json();
      expect(json).toMatchObject({ code, error_code: code });
      expect(json.msg).toBe(json.message);
      expect(json.message).toMatch(message);
    }
  });

  test('an oversized body gets 413 in GoTrue’s shape and creates nobody', async () => {
    const email = uniqueEmail('big');
    const body = JSON.stringify({ email, password: 'pw123456', data: { blob: 'x'.repeat(6 * 1024 * 1024) } });
    const res = await srv.api('/auth/v1/signup', { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ code: 'request_too_large', error_code: 'request_too_large' });
    expect(await srv.sql('select 1 from auth.users where email = $1', [email])).toHaveLength(0);
  });

  /** Makes every rotated token of the session look rotated `seconds` ago (the reuse window is 10 s). */
  const ageRotations = (sessionId: unknown, seconds: number) =>
    srv.sql(
      `update planner_auth.refresh_tokens set revoked_at = revoked_at - make_interval(secs => $2::double precision)
       where session_id = $1 and revoked`,
      [sessionId, seconds],
    );

  test('refresh rotates the token; a rotated token reused within the window gets the current session', async () => {
    const { client, session, user } = await srv.signUp();
    const first = await client.auth.refreshSession();
    expect(first.error).toBeNull();
    const rotated = first.data.session!;
    expect(rotated.refresh_token).not.toBe(session.refresh_token);
    expect(rotated.user.id).toBe(user.id);
    expect(decodeJwt(rotated.access_token).session_id).toBe(decodeJwt(session.access_token).session_id);

    // The same old token again, at once: GoTrue answers with the active token rather than signing anyone out.
    const again = await srv.client().auth.refreshSession({ refresh_token: session.refresh_token });
    expect(again.error).toBeNull();
    expect(again.data.session!.refresh_token).toBe(rotated.refresh_token);
    expect(again.data.session!.user.id).toBe(user.id);
    const next = await srv.client().auth.refreshSession({ refresh_token: rotated.refresh_token });
    expect(next.error).toBeNull();
    expect(next.data.session!.refresh_token).not.toBe(rotated.refresh_token);

    const unknown = await srv.client().auth.refreshSession({ refresh_token: 'no-such-token' });
    expect(unknown.error).toMatchObject({ code: 'refresh_token_not_found', message: 'Invalid Refresh Token: Refresh Token Not Found' });
  });

  test('five refreshes of one token at the same moment all get the same new token; the chain does not fork', async () => {
    const { session } = await srv.signUp();
    const sessionId = decodeJwt(session.access_token).session_id;
    const responses = await Promise.all(
      Array.from({ length: 5 }, () =>
        srv.api('/auth/v1/token?grant_type=refresh_token', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ refresh_token: session.refresh_token }),
        }),
      ),
    );
    expect(responses.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    const tokens = new Set(await Promise.all(responses.map(async (r) => ((await r.json()) as { refresh_token: string }).refresh_token)));
    expect(tokens.size).toBe(1);
    expect(tokens.has(session.refresh_token)).toBe(false);
    expect(await srv.sql('select revoked from planner_auth.refresh_tokens where session_id = $1 order by created_at', [sessionId])).toEqual([
      { revoked: true },
      { revoked: false },
    ]);
  });

  test('the parent of the active token still answers with it after the window (a lost refresh response)', async () => {
    const { client, session } = await srv.signUp();
    const rotated = (await client.auth.refreshSession()).data.session!;
    await ageRotations(decodeJwt(session.access_token).session_id, 3600);
    const retried = await srv.client().auth.refreshSession({ refresh_token: session.refresh_token });
    expect(retried.error).toBeNull();
    expect(retried.data.session!.refresh_token).toBe(rotated.refresh_token);
  });

  test('reusing an older rotated token after the window revokes the whole session', async () => {
    const { client, session } = await srv.signUp();
    const sessionId = decodeJwt(session.access_token).session_id;
    const second = (await client.auth.refreshSession()).data.session!;
    const third = (await client.auth.refreshSession()).data.session!;
    expect(new Set([session.refresh_token, second.refresh_token, third.refresh_token]).size).toBe(3);
    await ageRotations(sessionId, 11);

    const reuse = await srv.client().auth.refreshSession({ refresh_token: session.refresh_token });
    expect(reuse.error).toMatchObject({ status: 400, code: 'refresh_token_already_used', message: 'Invalid Refresh Token: Already Used' });
    expect(await srv.sql('select 1 from planner_auth.sessions where id = $1', [sessionId])).toHaveLength(0);
    const afterReuse = await srv.client().auth.refreshSession({ refresh_token: third.refresh_token });
    expect(afterReuse.error).toMatchObject({ status: 400, code: 'refresh_token_not_found' });
    const res = await srv.api('/auth/v1/user', { headers: { authorization: `Bearer ${third.access_token}` } });
    expect(res.status).toBe(403);
  });

  test('the reuse window follows REFRESH_TOKEN_REUSE_INTERVAL', async () => {
    const { client, session } = await srv.signUp();
    const sessionId = decodeJwt(session.access_token).session_id;
    await client.auth.refreshSession();
    await client.auth.refreshSession();
    await ageRotations(sessionId, 11);
    const config = srv.server.ctx.config;
    const saved = config.refreshTokenReuseInterval;
    config.refreshTokenReuseInterval = 60;
    try {
      expect((await srv.client().auth.refreshSession({ refresh_token: session.refresh_token })).error).toBeNull();
      await ageRotations(sessionId, 60);
      const late = await srv.client().auth.refreshSession({ refresh_token: session.refresh_token });
      expect(late.error).toMatchObject({ code: 'refresh_token_already_used' });
    } finally {
      config.refreshTokenReuseInterval = saved;
    }
    expect((await loadConfig({ jwtSecret: 'x'.repeat(32) }, { REFRESH_TOKEN_REUSE_INTERVAL: '3' })).refreshTokenReuseInterval).toBe(3);
    expect((await loadConfig({ jwtSecret: 'x'.repeat(32) }, {})).refreshTokenReuseInterval).toBe(10);
  });

  test('two supabase-js clients sharing one stored session refresh at once and both stay signed in', async () => {
    const { email, password, user } = await srv.signUp();
    const stored = new Map<string, string>();
    const storage = {
      getItem: (key: string) => stored.get(key) ?? null,
      setItem: (key: string, value: string) => void stored.set(key, value),
      removeItem: (key: string) => void stored.delete(key),
    };
    const refreshStatuses: number[] = [];
    const recordingFetch: typeof fetch = async (input, init) => {
      const res = await fetch(input, init);
      if (String(input).includes('grant_type=refresh_token')) refreshStatuses.push(res.status);
      return res;
    };
    const tab = () =>
      createClient(srv.url, srv.anonKey, {
        auth: { storage, persistSession: true, autoRefreshToken: false, detectSessionInUrl: false },
        realtime: { transport: WebSocket as never },
        global: { fetch: recordingFetch },
      });
    const a = tab();
    expect((await a.auth.signInWithPassword({ email, password })).error).toBeNull();
    const b = tab();
    expect((await b.auth.getSession()).data.session?.user.id).toBe(user.id);

    for (let round = 0; round < 3; round++) {
      const results = await Promise.all([a.auth.refreshSession(), b.auth.refreshSession()]);
      // supabase-js drops its own result when the other tab wrote the shared slot first; that is not a sign-out.
      for (const { error } of results) if (error) expect(error.name).toBe('AuthRefreshDiscardedError');
      const [sa, sb] = await Promise.all([a.auth.getSession(), b.auth.getSession()]);
      expect(sa.data.session?.refresh_token).toEqual(expect.any(String));
      expect(sb.data.session?.refresh_token).toBe(sa.data.session?.refresh_token);
    }
    // Each round both tabs sent the same refresh token; the server answered every one with a session.
    expect(refreshStatuses).toEqual([200, 200, 200, 200, 200, 200]);
    const tasks = JSON.stringify([{ id: 't1', title: 'Still here', date: '2026-11-23', completed: false, createdAt: 1, order: 0 }]);
    expect((await a.from('user_tasks').upsert({ user_id: user.id, tasks })).error).toBeNull();
    for (const c of [a, b]) {
      expect((await c.auth.getSession()).data.session).not.toBeNull();
      expect((await c.auth.getUser()).error).toBeNull();
      const { data, error } = await c.from('user_tasks').select('tasks').eq('user_id', user.id);
      expect(error).toBeNull();
      expect(data).toEqual([{ tasks }]);
    }
  });

  test('passwords hashed by bcryptjs before the switch to @node-rs/bcrypt still sign in', async () => {
    // Written by bcryptjs 3.0 (hashSync with cost 10), as auth.users rows hold them today.
    const legacy = [
      ['legacy-pass-1', '$2b$10$ZQHleOZx9LVsifUm0bwl9u8DCoeFsXC43IEVTJixEF7RAHyD2L/b6'],
      ['legacy-pass-2', '$2a$10$LbtD1Augm1U8WeT.k8hEweWrinWE3jDyC2xb0kbr6ByG4pgSzNOfS'],
    ] as const;
    for (const [password, hash] of legacy) {
      const { email, user } = await srv.signUp();
      await srv.sql('update auth.users set encrypted_password = $2 where id = $1', [user.id, hash]);
      const ok = await srv.client().auth.signInWithPassword({ email, password });
      expect(ok.error).toBeNull();
      expect(ok.data.user!.id).toBe(user.id);
      const wrong = await srv.client().auth.signInWithPassword({ email, password: `${password}x` });
      expect(wrong.error).toMatchObject({ code: 'invalid_credentials' });
    }
  });

  test('token and user responses are never cached', async () => {
    const { email, password, session } = await srv.signUp();
    const json = { 'content-type': 'application/json' };
    const responses = [
      await srv.api('/auth/v1/signup', { method: 'POST', headers: json, body: JSON.stringify({ email: uniqueEmail(), password }) }),
      await srv.api('/auth/v1/token?grant_type=password', { method: 'POST', headers: json, body: JSON.stringify({ email, password }) }),
      await srv.api('/auth/v1/token?grant_type=refresh_token', { method: 'POST', headers: json, body: JSON.stringify({ refresh_token: session.refresh_token }) }),
      await srv.api('/auth/v1/user', { headers: { authorization: `Bearer ${session.access_token}` } }),
      await srv.api('/auth/v1/token?grant_type=password', { method: 'POST', headers: json, body: JSON.stringify({ email, password: 'wrong-one' }) }),
    ];
    expect(responses.map((r) => r.status)).toEqual([200, 200, 200, 200, 400]);
    for (const res of responses) expect(res.headers.get('cache-control')).toBe('no-store');
  });

  test('a refresh token works once: two sessions stay independent', async () => {
    const { email, password } = await srv.signUp();
    const a = srv.client();
    const b = srv.client();
    await a.auth.signInWithPassword({ email, password });
    await b.auth.signInWithPassword({ email, password });
    expect((await a.auth.refreshSession()).error).toBeNull();
    expect((await b.auth.refreshSession()).error).toBeNull();
    expect((await a.auth.refreshSession()).error).toBeNull();
  });

  test('getUser returns the user; sign-out revokes the session and refresh fails after', async () => {
    const { client, session, user } = await srv.signUp();
    const me = await client.auth.getUser();
    expect(me.error).toBeNull();
    expect(me.data.user).toMatchObject({ id: user.id, email: user.email });

    const { error } = await client.auth.signOut();
    expect(error).toBeNull();
    const { data } = await client.auth.getSession();
    expect(data.session).toBeNull();

    const refresh = await srv.client().auth.refreshSession({ refresh_token: session.refresh_token });
    expect(refresh.error).toMatchObject({ status: 400, code: 'refresh_token_not_found' });
    const sessionId = decodeJwt(session.access_token).session_id;
    expect(await srv.sql('select 1 from planner_auth.sessions where id = $1', [sessionId])).toHaveLength(0);

    const res = await srv.api('/auth/v1/user', { headers: { authorization: `Bearer ${session.access_token}` } });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ code: 'session_not_found' });
  });

  test('logout scope=local ends only that session, global (the default) every session of the user', async () => {
    const { email, password } = await srv.signUp();
    const sessions: Session[] = [];
    for (let i = 0; i < 3; i++) sessions.push((await srv.client().auth.signInWithPassword({ email, password })).data.session!);
    const logout = (token: string, scope: string) =>
      srv.api(`/auth/v1/logout?scope=${scope}`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });

    expect((await logout(sessions[0]!.access_token, 'local')).status).toBe(204);
    const refresh = (s: Session) => srv.client().auth.refreshSession({ refresh_token: s.refresh_token });
    expect((await refresh(sessions[0]!)).error).not.toBeNull();
    const stillThere = await refresh(sessions[1]!);
    expect(stillThere.error).toBeNull();

    expect((await logout(sessions[2]!.access_token, 'global')).status).toBe(204);
    expect((await refresh(sessions[2]!)).error).not.toBeNull();
    expect((await srv.client().auth.refreshSession({ refresh_token: stillThere.data.session!.refresh_token })).error).not.toBeNull();
  });

  test('logout and getUser need a valid user token', async () => {
    const anon = await srv.api('/auth/v1/logout', { method: 'POST', headers: { authorization: `Bearer ${srv.anonKey}` } });
    expect(anon.status).toBe(403);
    expect(await anon.json()).toMatchObject({ code: 'bad_jwt' });
    const none = await srv.api('/auth/v1/user');
    expect(none.status).toBe(401);
    expect(await none.json()).toMatchObject({ code: 'no_authorization' });
  });

  test('every auth request needs a valid apikey', async () => {
    const body = JSON.stringify({ email: uniqueEmail(), password: 'pw123456' });
    const missing = await fetch(`${srv.url}/auth/v1/signup`, { method: 'POST', body, headers: { 'content-type': 'application/json' } });
    expect(missing.status).toBe(401);
    expect(await missing.json()).toMatchObject({ message: 'No API key found in request' });

    const forged = await srv.api('/auth/v1/signup', { method: 'POST', body, headers: { apikey: srv.anonKey.slice(0, -4) + 'AAAA' } });
    expect(forged.status).toBe(401);
    expect(await forged.json()).toMatchObject({ message: 'Invalid API key' });

    const viaQuery = await fetch(`${srv.url}/auth/v1/signup?apikey=${srv.anonKey}`, { method: 'POST', body });
    expect(viaQuery.status).toBe(200);
  });

  test('CORS preflight is answered without an apikey and exposes the API version header', async () => {
    const res = await fetch(`${srv.url}/auth/v1/token?grant_type=password`, {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'POST', 'access-control-request-headers': 'apikey,content-type' },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-headers')).toContain('x-supabase-api-version');
    expect(res.headers.get('access-control-allow-methods')).toContain('PATCH');

    const bad = await srv.client().auth.signInWithPassword({ email: uniqueEmail(), password: 'pw123456' });
    expect(bad.error).not.toBeNull();
    const plain = await srv.api('/auth/v1/token?grant_type=password', { method: 'POST', body: '{}', headers: { origin: 'http://localhost:5173' } });
    expect(plain.headers.get('access-control-expose-headers')).toMatch(/X-Supabase-Api-Version/);
  });
});
