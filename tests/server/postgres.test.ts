// Several server processes on one PostgreSQL database: nothing lives only in one process's memory.
import { decodeJwt } from 'jose';
import { freshDatabase, STARTUP_TIMEOUT, startTestServer, type TestServer } from './harness.ts';

const adminUrl = process.env.TEST_DATABASE_URL;
const describePg = adminUrl ? describe : describe.skip;

describePg('two servers on one PostgreSQL database', () => {
  let a: TestServer;
  let b: TestServer;
  let dropDatabase: () => Promise<void>;
  beforeAll(async () => {
    const db = await freshDatabase(adminUrl!);
    dropDatabase = db.dropDatabase;
    // Started together: the migration lock makes one migrate and the other find it done.
    [a, b] = await Promise.all([
      startTestServer('postgres', { databaseUrl: db.databaseUrl, jwtSecret: 's'.repeat(40) }),
      startTestServer('postgres', { databaseUrl: db.databaseUrl, jwtSecret: 's'.repeat(40) }),
    ]);
  }, STARTUP_TIMEOUT);
  afterAll(async () => {
    await a?.stop();
    await b?.stop();
    await dropDatabase?.();
  });

  test('each migration is recorded once', async () => {
    const rows = await a.sql<{ name: string; n: number }>('select name, count(*)::int as n from planner_meta.schema_migrations group by name');
    expect(rows.length).toBeGreaterThanOrEqual(3);
    expect(rows.every((r) => r.n === 1)).toBe(true);
  });

  test('task lists are compressed with lz4 where the server has it', async () => {
    const [{ lz4 }] = (await a.sql<{ lz4: boolean }>("select count(*) > 0 as lz4 from pg_settings where name = 'default_toast_compression' and 'lz4' = any(enumvals)")) as [{ lz4: boolean }];
    const rows = await a.sql("select attcompression from pg_attribute where attrelid = 'public.user_tasks'::regclass and attname = 'tasks'");
    expect(rows).toEqual([{ attcompression: lz4 ? 'l' : '' }]);
  });

  test('sessions, rotation and data are shared between the processes', async () => {
    const { email, password, user, client: onA } = await a.signUp();
    const onB = b.client();
    const signIn = await onB.auth.signInWithPassword({ email, password });
    expect(signIn.error).toBeNull();

    // B's refresh token rotates on A; B presenting it again at once gets the token A issued (the reuse
    // window), and once rotated further and older than the window, reusing it on B ends the session.
    const oldToken = signIn.data.session!.refresh_token;
    const rotated = await a.client().auth.refreshSession({ refresh_token: oldToken });
    expect(rotated.error).toBeNull();
    const again = await b.client().auth.refreshSession({ refresh_token: oldToken });
    expect(again.error).toBeNull();
    expect(again.data.session!.refresh_token).toBe(rotated.data.session!.refresh_token);
    expect((await a.client().auth.refreshSession({ refresh_token: rotated.data.session!.refresh_token })).error).toBeNull();
    await a.sql("update planner_auth.refresh_tokens set revoked_at = revoked_at - interval '1 minute' where revoked");
    const reuse = await b.client().auth.refreshSession({ refresh_token: oldToken });
    expect(reuse.error).toMatchObject({ code: 'refresh_token_already_used', message: 'Invalid Refresh Token: Already Used' });

    expect((await onA.from('user_tasks').upsert({ user_id: user.id, tasks: '["from A"]' })).error).toBeNull();
    const read = await onB.from('user_tasks').select('tasks').eq('user_id', user.id).maybeSingle();
    expect(read.data).toEqual({ tasks: '["from A"]' });

    // Sign-out on B revokes A's session of the same user (scope global).
    expect(decodeJwt(signIn.data.session!.access_token).sub).toBe(user.id);
    await onB.auth.signOut();
    const res = await a.api('/auth/v1/user', { headers: { authorization: `Bearer ${(await onA.auth.getSession()).data.session!.access_token}` } });
    expect(res.status).toBe(403);
  });
});
