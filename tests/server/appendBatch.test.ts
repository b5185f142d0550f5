// Group commit of appends (server/appendBatch.ts, migration 0010): appends under way at once in one process go to
// PostgreSQL as one transaction, each entry as its own role and claims in a subtransaction of its own. What must
// hold is what held with one transaction per request: each request gets and stores only its own rows (RLS), one bad
// request fails alone with the error it got before, retries are stored once, a user's log stays in order with two
// processes batching at once (and they never deadlock), and a batch whose connection dies stores nothing.
// On PGlite appends keep one transaction each; the request-level checks run there too.
import pg from 'pg';
import { SINGLE_APPEND_SQL } from '../../server/appendBatch.ts';
import type { JwtClaims } from '../../server/context.ts';
import { openDb, type Database } from '../../server/db.ts';
import { backends, STARTUP_TIMEOUT, startTestServer, type TestServer } from './harness.ts';
import { makeSubscriber } from './subscriber.ts';

const events = (from: number, count: number, tag = 'x') =>
  JSON.stringify(Array.from({ length: count }, (_, i) => ({ client_seq: from + i, event: { type: 'tasks/taskRenamed', payload: { id: `t-${tag}`, title: `${tag} ${from + i}` } } })));
const claimsOf = (sub: string): JwtClaims => ({ role: 'authenticated', sub, aud: 'authenticated' });
type Rows = { seq: number; client_seq: number }[];
const settle = <T>(promises: Promise<T>[]) => Promise.allSettled(promises);

