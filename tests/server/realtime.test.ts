// Realtime postgres_changes through real supabase-js clients: a subscriber receives their new task
// events live; another user's filter, the anon key and a non-subscriber get an error and nothing else;
// a token update to someone else's token ends delivery; with several processes on one PostgreSQL an
// append through one reaches sockets of another, in log order, one NOTIFY (sent by the appending process after
// its commit) carries a pointer and never a row, an append whose pointer is never sent arrives through the
// heads poll, and a dropped LISTEN connection loses nothing. Plus the Phoenix details a raw socket can see.
import { createClient, type RealtimeChannel, type SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import WebSocket from 'ws';
import { startServer, type RunningServer } from '../../server/app.ts';
import { backends, STARTUP_TIMEOUT, startTestServer, type TestServer } from './harness.ts';
import { makeSubscriber } from './subscriber.ts';

type Account = Awaited<ReturnType<TestServer['signUp']>>;
type Change = { new: { seq: number; client_id: string; client_seq: number; event: { type: string; payload: Record<string, unknown> } } };

const eventNo = (n: number) => ({ type: 'tasks/taskAdded', payload: { id: `task-${n}-rt`, title: `Live ${n}`, date: 'someday', createdAt: n } });

/** Subscribes as the app does; resolves with the status the subscribe callback reported first and the changes seen. */
function listen(client: SupabaseClient, userId: string, filterUser = userId) {
  const changes: Change[] = [];
  let channel!: RealtimeChannel;
  const status = new Promise<{ status: string; message?: string }>((resolve) => {
    channel = client
      .channel(`task-events-${userId}`)
      .on('postgres_changes' as never, { event: 'INSERT', schema: 'public', table: 'task_events', filter: `user_id=eq.${filterUser}` }, (change: Change) => changes.push(change))
      .subscribe((s: string, err?: Error) => {
        if (s !== 'CLOSED') resolve({ status: s, message: err?.message });
      });
  });
  return { changes, status, channel };
}

const until = async (check: () => boolean, timeout = 10_000) => {
  const end = Date.now() + timeout;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

const append = (client: SupabaseClient, clientId: string, from: number, count = 1) =>
  client.rpc('append_task_events', { p_client_id: clientId, p_events: Array.from({ length: count }, (_, i) => ({ client_seq: from + i, event: eventNo(from + i) })) });

describe.each(backends)('realtime on %s', (backend) => {
  let srv: TestServer;
  let owner: Account;
  let stranger: Account;
  const opened: SupabaseClient[] = [];

  beforeAll(async () => {
    srv = await startTestServer(backend);
    owner = await srv.signUp();
    stranger = await srv.signUp();
    await makeSubscriber(srv, owner.user.id);
    await makeSubscriber(srv, stranger.user.id);
  }, STARTUP_TIMEOUT);
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((client) => client.removeAllChannels()));
  });
  afterAll(() => srv?.stop());

  const signedIn = async (account: Account) => {
    const client = srv.client();
    const { error } = await client.auth.signInWithPassword({ email: account.email, password: account.password });
    if (error) throw error;
    opened.push(client);
    return client;
  };

  it('delivers the subscriber’s new events live, in order, with the log’s columns', async () => {
    const device = await signedIn(owner);
    const { changes, status } = listen(device, owner.user.id);
    expect(await status).toEqual({ status: 'SUBSCRIBED', message: undefined });
    const writer = await signedIn(owner);
    const { data } = await append(writer, 'writer', 1, 3);
    await until(() => changes.length === 3);
    expect(changes.map((c) => c.new.seq)).toEqual((data as { seq: number }[]).map((row) => row.seq));
    expect(changes[0]!.new).toMatchObject({ client_id: 'writer', client_seq: 1, event: eventNo(1) });
  });

  it('an append whose pointer is never sent (its process died after the commit) arrives through the heads poll', async () => {
    const device = await signedIn(owner);
    const { changes, status } = listen(device, owner.user.id);
    expect((await status).status).toBe('SUBSCRIBED');
    // Straight into the database, as the REST route does, but without the route's pointer afterwards.
    const started = Date.now();
    const rows = await srv.server.ctx.db.asUser({ sub: owner.user.id, role: 'authenticated' }, async (q) =>
      (await q.query<{ seq: string }>('select seq from public.append_task_events($1, $2::jsonb)', ['no-pointer', JSON.stringify([{ client_seq: 1, event: eventNo(1) }])])).rows,
    );
    await until(() => changes.length === 1);
    expect(changes[0]!.new).toMatchObject({ seq: Number(rows[0]!.seq), client_id: 'no-pointer' });
    expect(Date.now() - started).toBeLessThan(srv.server.ctx.config.limits.realtimeHeadsPollMs + 1500);
  });

  it('refuses another user’s filter, the anon key and a non-subscriber, and sends them nothing', async () => {
    const snoop = await signedIn(stranger);
    const other = listen(snoop, owner.user.id);
    expect((await other.status).status).toBe('CHANNEL_ERROR');
    expect((await other.status).message).toMatch(/your own task events/);

    const anonClient = srv.client();
    opened.push(anonClient);
    const anon = listen(anonClient, owner.user.id);
    expect((await anon.status).status).toBe('CHANNEL_ERROR');

    const free = await srv.signUp();
    const freeClient = await signedIn(free);
    const unpaid = listen(freeClient, free.user.id);
    expect((await unpaid.status).status).toBe('CHANNEL_ERROR');
    expect((await unpaid.status).message).toMatch(/subscription/);

    await append(await signedIn(owner), 'writer-2', 1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect([...other.changes, ...anon.changes, ...unpaid.changes]).toEqual([]);
  });

  it('stops delivering when the channel’s token is swapped for another user’s', async () => {
    const device = await signedIn(owner);
    const { changes, status } = listen(device, owner.user.id);
    expect((await status).status).toBe('SUBSCRIBED');
    const writer = await signedIn(owner);
    await append(writer, 'writer-3', 1);
    await until(() => changes.length === 1);
    await device.realtime.setAuth(stranger.session.access_token);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await append(writer, 'writer-3', 2);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(changes).toHaveLength(1);
  });

  it('answers heartbeats, ignores garbage, and refuses a wrong apikey or an oversized message', async () => {
    const refused = await new Promise<number>((resolve, reject) => {
      const attempt = new WebSocket(`${srv.url.replace('http', 'ws')}/realtime/v1/websocket?apikey=nope&vsn=2.0.0`);
      attempt.once('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
      attempt.once('open', () => reject(new Error('a wrong apikey was let in')));
      attempt.once('error', () => {});
    });
    expect(refused).toBe(401);
    const ws = new WebSocket(`${srv.url.replace('http', 'ws')}/realtime/v1/websocket?apikey=${srv.anonKey}&vsn=2.0.0`);
    const received: unknown[] = [];
    ws.on('message', (data) => received.push(JSON.parse(data.toString())));
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    ws.send('not json');
    ws.send(JSON.stringify({ an: 'object' }));
    ws.send(JSON.stringify([null, '1', 'phoenix', 'heartbeat', {}]));
    await until(() => received.length === 1);
    expect(received).toEqual([[null, '1', 'phoenix', 'phx_reply', { status: 'ok', response: {} }]]);
    const closed = new Promise<number>((resolve) => ws.once('close', resolve));
    ws.send('x'.repeat(70 * 1024));
    expect(await closed).toBe(1009);
  });
});

const describePostgres = process.env.TEST_DATABASE_URL ? describe : describe.skip;

describePostgres('realtime across server processes on one PostgreSQL', () => {
  let first: TestServer;
  let second: RunningServer;

  beforeAll(async () => {
    first = await startTestServer('postgres');
    const databaseUrl = first.server.ctx.config.databaseUrl!;
    second = await startServer({ port: 0, host: '127.0.0.1', dataDir: first.server.ctx.config.dataDir, databaseUrl, jwtSecret: first.jwtSecret, env: {} });
  }, STARTUP_TIMEOUT);
  afterAll(async () => {
    await second?.close();
    await first?.stop();
  });

  const signedInOn = async (server: RunningServer, account: Account) => {
    const client = createClient(server.url, first.anonKey, { auth: { persistSession: false, autoRefreshToken: false }, realtime: { transport: WebSocket as never } });
    await client.auth.signInWithPassword({ email: account.email, password: account.password });
    return client;
  };

  it('an append through one process arrives on a socket held by the other', async () => {
    const owner = await first.signUp();
    await makeSubscriber(first, owner.user.id);
    const onSecond = await signedInOn(second, owner);
    const { changes, status } = listen(onSecond, owner.user.id);
    expect((await status).status).toBe('SUBSCRIBED');
    const { error } = await append(owner.client, 'first-process', 1, 2);
    expect(error).toBeNull();
    await until(() => changes.length === 2);
    expect(changes.map((c) => c.new.client_seq)).toEqual([1, 2]);
    await onSecond.removeAllChannels();
  });

  it('one append sends one NOTIFY: a pointer (user, first and last seq), never the rows, even past 8,000 bytes', async () => {
    const owner = await first.signUp();
    await makeSubscriber(first, owner.user.id);
    const listener = new pg.Client({ connectionString: first.server.ctx.config.databaseUrl });
    await listener.connect();
    const payloads: string[] = [];
    listener.on('notification', (message) => payloads.push(message.payload ?? ''));
    await listener.query('listen task_events');
    const title = 'x'.repeat(7000);
    const events = [1, 2, 3].map((n) => ({ client_seq: n, event: { type: 'tasks/taskRenamed', payload: { id: `t${n}`, title } } }));
    const { data, error } = await owner.client.rpc('append_task_events', { p_client_id: 'big', p_events: events });
    expect(error).toBeNull();
    await until(() => payloads.length > 0);
    await new Promise((resolve) => setTimeout(resolve, 200));
    await listener.end();
    const seqs = (data as { seq: number }[]).map((row) => row.seq);
    expect(payloads).toHaveLength(1);
    expect(JSON.parse(payloads[0]!)).toEqual({ user_id: owner.user.id, from: seqs[0], to: seqs[2] });
    expect(payloads[0]!.length).toBeLessThan(100);
  });

  it('appends through both processes at once reach a socket in log order', async () => {
    const owner = await first.signUp();
    await makeSubscriber(first, owner.user.id);
    const onSecond = await signedInOn(second, owner);
    const { changes, status } = listen(onSecond, owner.user.id);
    expect((await status).status).toBe('SUBSCRIBED');
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => append(i % 2 === 0 ? owner.client : onSecond, `writer-${i}`, 1, 2)),
    );
    expect(results.every((r) => r.error === null)).toBe(true);
    await until(() => changes.length === 40);
    const seqs = changes.map((c) => c.new.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    expect(new Set(seqs).size).toBe(40);
    await onSecond.removeAllChannels();
  });

  it('the append itself sends no NOTIFY: a process killed after its commit leaves the heads poll to deliver', async () => {
    const owner = await first.signUp();
    await makeSubscriber(first, owner.user.id);
    const onSecond = await signedInOn(second, owner);
    const { changes, status } = listen(onSecond, owner.user.id);
    expect((await status).status).toBe('SUBSCRIBED');
    const listener = new pg.Client({ connectionString: first.server.ctx.config.databaseUrl });
    await listener.connect();
    const payloads: string[] = [];
    listener.on('notification', (message) => payloads.push(message.payload ?? ''));
    await listener.query('listen task_events');
    const started = Date.now();
    await first.server.ctx.db.asUser({ sub: owner.user.id, role: 'authenticated' }, (q) =>
      q.query('select * from public.append_task_events($1, $2::jsonb)', ['silent', JSON.stringify([1, 2].map((n) => ({ client_seq: n, event: eventNo(n) })))]),
    );
    await until(() => changes.length === 2);
    expect(Date.now() - started).toBeLessThan(second.ctx.config.limits.realtimeHeadsPollMs + 1500);
    await listener.end();
    expect(payloads).toEqual([]);
    expect(changes.map((c) => c.new.client_seq)).toEqual([1, 2]);
    await onSecond.removeAllChannels();
  });

  it('after its LISTEN connection drops, a process catches its sockets up on what was appended meanwhile', async () => {
    const owner = await first.signUp();
    await makeSubscriber(first, owner.user.id);
    const onSecond = await signedInOn(second, owner);
    const { changes, status } = listen(onSecond, owner.user.id);
    expect((await status).status).toBe('SUBSCRIBED');
    await append(owner.client, 'before-drop', 1);
    await until(() => changes.length === 1);
    const errors = jest.spyOn(console, 'error').mockImplementation(() => {});
    // The heads poll would deliver these too: off here, so only the reconnect's catch-up can.
    const poll = jest.spyOn(second.realtime.fanout, 'pollHeads').mockImplementation(() => {});
    try {
      await first.sql("select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query = 'listen \"task_events\"'");
      await until(() => errors.mock.calls.filter(([m]) => String(m).includes('connection lost')).length === 2);
      // Nobody listens now: only the catch-up after reconnecting can bring these.
      await append(owner.client, 'during-drop', 1, 2);
      await until(() => changes.length === 3);
      expect(changes.map((c) => c.new.client_id)).toEqual(['before-drop', 'during-drop', 'during-drop']);
      expect(errors.mock.calls.some(([m]) => String(m).includes('catching sockets up'))).toBe(true);
    } finally {
      await until(() => errors.mock.calls.filter(([m]) => String(m).includes('catching sockets up')).length === 2);
      errors.mockRestore();
      poll.mockRestore();
      await onSecond.removeAllChannels();
    }
  });
});
