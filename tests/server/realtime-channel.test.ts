// A realtime channel's life on a raw socket (the Phoenix frames supabase-js sends): many joins at once are each
// answered, the Premium check of a join read with its head (no transaction per join in the requests' pool), a
// channel ended when its token expires, a token sent again not checked again, and a new token checked again (a
// Premium ended meanwhile ends the channel); the appending process's own sockets need no NOTIFY.
import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import WebSocket from 'ws';
import { backends, STARTUP_TIMEOUT, startTestServer, type TestServer } from './harness.ts';
import { until } from './realtime-client.ts';
import { makeSubscriber } from './subscriber.ts';

type Frame = [string | null, string | null, string, string, Record<string, unknown>];

interface Raw {
  socket: WebSocket;
  frames: Frame[];
  send(frame: Frame): void;
  /** The reply to ref, once it came. */
  reply(ref: string): Promise<Frame>;
}

async function open(srv: TestServer): Promise<Raw> {
  const socket = new WebSocket(`${srv.url.replace(/^http/, 'ws')}/realtime/v1/websocket?apikey=${srv.anonKey}&vsn=2.0.0`);
  const frames: Frame[] = [];
  socket.on('message', (data) => frames.push(JSON.parse(data.toString()) as Frame));
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  return {
    socket,
    frames,
    send: (frame) => socket.send(JSON.stringify(frame)),
    async reply(ref) {
      await until(() => frames.some(([, r, , event]) => r === ref && event === 'phx_reply'), 15_000, `the reply to ${ref}`);
      return frames.find(([, r, , event]) => r === ref && event === 'phx_reply')!;
    },
  };
}

const joinFrame = (ref: string, userId: string, token: string): Frame => [
  ref,
  ref,
  'realtime:tasks',
  'phx_join',
  { config: { postgres_changes: [{ event: 'INSERT', schema: 'public', table: 'task_events', filter: `user_id=eq.${userId}` }] }, access_token: token },
];