describe.each(backends)('append batches on %s', (backend) => {
  let srv: TestServer;
  let db: Database;
  const users: string[] = [];
  let stranger: string;

  beforeAll(async () => {
    srv = await startTestServer(backend);
    db = srv.server.ctx.db as Database;
    for (let i = 0; i < 6; i++) {
      const { user } = await srv.signUp();
      await makeSubscriber(srv, user.id);
      users.push(user.id);
    }
    // Signed up, never subscribed: the database refuses its appends.
    stranger = (await srv.signUp()).user.id;
  }, STARTUP_TIMEOUT);
  afterAll(() => srv?.stop());

  const stored = (userId: string) =>
    srv.sql<{ seq: string; client_id: string; client_seq: string; title: string }>(
      "select seq, client_id, client_seq, event -> 'payload' ->> 'title' as title from public.task_events where user_id = $1 order by seq",
      [userId],
    );
  /** The answer the same append gets alone, on the path every request took before batching. */
  const alone = (sub: string | undefined, clientId: string | null, eventsJson: string) =>
    db.asUserQuery(sub ? claimsOf(sub) : { role: 'anon' }, SINGLE_APPEND_SQL, [clientId, eventsJson]).then(
      () => ({ ok: true }) as const,
      (err: { code: string; message: string; detail?: string; hint?: string }) => ({ code: err.code, message: err.message, detail: err.detail ?? null, hint: err.hint ?? null }),
    );

  it('gives appends from several users sent at once only their own rows, stored under their own user', async () => {
    const before = db.appendStats && { ...db.appendStats };
    const calls = users.flatMap((sub, u) => [0, 1, 2].map((k) => db.appendTaskEvents(claimsOf(sub), `own-${u}-${k}`, events(1, 2, `u${u}k${k}`))));
    const results = await Promise.all(calls);
    if (db.appendStats && before) {
      // The first went alone; the others queued behind it and went together.
      expect(db.appendStats.batches - before.batches).toBeLessThan(calls.length);
      expect(db.appendStats.largest).toBeGreaterThan(1);
    }
    for (const [u, sub] of users.entries()) {
      const rows = await stored(sub);
      expect(rows.map((r) => r.client_id).sort()).toEqual([0, 0, 1, 1, 2, 2].map((k) => `own-${u}-${k}`));
      expect(rows.map((r) => Number(r.seq))).toEqual([1, 2, 3, 4, 5, 6]);
      for (const k of [0, 1, 2]) {
        const result = results[u * 3 + k]!;
        const mine = rows.filter((r) => r.client_id === `own-${u}-${k}`);
        // The body is the caller's rows (seq and client_seq), and the pointer's range covers exactly them.
        expect(JSON.parse(result.body) as Rows).toEqual(mine.map((r) => ({ seq: Number(r.seq), client_seq: Number(r.client_seq) })));
        expect([result.from, result.to]).toEqual([Number(mine[0]!.seq), Number(mine[1]!.seq)]);
        expect(mine.map((r) => r.title)).toEqual([`u${u}k${k} 1`, `u${u}k${k} 2`]);
      }
    }
  });

  it('fails a bad request alone, with the error it gets alone, while the others in its batch commit', async () => {
    const bad: [string | undefined, string | null, string][] = [
      [users[0], 'bad-0', JSON.stringify([{ client_seq: 1, event: { type: 'users/deleteAll', payload: {} } }])],
      [users[1], 'bad id!', events(1, 1)],
      [users[2], 'bad-2', JSON.stringify([{ client_seq: 2 }, { client_seq: 1 }])],
      [users[3], 'bad-3', '[]'],
      [stranger, 'bad-4', events(1, 1)],
      [undefined, 'bad-5', events(1, 1)],
      [users[4], 'bad-6', JSON.stringify([{ client_seq: 1, event: { type: 'tasks/x', payload: { t: '\u0000' } } }])],
      [users[5], 'bad-7', JSON.stringify([{ client_seq: 1, event: { type: 'tasks/x', payload: { t: 'y'.repeat(9000) } } }])],
    ];
    const fallbacks = db.appendStats?.fallbacks;
    const good = users.map((sub, u) => db.appendTaskEvents(claimsOf(sub), `good-${u}`, events(1, 1)));
    const outcomes = await settle([
      ...good,
      ...bad.map(([sub, clientId, json]) => db.appendTaskEvents(sub ? claimsOf(sub) : { role: 'anon' }, clientId, json)),
    ]);
    for (const outcome of outcomes.slice(0, users.length)) expect(outcome.status).toBe('fulfilled');
    for (const [i, [sub, clientId, json]] of bad.entries()) {
      const outcome = outcomes[users.length + i]!;
      expect([clientId, outcome.status]).toEqual([clientId, 'rejected']);
      const err = (outcome as PromiseRejectedResult).reason as { code: string; message: string; detail?: string; hint?: string };
      expect({ code: err.code, message: err.message, detail: err.detail ?? null, hint: err.hint ?? null }).toEqual(await alone(sub, clientId, json));
    }
    for (const [u, sub] of users.entries()) {
      const rows = await stored(sub);
      expect(rows.filter((r) => r.client_id === `good-${u}`)).toHaveLength(1);
      expect(rows.filter((r) => r.client_id.startsWith('bad'))).toEqual([]);
    }
    expect(await stored(stranger)).toEqual([]);
    // Each failed in its own subtransaction of the batch, not by running the batch again entry by entry.
    expect(db.appendStats?.fallbacks).toBe(fallbacks);
  });

  it('runs a batch PostgreSQL refuses as a whole again entry by entry: only the request at fault fails', async () => {
    const fallbacks = db.appendStats?.fallbacks ?? 0;
    // A NUL cannot be a text parameter: the whole batch's call fails before any entry runs. (Through HTTP a body
    // with a NUL is refused before this; here it stands for any error of the call itself.)
    const outcomes = await settle([
      db.appendTaskEvents(claimsOf(users[0]!), 'whole-0', events(1, 1)),
      db.appendTaskEvents(claimsOf(users[1]!), 'whole-1', events(1, 1)),
      db.appendTaskEvents(claimsOf(users[2]!), 'nul\0id', events(1, 1)),
      db.appendTaskEvents(claimsOf(users[3]!), 'whole-3', events(1, 1)),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    if (db.appendStats) expect(db.appendStats.fallbacks).toBe(fallbacks + 1);
    for (const u of [0, 1, 3]) expect((await stored(users[u]!)).filter((r) => r.client_id === `whole-${u}`)).toHaveLength(1);
  });

  it('stores a retried append once, whether the copies share a batch or not', async () => {
    const sub = users[0]!;
    const copies = await Promise.all([0, 1, 2].map(() => db.appendTaskEvents(claimsOf(sub), 'retry', events(1, 3, 'retry'))));
    const later = await db.appendTaskEvents(claimsOf(sub), 'retry', events(1, 4, 'retry'));
    for (const copy of copies) expect(copy.body).toBe(copies[0]!.body);
    expect((JSON.parse(later.body) as Rows).slice(0, 3)).toEqual(JSON.parse(copies[0]!.body));
    const rows = (await stored(sub)).filter((r) => r.client_id === 'retry');
    expect(rows.map((r) => Number(r.client_seq))).toEqual([1, 2, 3, 4]);
  });

  it('cannot be called by an API role to append as someone else', async () => {
    const victim = users[0]!;
    const as = async (claims: JwtClaims) =>
      db.asUserQuery(claims, 'select * from public.append_task_events_batch($1::text[], $2::text[], $3::text[], $4::text[])', [
        `{${JSON.stringify(JSON.stringify(claimsOf(victim)))}}`,
        '{authenticated}',
        '{forged}',
        `{${JSON.stringify(events(1, 1))}}`,
      ]).catch((err: { code: string }) => err.code);
    expect(await as(claimsOf(users[1]!))).toBe('42501');
    expect(await as({ role: 'anon' })).toBe('42501');
    expect(await as({ role: 'service_role' })).toBe('42501');
    expect((await stored(victim)).filter((r) => r.client_id === 'forged')).toEqual([]);
    const res = await srv.api('/rest/v1/rpc/append_task_events_batch', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(res.status).toBe(404);
  });

  it('answers over HTTP as before: the caller’s rows, and a bad request’s own error', async () => {
    const a = await srv.signUp();
    await makeSubscriber(srv, a.user.id);
    const rpc = (token: string, body: unknown) =>
      srv.api('/rest/v1/rpc/append_task_events', { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const ok = { p_client_id: 'http', p_events: JSON.parse(events(1, 2)) as unknown };
    const [good, bad, anon] = await Promise.all([
      rpc(a.session.access_token, ok),
      rpc(a.session.access_token, { p_client_id: 'http', p_events: [] }),
      rpc(srv.anonKey, ok),
    ]);
    expect(good.status).toBe(200);
    expect(await good.json()).toEqual([{ seq: 1, client_seq: 1 }, { seq: 2, client_seq: 2 }]);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ code: '22023', details: null, hint: null, message: 'p_events must hold 1 to 500 events, not 0' });
    expect(anon.status).toBe(401);
    expect(((await anon.json()) as { code: string }).code).toBe('42501');
  });
});

const pgOnly = process.env.TEST_DATABASE_URL ? describe : describe.skip;

pgOnly('append batches on postgres, two processes', () => {
  let srv: TestServer;
  let second: Database;
  const users: string[] = [];

  beforeAll(async () => {
    srv = await startTestServer('postgres');
    // A second process's database side: its own pool and batcher on the same database.
    second = await openDb({ dataDir: '', databaseUrl: srv.server.ctx.config.databaseUrl });
    for (let i = 0; i < 5; i++) {
      const { user } = await srv.signUp();
      await makeSubscriber(srv, user.id);
      users.push(user.id);
    }
    // Ordered as the batches lock them, so a test can pick the last.
    users.sort();
  }, STARTUP_TIMEOUT);
  afterAll(async () => {
    await second?.close();
    await srv?.stop();
  });

  it('keeps each user’s log gapless and each device in order, with no deadlock, when two processes batch at once', async () => {
    const dbs = [srv.server.ctx.db as Database, second];
    // Each device sends its appends one after another, as the app does; devices of every user on both processes.
    const device = async (d: number) => {
      const db = dbs[d % 2]!;
      // Users in opposite orders on the two processes: their batches would take head locks crosswise unless sorted.
      const order = d % 2 === 0 ? users : [...users].reverse();
      for (let n = 1; n <= 12; n++) {
        const sub = order[(n + d) % order.length]!;
        await db.appendTaskEvents(claimsOf(sub), `dev-${d}-${sub.slice(0, 8)}`, events(n, 1, `d${d}`));
      }
    };
    await Promise.all(Array.from({ length: 10 }, (_, d) => device(d)));
    expect(dbs.every((db) => db.appendStats!.largest > 1)).toBe(true);
    let total = 0;
    for (const sub of users) {
      const rows = await srv.sql<{ seq: string; client_id: string; client_seq: string }>('select seq, client_id, client_seq from public.task_events where user_id = $1 order by seq', [sub]);
      total += rows.length;
      expect(rows.map((r) => Number(r.seq))).toEqual(rows.map((_, i) => i + 1));
      const byDevice = new Map<string, number[]>();
      for (const r of rows) byDevice.set(r.client_id, [...(byDevice.get(r.client_id) ?? []), Number(r.client_seq)]);
      for (const seqs of byDevice.values()) expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    }
    expect(total).toBe(120);
  }, 60_000);

  it('stores nothing of a batch whose connection dies mid-way, and fails each of its requests', async () => {
    const db = srv.server.ctx.db as Database;
    const last = users[users.length - 1]!;
    const admin = new pg.Client({ connectionString: srv.server.ctx.config.databaseUrl });
    await admin.connect();
    try {
      // Hold the last user's head lock: a batch runs the other users' entries first (their order), then waits here.
      await admin.query('begin');
      await admin.query("insert into public.task_event_heads (user_id) values ($1) on conflict do nothing", [last]);
      await admin.query('select 1 from public.task_event_heads where user_id = $1 for update', [last]);
      // The first user's append goes alone (nothing is in flight) and commits; the others queue behind it and go as
      // one batch, which runs users 1-3 (their subtransactions done) and then waits on the last user's lock.
      const pending = users.map((sub) => db.appendTaskEvents(claimsOf(sub), 'cut', events(1, 1, 'cut')));
      const blocked = async () =>
        (await admin.query<{ pid: number }>("select pid from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and application_name = 'planner'")).rows;
      let pids: { pid: number }[] = [];
      for (let i = 0; i < 200 && pids.length === 0; i++) {
        await new Promise((r) => setTimeout(r, 25));
        pids = await blocked();
      }
      expect(pids).toHaveLength(1);
      await admin.query('select pg_terminate_backend($1)', [pids[0]!.pid]);
      await admin.query('rollback');
      const outcomes = await settle(pending);
      expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'rejected', 'rejected', 'rejected']);
      for (const [i, sub] of users.entries()) {
        const rows = await srv.sql('select 1 from public.task_events where user_id = $1 and client_id = $2', [sub, 'cut']);
        expect(rows).toHaveLength(i === 0 ? 1 : 0);
      }
      // The pool replaced the connection: the next appends go through.
      await expect(db.appendTaskEvents(claimsOf(users[1]!), 'cut', events(1, 1, 'cut'))).resolves.toMatchObject({ from: expect.any(Number) });
    } finally {
      await admin.end();
    }
  }, 60_000);
});
