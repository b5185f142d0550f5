// Who may touch a user_tasks row: only its owner. Everyone else fails to read or write it, and the
// database is checked directly to prove nothing was written.
import { createClient } from '@supabase/supabase-js';
import { decodeJwt, SignJWT } from 'jose';
import WebSocket from 'ws';
import { backends, STARTUP_TIMEOUT, startTestServer, type TestServer } from './harness.ts';

const sign = (claims: Record<string, unknown>, secret: string, expiresAt: number) =>
  new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(expiresAt - 3600)
    .setExpirationTime(expiresAt)
    .sign(new TextEncoder().encode(secret));

describe.each(backends)('row-level security on %s', (backend) => {
  let srv: TestServer;
  let owner: Awaited<ReturnType<TestServer['signUp']>>;
  const ORIGINAL = JSON.stringify([{ id: 'task-1', title: 'mine', date: '2026-11-23', completed: false, createdAt: 1, order: 0 }]);

  beforeAll(async () => {
    srv = await startTestServer(backend);
    owner = await srv.signUp();
    const { error } = await owner.client.from('user_tasks').upsert({ user_id: owner.user.id, tasks: ORIGINAL });
    if (error) throw new Error(error.message);
  }, STARTUP_TIMEOUT);
  afterAll(() => srv?.stop());

  afterEach(async () => {
    // Whatever the attempt, the owner's row is untouched and nobody else got one.
    expect(await srv.sql('select user_id, tasks from public.user_tasks')).toEqual([{ user_id: owner.user.id, tasks: ORIGINAL }]);
  });

  /** A client that sends the given bearer token on data calls, as supabase-js does with a session. */
  const clientWithToken = (token: string) =>
    createClient(srv.url, srv.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      global: { headers: { Authorization: `Bearer ${token}` } },
      realtime: { transport: WebSocket as never },
    });

  const attempts = (client: ReturnType<typeof clientWithToken>) => ({
    read: () => client.from('user_tasks').select('tasks').eq('user_id', owner.user.id).maybeSingle(),
    readAll: () => client.from('user_tasks').select('*'),
    upsert: () => client.from('user_tasks').upsert({ user_id: owner.user.id, tasks: '[]' }),
    update: () => client.from('user_tasks').update({ tasks: '[]' }).eq('user_id', owner.user.id),
  });

  test('the owner reads their row', async () => {
    const { data, error } = await owner.client.from('user_tasks').select('tasks').eq('user_id', owner.user.id).maybeSingle();
    expect(error).toBeNull();
    expect(data).toEqual({ tasks: ORIGINAL });
  });

  test('another signed-in user sees nothing and cannot write the row', async () => {
    const other = await srv.signUp();
    const a = attempts(other.client);
    expect(await a.read()).toMatchObject({ data: null, error: null });
    expect((await a.readAll()).data).toEqual([]);
    const up = await a.upsert();
    expect(up.status).toBe(403);
    expect(up.error).toEqual({
      code: '42501',
      details: null,
      hint: null,
      message: 'new row violates row-level security policy for table "user_tasks"',
    });
    // An update through the filter matches no visible row: nothing happens.
    expect((await a.update()).error).toBeNull();
  });

  test('a user_id in the body is never trusted, not even inside a batch with the own row', async () => {
    const other = await srv.signUp();
    const batch = await other.client.from('user_tasks').upsert(
      [
        { user_id: other.user.id, tasks: '["own"]' },
        { user_id: owner.user.id, tasks: '["stolen"]' },
      ],
      { onConflict: 'user_id' },
    );
    expect(batch.status).toBe(403);
    expect(batch.error).toMatchObject({ code: '42501' });
  });

  test('the anon key is refused with 401', async () => {
    const a = attempts(srv.client());
    for (const result of [await a.read(), await a.upsert()]) {
      expect(result.status).toBe(401);
      expect(result.error).toMatchObject({ code: '42501' });
    }
  });

  test('a forged token (right claims, wrong secret) is refused with 401 PGRST301', async () => {
    const claims = decodeJwt(owner.session.access_token);
    const forged = await sign(claims, 'another-secret-that-is-at-least-32-chars', Math.floor(Date.now() / 1000) + 3600);
    const a = attempts(clientWithToken(forged));
    for (const result of [await a.read(), await a.upsert()]) {
      expect(result.status).toBe(401);
      expect(result.error).toMatchObject({ code: 'PGRST301' });
    }
  });

  test('an expired token signed with the real secret is refused with 401 PGRST303 "JWT expired"', async () => {
    const claims = decodeJwt(owner.session.access_token);
    const expired = await sign(claims, srv.jwtSecret, Math.floor(Date.now() / 1000) - 10);
    const a = attempts(clientWithToken(expired));
    for (const result of [await a.read(), await a.upsert()]) {
      expect(result.status).toBe(401);
      expect(result.error).toMatchObject({ code: 'PGRST303', message: 'JWT expired' });
    }
  });

  test('unsigned tokens and unknown roles are refused', async () => {
    const claims = decodeJwt(owner.session.access_token);
    const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const unsigned = `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`;
    const superuser = await sign({ ...claims, role: 'postgres' }, srv.jwtSecret, Math.floor(Date.now() / 1000) + 3600);
    for (const token of [unsigned, superuser, 'not-a-jwt']) {
      const result = await attempts(clientWithToken(token)).upsert();
      expect(result.status).toBe(401);
      expect(result.error).toMatchObject({ code: 'PGRST301' });
    }
  });

  test('the service role bypasses row-level security (server-side use only)', async () => {
    const { data, error } = await srv.client(srv.serviceKey).from('user_tasks').select('user_id');
    expect(error).toBeNull();
    expect(data).toEqual([{ user_id: owner.user.id }]);
  });

  test('the policies hold in the database itself, not only in the server', async () => {
    const other = await srv.signUp();
    const asOther = (sql: string) =>
      srv.server.ctx.db.asUser({ role: 'authenticated', sub: other.user.id }, (q) => q.query(sql, [owner.user.id]));
    expect((await asOther('select * from public.user_tasks where user_id = $1')).rows).toEqual([]);
    expect((await asOther("update public.user_tasks set tasks = 'x' where user_id = $1 returning 1")).rows).toEqual([]);
    await expect(asOther("insert into public.user_tasks (user_id, tasks) values ($1, 'x')")).rejects.toMatchObject({ code: '42501' });
    await expect(srv.server.ctx.db.asUser({ role: 'anon' }, (q) => q.query('select * from public.user_tasks'))).rejects.toMatchObject({
      code: '42501',
    });
    await expect(srv.server.ctx.db.asUser({ role: 'anon' }, (q) => q.query('select * from auth.users'))).rejects.toMatchObject({
      code: '42501',
    });
  });
});
