// /rest/v1 through supabase-js (as the app calls it) and raw HTTP for the error shapes.
import { backends, STARTUP_TIMEOUT, startTestServer, type TestServer } from './harness.ts';

const tasksJson = (n: number) =>
  JSON.stringify(
    Array.from({ length: n }, (_, i) => ({
      id: `task-${1_700_000_000_000 + i}-abc${i}`,
      title: `Task ${i} with "quotes" and ünïcödé`,
      date: '2026-11-23',
      completed: i % 3 === 0,
      createdAt: 1_700_000_000_000 + i,
      order: i,
    })),
  );

describe.each(backends)('rest on %s', (backend) => {
  let srv: TestServer;
  beforeAll(async () => {
    srv = await startTestServer(backend);
  }, STARTUP_TIMEOUT);
  afterAll(() => srv?.stop());

  const rowOf = async (userId: string) =>
    (await srv.sql<{ tasks: string | null; updated_at: Date }>('select tasks, updated_at from public.user_tasks where user_id = $1', [userId]))[0];

  test('the app’s upsert and maybeSingle select round-trip the JSON string', async () => {
    const { client, user } = await srv.signUp();
    const none = await client.from('user_tasks').select('tasks').eq('user_id', user.id).maybeSingle();
    expect(none).toMatchObject({ data: null, error: null, status: 200 });

    const tasks = tasksJson(50);
    const up = await client.from('user_tasks').upsert({ user_id: user.id, tasks });
    expect(up).toMatchObject({ error: null, data: null, status: 201 });
    const first = await rowOf(user.id);
    expect(first!.tasks).toBe(tasks);

    const got = await client.from('user_tasks').select('tasks').eq('user_id', user.id).maybeSingle();
    expect(got.error).toBeNull();
    expect(got.data).toEqual({ tasks });
    expect(JSON.parse(got.data!.tasks)).toHaveLength(50);

    // Second upsert with onConflict, as the sync code may call it: the row is replaced and updated_at moves.
    const again = await client.from('user_tasks').upsert({ user_id: user.id, tasks: '[]' }, { onConflict: 'user_id' });
    expect(again.status).toBe(201);
    const second = await rowOf(user.id);
    expect(second!.tasks).toBe('[]');
    expect(new Date(second!.updated_at).getTime()).toBeGreaterThan(new Date(first!.updated_at).getTime());
    expect(await srv.sql('select 1 from public.user_tasks where user_id = $1', [user.id])).toHaveLength(1);
  });

  test('array upserts send columns=, return=representation returns the rows', async () => {
    const { client, user } = await srv.signUp();
    const res = await client.from('user_tasks').upsert([{ user_id: user.id, tasks: '["a"]' }], { onConflict: 'user_id' }).select('user_id, tasks');
    expect(res.error).toBeNull();
    expect(res.status).toBe(201);
    expect(res.data).toEqual([{ user_id: user.id, tasks: '["a"]' }]);
  });

  test('an upsert raw request gets 201, an empty body and Content-Range */*', async () => {
    const { user, session } = await srv.signUp();
    const res = await srv.api('/rest/v1/user_tasks?on_conflict=user_id', {
      method: 'POST',
      headers: {
        authorization: `Bearer ${session.access_token}`,
        'content-type': 'application/json',
        prefer: 'resolution=merge-duplicates',
        'content-profile': 'public',
      },
      body: JSON.stringify({ user_id: user.id, tasks: '[]' }),
    });
    expect(res.status).toBe(201);
    expect(res.headers.get('content-range')).toBe('*/*');
    expect(await res.text()).toBe('');

    const get = await srv.api(`/rest/v1/user_tasks?select=tasks&user_id=eq.${user.id}`, { headers: { authorization: `Bearer ${session.access_token}` } });
    expect(get.status).toBe(200);
    expect(get.headers.get('content-range')).toBe('0-0/*');
    expect(await get.json()).toEqual([{ tasks: '[]' }]);
  });

  test('a plain insert of an existing row conflicts with 409 23505', async () => {
    const { client, user } = await srv.signUp();
    expect((await client.from('user_tasks').insert({ user_id: user.id, tasks: '[1]' })).status).toBe(201);
    const dup = await client.from('user_tasks').insert({ user_id: user.id, tasks: '[2]' });
    expect(dup.status).toBe(409);
    expect(dup.error).toMatchObject({ code: '23505' });
    expect((await rowOf(user.id))!.tasks).toBe('[1]');
  });

  test('single() returns an object, or 406 PGRST116 when there is no row', async () => {
    const { client, user } = await srv.signUp();
    const missing = await client.from('user_tasks').select('tasks').eq('user_id', user.id).single();
    expect(missing.status).toBe(406);
    expect(missing.error).toMatchObject({ code: 'PGRST116' });
    await client.from('user_tasks').upsert({ user_id: user.id, tasks: '[]' });
    const one = await client.from('user_tasks').select('*').eq('user_id', user.id).single();
    expect(one.error).toBeNull();
    expect(one.data).toMatchObject({ user_id: user.id, tasks: '[]', updated_at: expect.any(String) });
  });

  test('update with an eq filter changes the own row; delete is not granted', async () => {
    const { client, user } = await srv.signUp();
    await client.from('user_tasks').upsert({ user_id: user.id, tasks: '[]' });
    const upd = await client.from('user_tasks').update({ tasks: '["x"]' }).eq('user_id', user.id);
    expect(upd.error).toBeNull();
    expect(upd.status).toBe(204);
    expect((await rowOf(user.id))!.tasks).toBe('["x"]');

    const del = await client.from('user_tasks').delete().eq('user_id', user.id);
    expect(del.status).toBe(403);
    expect(del.error).toMatchObject({ code: '42501' });
    expect(await rowOf(user.id)).toBeDefined();
  });

  describe('errors are PostgREST-shaped and write nothing', () => {
    let auth: Record<string, string>;
    let userId: string;
    beforeAll(async () => {
      const { user, session } = await srv.signUp();
      userId = user.id;
      auth = { authorization: `Bearer ${session.access_token}`, 'content-type': 'application/json', prefer: 'resolution=merge-duplicates' };
    });
    const expectShape = async (res: Response, status: number, code: string) => {
      expect(res.status).toBe(status);
      const body = await res.json();
      expect(Object.keys(body).sort()).toEqual(['code', 'details', 'hint', 'message']);
      expect(body).toMatchObject({ code, message: expect.any(String) });
      return body;
    };
    afterEach(async () => {
      expect(await srv.sql('select 1 from public.user_tasks where user_id = $1', [userId])).toHaveLength(0);
    });

    test('malformed JSON → 400 PGRST102', async () => {
      await expectShape(await srv.api('/rest/v1/user_tasks', { method: 'POST', headers: auth, body: `{"user_id":"${userId}","tasks":` }), 400, 'PGRST102');
      await expectShape(await srv.api('/rest/v1/user_tasks', { method: 'POST', headers: auth, body: '"just a string"' }), 400, 'PGRST102');
    });

    test('a body over the limit → 413, with or without Content-Length', async () => {
      const big = JSON.stringify({ user_id: userId, tasks: 'x'.repeat(5 * 1024 * 1024) });
      await expectShape(await srv.api('/rest/v1/user_tasks', { method: 'POST', headers: auth, body: big }), 413, 'PGRST413');
      // Chunked: no Content-Length, the limit is enforced while reading.
      const bytes = new TextEncoder().encode(big);
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          for (let i = 0; i < bytes.length; i += 65536) controller.enqueue(bytes.subarray(i, i + 65536));
          controller.close();
        },
      });
      const res = await srv.api('/rest/v1/user_tasks', { method: 'POST', headers: auth, body: stream, duplex: 'half' } as RequestInit & { headers: Record<string, string> });
      await expectShape(res, 413, 'PGRST413');
    });

    test('unknown table → 404 PGRST205; internal schemas are not reachable', async () => {
      const { client } = await srv.signUp();
      const res = await client.from('no_such_table').select('*');
      expect(res.status).toBe(404);
      expect(res.error).toMatchObject({ code: 'PGRST205' });
      for (const table of ['users', 'auth.users', 'refresh_tokens', 'schema_migrations']) {
        await expectShape(await srv.api(`/rest/v1/${table}`, { headers: auth }), 404, 'PGRST205');
      }
      const profile = await srv.api('/rest/v1/users', { headers: { ...auth, 'accept-profile': 'auth' } });
      await expectShape(profile, 406, 'PGRST106');
    });

    test('unknown columns → 400 (42703 in select and filters, PGRST204 in the payload)', async () => {
      await expectShape(await srv.api('/rest/v1/user_tasks?select=nope', { headers: auth }), 400, '42703');
      await expectShape(await srv.api('/rest/v1/user_tasks?nope=eq.1', { headers: auth }), 400, '42703');
      await expectShape(await srv.api('/rest/v1/user_tasks?select=tasks;drop%20table%20user_tasks', { headers: auth }), 400, 'PGRST100');
      const body = JSON.stringify({ user_id: userId, tasks: '[]', nope: 1 });
      await expectShape(await srv.api('/rest/v1/user_tasks', { method: 'POST', headers: auth, body }), 400, 'PGRST204');
      const cols = await srv.api('/rest/v1/user_tasks?columns=user_id,evil', { method: 'POST', headers: auth, body: JSON.stringify({ user_id: userId }) });
      await expectShape(cols, 400, 'PGRST204');
    });

    test('bad values and conflict targets → 400 with the database code', async () => {
      await expectShape(await srv.api(`/rest/v1/user_tasks?user_id=eq.x'%20or%20'1'='1`, { headers: auth }), 400, '22P02');
      const body = JSON.stringify({ user_id: userId, tasks: '[]' });
      await expectShape(await srv.api('/rest/v1/user_tasks?on_conflict=tasks', { method: 'POST', headers: auth, body }), 400, '42P10');
      await expectShape(await srv.api('/rest/v1/user_tasks?user_id=like.1', { headers: auth }), 400, 'PGRST100');
    });

    test('other paths and methods → 404 / 405', async () => {
      await expectShape(await srv.api('/rest/v1/rpc/anything', { method: 'POST', headers: auth, body: '{}' }), 404, 'PGRST202');
      await expectShape(await srv.api('/rest/v1/', { headers: auth }), 404, 'PGRST125');
      await expectShape(await srv.api('/rest/v1/user_tasks', { method: 'PUT', headers: auth, body: '{}' }), 405, 'PGRST117');
    });

    test('mismatched keys in an array body → 400 PGRST102', async () => {
      const body = JSON.stringify([{ user_id: userId, tasks: '[]' }, { user_id: userId }]);
      await expectShape(await srv.api('/rest/v1/user_tasks', { method: 'POST', headers: auth, body }), 400, 'PGRST102');
    });
  });

  test('missing or invalid apikey → 401', async () => {
    const missing = await fetch(`${srv.url}/rest/v1/user_tasks?select=tasks`);
    expect(missing.status).toBe(401);
    const invalid = await fetch(`${srv.url}/rest/v1/user_tasks?select=tasks`, { headers: { apikey: 'not-a-key' } });
    expect(invalid.status).toBe(401);
    expect(await invalid.json()).toMatchObject({ message: 'Invalid API key' });
  });

  test('subscribers: a user reads only their own row and cannot write it; the service role can', async () => {
    const a = await srv.signUp();
    const b = await srv.signUp();
    await srv.sql('insert into public.subscribers (user_id, email, subscribed, subscription_tier) values ($1, $2, true, $3)', [a.user.id, a.email, 'Premium']);

    const own = await a.client.from('subscribers').select('subscribed, subscription_tier').eq('user_id', a.user.id).maybeSingle();
    expect(own).toMatchObject({ error: null, data: { subscribed: true, subscription_tier: 'Premium' } });
    // JSON types as PostgREST sends them: booleans, nulls, strings, timestamps with offset, in column order.
    const all = await srv.api(`/rest/v1/subscribers?select=*`, { headers: { authorization: `Bearer ${a.session.access_token}` } });
    const [row] = (await all.json()) as Record<string, unknown>[];
    expect(Object.keys(row!)).toEqual(['user_id', 'email', 'stripe_customer_id', 'subscribed', 'subscription_tier', 'subscription_end', 'updated_at']);
    expect(row).toMatchObject({ user_id: a.user.id, email: a.email, stripe_customer_id: null, subscribed: true, subscription_end: null });
    expect(row!.updated_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?\+00:00$/);
    const others = await b.client.from('subscribers').select('*');
    expect(others).toMatchObject({ error: null, data: [] });

    const selfPromote = await b.client.from('subscribers').upsert({ user_id: b.user.id, email: b.email, subscribed: true });
    expect(selfPromote.status).toBe(403);
    expect(selfPromote.error).toMatchObject({ code: '42501' });
    const patch = await a.client.from('subscribers').update({ subscription_tier: 'Enterprise' }).eq('user_id', a.user.id);
    expect(patch.error).toMatchObject({ code: '42501' });
    expect(await srv.sql('select subscription_tier from public.subscribers order by email')).toEqual([{ subscription_tier: 'Premium' }]);

    const service = srv.client(srv.serviceKey);
    const up = await service.from('subscribers').upsert({ user_id: b.user.id, email: b.email, subscribed: false }, { onConflict: 'email' });
    expect(up.error).toBeNull();
    expect(await srv.sql('select subscribed from public.subscribers where user_id = $1', [b.user.id])).toEqual([{ subscribed: false }]);
  });
});