describe.each(backends)('realtime channels on %s', (backend) => {
  let srv: TestServer;
  const sockets: Raw[] = [];

  beforeAll(async () => {
    srv = await startTestServer(backend);
  }, STARTUP_TIMEOUT);
  afterEach(() => {
    for (const raw of sockets.splice(0)) raw.socket.terminate();
    jest.restoreAllMocks();
  });
  afterAll(() => srv?.stop());

  /** A token as the server signs them (server/jwt.ts), for exp seconds from now. */
  const tokenFor = (userId: string, exp: number) =>
    new SignJWT({ role: 'authenticated', aal: 'aal1', session_id: randomUUID(), is_anonymous: false })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(userId)
      .setAudience('authenticated')
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + exp)
      .sign(new TextEncoder().encode(srv.jwtSecret));

  /** A Premium subscriber with one socket joined to its channel. */
  const subscribed = async () => {
    const owner = await srv.signUp();
    await makeSubscriber(srv, owner.user.id);
    const raw = await open(srv);
    sockets.push(raw);
    raw.send(joinFrame('1', owner.user.id, owner.session.access_token));
    expect((await raw.reply('1'))[4].status).toBe('ok');
    return { owner, raw };
  };

  it('answers 24 joins sent at once, subscribers ok and the others refused, with no transaction per join', async () => {
    const accounts = await Promise.all(Array.from({ length: 8 }, () => srv.signUp()));
    // Two subscribers in three; one whose Premium ended yesterday.
    await Promise.all(accounts.map((a, i) => (i % 3 === 2 ? Promise.resolve() : makeSubscriber(srv, a.user.id))));
    await srv.sql("update public.subscribers set subscription_end = now() - interval '1 day' where user_id = $1", [accounts[1]!.user.id]);
    const perJoin = jest.spyOn(srv.server.ctx.db, 'asUserQuery');
    const raws = await Promise.all(Array.from({ length: 24 }, () => open(srv)));
    sockets.push(...raws);
    raws.forEach((raw, i) => raw.send(joinFrame('1', accounts[i % 8]!.user.id, accounts[i % 8]!.session.access_token)));
    const replies = await Promise.all(raws.map((raw) => raw.reply('1')));
    const statuses = replies.map(([, , , , payload]) => payload.status);
    expect(statuses).toEqual(raws.map((_, i) => (i % 8 === 1 || (i % 8) % 3 === 2 ? 'error' : 'ok')));
    expect((replies[1]![4].response as { reason: string }).reason).toMatch(/active Premium subscription/);
    expect(perJoin).not.toHaveBeenCalled();
  }, 60_000);

  it('ends a channel when its token expires, saying so', async () => {
    const owner = await srv.signUp();
    await makeSubscriber(srv, owner.user.id);
    const raw = await open(srv);
    sockets.push(raw);
    raw.send(joinFrame('1', owner.user.id, await tokenFor(owner.user.id, 2)));
    expect((await raw.reply('1'))[4].status).toBe('ok');
    await until(() => raw.frames.some(([, , , event]) => event === 'phx_close'), 6000, 'phx_close');
    expect(raw.frames.find(([, , , event, payload]) => event === 'system' && payload.status === 'error')?.[4].message).toBe('Token has expired');
  });

  it('checks a new token again (a Premium ended meanwhile ends the channel) but not the same token sent again', async () => {
    const owner = await srv.signUp();
    await makeSubscriber(srv, owner.user.id);
    const raw = await open(srv);
    sockets.push(raw);
    const token = owner.session.access_token;
    raw.send(joinFrame('1', owner.user.id, token));
    expect((await raw.reply('1'))[4].status).toBe('ok');
    await makeSubscriber(srv, owner.user.id, false);
    const perToken = jest.spyOn(srv.server.ctx.db, 'asUserQuery');
    // What supabase-js sends again and again: the same token, nothing to check.
    raw.send(['1', '2', 'realtime:tasks', 'access_token', { access_token: token }]);
    raw.send([null, '3', 'phoenix', 'heartbeat', {}]);
    await raw.reply('3');
    expect(perToken).not.toHaveBeenCalled();
    expect(raw.frames.some(([, , , event]) => event === 'phx_close')).toBe(false);
    // A refreshed token of the same user: verified again, and the Premium it needs is gone.
    raw.send(['1', '4', 'realtime:tasks', 'access_token', { access_token: await tokenFor(owner.user.id, 3600) }]);
    await until(() => raw.frames.some(([, , , event]) => event === 'phx_close'), 5000, 'phx_close');
    expect(perToken).toHaveBeenCalledTimes(1);
    expect(raw.frames.find(([, , , event, payload]) => event === 'system' && payload.status === 'error')?.[4].message).toMatch(/active Premium subscription/);
  });

  it('the appending process delivers to its own sockets without waiting for the NOTIFY, in log order', async () => {
    const { owner, raw } = await subscribed();
    // No NOTIFY leaves and no heads poll runs: only the process's own pointer can bring the rows.
    const notify = jest.spyOn(srv.server.ctx.db, 'notify').mockResolvedValue();
    jest.spyOn(srv.server.realtime.fanout, 'pollHeads').mockImplementation(() => {});
    for (const from of [1, 3]) {
      const events = [from, from + 1].map((n) => ({ client_seq: n, event: { type: 'tasks/taskRenamed', payload: { id: 't', title: `Edit ${n}` } } }));
      const { error } = await owner.client.rpc('append_task_events', { p_client_id: 'own', p_events: events });
      expect(error).toBeNull();
    }
    const seqs = () => raw.frames.filter(([, , , event]) => event === 'postgres_changes').map(([, , , , p]) => (p.data as { record: { client_seq: number } }).record.client_seq);
    await until(() => seqs().length === 4, 5000, 'four rows');
    expect(seqs()).toEqual([1, 2, 3, 4]);
    expect(notify).toHaveBeenCalled();
  });

  it('reads the rows of its own append once: the NOTIFY that follows finds its channel past them', async () => {
    const { owner, raw } = await subscribed();
    const { fanout } = srv.server.realtime;
    const readsBefore = fanout.reads;
    const events = [1, 2].map((n) => ({ client_seq: n, event: { type: 'tasks/taskRenamed', payload: { id: 't', title: `Edit ${n}` } } }));
    expect((await owner.client.rpc('append_task_events', { p_client_id: 'once', p_events: events })).error).toBeNull();
    await until(() => raw.frames.filter(([, , , event]) => event === 'postgres_changes').length === 2, 5000, 'two rows');
    // Time for the NOTIFY (and a heads poll) to come through.
    await new Promise((resolve) => setTimeout(resolve, srv.server.ctx.config.limits.realtimeHeadsPollMs + 300));
    expect(fanout.reads - readsBefore).toBe(1);
    expect(raw.frames.filter(([, , , event]) => event === 'postgres_changes')).toHaveLength(2);
  });
});
