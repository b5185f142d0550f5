// The task event log as the app uses it through supabase-js: appends numbered 1..n per user in commit
// order, idempotent retries, validation that stores nothing, the paywall and ownership held by the
// database, paged catch-up, and a snapshot that never moves backwards.
import type { SupabaseClient } from '@supabase/supabase-js';
import { backends, STARTUP_TIMEOUT, startTestServer, type TestServer } from './harness.ts';
import { makeSubscriber as subscribe } from './subscriber.ts';

type Account = Awaited<ReturnType<TestServer['signUp']>>;

const event = (n: number) => ({ type: 'tasks/taskAdded', payload: { id: `task-${n}-x`, title: `T${n}`, date: '2026-11-23', createdAt: n } });
const batch = (from: number, count: number) => Array.from({ length: count }, (_, i) => ({ client_seq: from + i, event: event(from + i) }));


const append = (client: SupabaseClient, clientId: string, events: unknown) => client.rpc('append_task_events', { p_client_id: clientId, p_events: events });

describe.each(backends)('task event log on %s', (backend) => {
  let srv: TestServer;
  let owner: Account;
  let other: Account;

  beforeAll(async () => {
    srv = await startTestServer(backend);
    owner = await srv.signUp();
    other = await srv.signUp();
    await subscribe(srv, owner.user.id);
    await subscribe(srv, other.user.id);
  }, STARTUP_TIMEOUT);
  afterAll(() => srv?.stop());

  const storedFor = (userId: string) =>
    srv.sql<{ seq: string; client_id: string; client_seq: string }>('select seq, client_id, client_seq from public.task_events where user_id = $1 order by seq', [userId]);

  it('numbers 50 parallel appends from several connections 1..50, gapless and in commit order', async () => {
    const clients = await Promise.all(
      Array.from({ length: 5 }, async () => {
        const client = srv.client();
        const { error } = await client.auth.signInWithPassword({ email: owner.email, password: owner.password });
        if (error) throw error;
        return client;
      }),
    );
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => append(clients[i % 5]!, `device-${i}`, batch(1, 1))));
    for (const result of results) expect(result.error).toBeNull();
    const seqs = results.map((result) => (result.data as { seq: number }[])[0]!.seq).sort((a, b) => a - b);
    expect(seqs).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    const stored = await storedFor(owner.user.id);
    expect(stored.map((row) => Number(row.seq))).toEqual(seqs);
    // Each seq went to the append that got it back.
    const byClient = new Map(stored.map((row) => [row.client_id, Number(row.seq)]));
    results.forEach((result, i) => expect(byClient.get(`device-${i}`)).toBe((result.data as { seq: number }[])[0]!.seq));
  }, 60_000);

  it('stores a retried batch once and answers it as the first time', async () => {
    const first = await append(owner.client, 'retry-device', batch(1, 3));
    expect(first.error).toBeNull();
    const again = await append(owner.client, 'retry-device', batch(1, 4));
    expect(again.error).toBeNull();
    expect((again.data as unknown[]).slice(0, 3)).toEqual(first.data);
    const rows = (await storedFor(owner.user.id)).filter((row) => row.client_id === 'retry-device');
    expect(rows.map((row) => Number(row.client_seq))).toEqual([1, 2, 3, 4]);
  });

  it.each([
    ['an empty batch', []],
    ['more than 500 events', batch(1, 501)],
    ['not an array', { client_seq: 1, event: event(1) }],
    ['a counter that does not increase', [...batch(5, 1), ...batch(5, 1)]],
    ['a counter that is not a positive integer', [{ client_seq: 1.5, event: event(1) }]],
    ['a counter of zero', [{ client_seq: 0, event: event(1) }]],
    ['an item without a counter', [{ event: event(1) }]],
    ['an event that is not a task event', [{ client_seq: 1, event: { type: 'users/deleteAll', payload: {} } }]],
    ['an event without a payload', [{ client_seq: 1, event: { type: 'tasks/taskAdded' } }]],
    ['an event over 8 KB', [{ client_seq: 1, event: { type: 'tasks/taskRenamed', payload: { id: 'a', title: 'x'.repeat(9000) } } }]],
    ['a good event after a bad one', [...batch(1, 1), { client_seq: 2, event: 'nope' }]],
  ])('refuses %s with 400 and stores nothing', async (_name, events) => {
    const before = await storedFor(owner.user.id);
    const { error, status } = await append(owner.client, 'bad-input', events);
    expect(status).toBe(400);
    expect(error?.code).toBe('22023');
    expect(error?.message).toMatch(/\w/);
    expect(await storedFor(owner.user.id)).toEqual(before);
  });

  it('refuses a client id that is not 1 to 64 safe characters', async () => {
    for (const id of ['', 'x'.repeat(65), 'a b', "a'; drop table x; --"]) {
      const { status, error } = await append(owner.client, id, batch(1, 1));
      expect(status).toBe(400);
      expect(error?.code).toBe('22023');
    }
  });

  it('refuses the anon key, a non-subscriber and a lapsed subscription, and stores nothing', async () => {
    const before = await srv.sql('select count(*)::int as n from public.task_events');
    const anon = await append(srv.client(), 'anon', batch(1, 1));
    expect(anon.status).toBe(401);
    const free = await srv.signUp();
    const notSubscribed = await append(free.client, 'free', batch(1, 1));
    expect(notSubscribed.status).toBe(403);
    expect(notSubscribed.error?.code).toBe('42501');
    await srv.sql(`insert into public.subscribers (user_id, email, subscribed, subscription_end) values ($1, $2, true, now() - interval '1 day')`, [free.user.id, free.email]);
    expect((await append(free.client, 'free', batch(1, 1))).status).toBe(403);
    // Nor can the table be written around the function.
    const direct = await free.client.from('task_events').insert({ user_id: free.user.id, client_id: 'x', client_seq: 1, event: event(1) });
    expect(direct.status).toBe(403);
    expect(await srv.sql('select count(*)::int as n from public.task_events')).toEqual(before);
  });

  it('lets a subscriber insert directly only as themselves, still numbered by the log', async () => {
    const forged = await other.client.from('task_events').insert({ user_id: owner.user.id, seq: 999, client_id: 'forged', client_seq: 1, event: event(1) });
    expect(forged.status).toBe(403);
    // An id with no account answers the same: the refusal says nothing about which ids exist.
    const nobody = await other.client.from('task_events').insert({ user_id: '00000000-0000-4000-8000-000000000001', client_id: 'forged', client_seq: 1, event: event(1) });
    expect(nobody.status).toBe(403);
    expect(nobody.error).toMatchObject({ code: '42501', details: null });
    expect(forged.error).toMatchObject({ code: '42501', message: nobody.error?.message });
    const own = await other.client.from('task_events').insert({ user_id: other.user.id, seq: 999, client_id: 'direct', client_seq: 1, event: event(1) }).select('seq');
    expect(own.error).toBeNull();
    expect(own.data).toEqual([{ seq: 1 }]);
    const update = await other.client.from('task_events').update({ event: event(2) }).eq('user_id', other.user.id).select();
    expect(update.data ?? []).toEqual([]);
    const removed = await other.client.from('task_events').delete().eq('user_id', other.user.id).select();
    expect(removed.data ?? []).toEqual([]);
    expect(await storedFor(other.user.id)).toHaveLength(1);
  });

  it('reads only the caller’s own events, after a position, in order and in pages', async () => {
    const mine = await storedFor(owner.user.id);
    const page = await owner.client.from('task_events').select('seq,client_id,client_seq,event').gt('seq', 10).order('seq', { ascending: true }).limit(5);
    expect(page.error).toBeNull();
    expect(page.data!.map((row) => row.seq)).toEqual([11, 12, 13, 14, 15]);
    expect(page.data![0]!.event).toEqual(expect.objectContaining({ type: 'tasks/taskAdded' }));
    const all = await owner.client.from('task_events').select('seq').gt('seq', 0).order('seq', { ascending: true }).limit(1000);
    expect(all.data!.map((row) => row.seq)).toEqual(mine.map((row) => Number(row.seq)));
    const theirs = await other.client.from('task_events').select('seq').eq('user_id', owner.user.id);
    expect(theirs.data).toEqual([]);
    const anon = await srv.client().from('task_events').select('seq');
    expect(anon.data ?? []).toEqual([]);
    const bad = await owner.client.from('task_events').select('seq').gt('seq', 'abc');
    expect(bad.status).toBe(400);
    const badOrder = await srv.api('/rest/v1/task_events?order=seq.sideways', { headers: { Authorization: `Bearer ${owner.session.access_token}` } });
    expect(badOrder.status).toBe(400);
  });

  it('keeps the snapshot from moving backwards or past the log', async () => {
    const head = Number((await srv.sql<{ last_seq: string }>('select last_seq from public.task_event_heads where user_id = $1', [owner.user.id]))[0]!.last_seq);
    const write = (tasks: string, seq: number) => owner.client.from('user_tasks').upsert({ user_id: owner.user.id, tasks, seq }, { onConflict: 'user_id' });
    expect((await write('["new"]', head)).error).toBeNull();
    expect((await write('["old"]', head - 5)).error).toBeNull();
    const snapshot = await owner.client.from('user_tasks').select('tasks,seq').eq('user_id', owner.user.id).maybeSingle();
    expect(snapshot.data).toEqual({ tasks: '["new"]', seq: head });
    await write('["future"]', head + 1000);
    expect((await owner.client.from('user_tasks').select('seq').maybeSingle()).data).toEqual({ seq: head });
  });

  it('takes series events into the same log, and keeps the series beside the list in the snapshot', async () => {
    const series = { type: 'series/occurrenceSkipped', payload: { seriesId: 'series-1', originalDate: '2026-11-23', skipped: true } };
    const { data, error } = await append(owner.client, 'series-device', [{ client_seq: 1, event: series }, { client_seq: 2, event: event(900) }]);
    expect(error).toBeNull();
    const seq = (data as Array<{ seq: number }>)[1]!.seq;
    const read = await owner.client.from('task_events').select('event').eq('client_id', 'series-device').order('seq');
    expect(read.data?.map((row) => (row.event as { type: string }).type)).toEqual(['series/occurrenceSkipped', 'tasks/taskAdded']);
    const written = await owner.client.from('user_tasks').upsert({ user_id: owner.user.id, tasks: '[]', seq, series: '{"version":1}' }, { onConflict: 'user_id' });
    expect(written.error).toBeNull();
    const snapshot = await owner.client.from('user_tasks').select('tasks,seq,series').eq('user_id', owner.user.id).maybeSingle();
    expect(snapshot.data).toEqual({ tasks: '[]', seq, series: '{"version":1}' });
  });

  it('takes label and list events into the log as they are, and keeps the catalog beside the list in the snapshot (0007)', async () => {
    const label = { type: 'tasks/labelCreated', payload: { id: 'label-1', name: 'Work', colour: 'blue', createdAt: 1 } };
    const list = { type: 'tasks/listArchivedSet', payload: { id: 'list-1', archived: true } };
    const { data, error } = await append(owner.client, 'catalog-device', [{ client_seq: 1, event: label }, { client_seq: 2, event: list }]);
    expect(error).toBeNull();
    const seq = (data as Array<{ seq: number }>)[1]!.seq;
    const catalog = '{"version":1,"labels":[],"lists":[],"aliases":{}}';
    const written = await owner.client.from('user_tasks').upsert({ user_id: owner.user.id, tasks: '[]', seq, series: '{}', catalog }, { onConflict: 'user_id' });
    expect(written.error).toBeNull();
    const snapshot = await owner.client.from('user_tasks').select('seq,catalog').eq('user_id', owner.user.id).maybeSingle();
    expect(snapshot.data).toEqual({ seq, catalog });
  });

  it('compaction removes only old events the snapshot already holds', async () => {
    const user = await srv.signUp();
    await subscribe(srv, user.user.id);
    await append(user.client, 'compact', batch(1, 6));
    await user.client.from('user_tasks').upsert({ user_id: user.user.id, tasks: '[]', seq: 4 }, { onConflict: 'user_id' });
    await srv.sql(`update public.task_events set created_at = now() - interval '40 days' where user_id = $1 and seq in (1, 2, 5)`, [user.user.id]);
    await srv.sql('select public.compact_task_events()');
    expect((await storedFor(user.user.id)).map((row) => Number(row.seq))).toEqual([3, 4, 5, 6]);
    const denied = await user.client.rpc('compact_task_events' as never, {});
    expect(denied.status).toBe(404);
  });

  it('answers unknown functions and wrong arguments like PostgREST', async () => {
    const unknown = await owner.client.rpc('drop_everything' as never, {});
    expect(unknown.status).toBe(404);
    expect(unknown.error?.code).toBe('PGRST202');
    const wrongArgs = await owner.client.rpc('append_task_events', { p_client_id: 'x' } as never);
    expect(wrongArgs.status).toBe(404);
    const garbage = await srv.api('/rest/v1/rpc/append_task_events', {
      method: 'POST',
      headers: { Authorization: `Bearer ${owner.session.access_token}`, 'Content-Type': 'application/json' },
      body: '{"p_client_id": ',
    });
    expect(garbage.status).toBe(400);
  });
});
