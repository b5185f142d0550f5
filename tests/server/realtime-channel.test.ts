// A realtime channel's life on a raw socket (the Phoenix frames supabase-js sends): many joins at once are each
// answered, the Premium check of a join read with its head (no transaction per join in the requests' pool), a
// channel ended when its token expires, a token sent again not checked again, and a new token checked again (a
// Premium ended meanwhile ends the channel); the appending process's own sockets need no NOTIFY; a row's message is
// framed once for the devices that get the same bytes, and never reaches another user's socket.
import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import WebSocket from 'ws';
import { bindingId, textFrame } from '../../server/realtime/index.ts';
import { backends, STARTUP_TIMEOUT, startTestServer, type TestServer } from './harness.ts';
import { until } from './realtime-client.ts';
import { makeSubscriber } from './subscriber.ts';

/** ws's own framing (its package sets it on the class; its types leave it out). */
const { Sender } = WebSocket as unknown as { Sender: { frame(data: Buffer, options: Record<string, unknown>): Buffer[] } };

type Frame = [string | null, string | null, string, string, Record<string, unknown>];

interface Raw {
  socket: WebSocket;
  frames: Frame[];
  /** Each message's bytes as they arrived. */
  data: Buffer[];
  send(frame: Frame): void;
  /** The reply to ref, once it came. */
  reply(ref: string): Promise<Frame>;
}

async function open(srv: TestServer): Promise<Raw> {
  const socket = new WebSocket(`${srv.url.replace(/^http/, 'ws')}/realtime/v1/websocket?apikey=${srv.anonKey}&vsn=2.0.0`);
  const frames: Frame[] = [];
  const received: Buffer[] = [];
  socket.on('message', (data, isBinary) => {
    expect(isBinary).toBe(false);
    received.push(data as Buffer);
    frames.push(JSON.parse(data.toString()) as Frame);
  });
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  return {
    socket,
    frames,
    data: received,
    send: (frame) => socket.send(JSON.stringify(frame)),
    async reply(ref) {
      await until(() => frames.some(([, r, , event]) => r === ref && event === 'phx_reply'), 15_000, `the reply to ${ref}`);
      return frames.find(([, r, , event]) => r === ref && event === 'phx_reply')!;
    },
  };
}

const joinFrame = (ref: string, userId: string, token: string, topic = 'realtime:tasks'): Frame => [
  ref,
  ref,
  topic,
  'phx_join',
  { config: { postgres_changes: [{ event: 'INSERT', schema: 'public', table: 'task_events', filter: `user_id=eq.${userId}` }] }, access_token: token },
];

describe('the frames realtime writes itself', () => {
  it('are the frames ws makes of the same text, at every length field size', () => {
    for (const text of ['', 'x'.repeat(125), 'x'.repeat(126), 'é'.repeat(70), 'y'.repeat(0xffff), 'z'.repeat(0x10000), `["ü",${'1'.repeat(70_000)}]`]) {
      const expected = Buffer.concat(Sender.frame(Buffer.from(text), { fin: true, opcode: 1, mask: false, readOnly: false, rsv1: false }));
      expect(textFrame(text).equals(expected)).toBe(true);
    }
  });

  it('give a binding the same nonzero id every time, and different bindings different ids', () => {
    const binding = { event: 'INSERT', schema: 'public', table: 'task_events', filter: 'user_id=eq.a' };
    expect(bindingId(binding)).toBe(bindingId({ ...binding }));
    expect(bindingId(binding)).toBeGreaterThan(0);
    expect(Number.isSafeInteger(bindingId(binding))).toBe(true);
    const others = [{ ...binding, event: '*' }, { ...binding, filter: 'user_id=eq.b' }, { ...binding, filter: undefined }, { ...binding, table: 'tasks' }];
    expect(new Set([binding, ...others].map(bindingId)).size).toBe(5);
  });
});

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

  it("sends a user's two devices the same bytes for each row, in log order, and another user's socket none of them", async () => {
    const [owner, other] = await Promise.all([srv.signUp(), srv.signUp()]);
    await Promise.all([makeSubscriber(srv, owner.user.id), makeSubscriber(srv, other.user.id)]);
    const topic = `realtime:task-events-${owner.user.id}`;
    const devices = await Promise.all([open(srv), open(srv)]);
    const stranger = await open(srv);
    sockets.push(...devices, stranger);
    devices.forEach((raw) => raw.send(joinFrame('1', owner.user.id, owner.session.access_token, topic)));
    stranger.send(joinFrame('1', other.user.id, other.session.access_token, topic));
    const replies = await Promise.all([...devices, stranger].map((raw) => raw.reply('1')));
    const ids = replies.map(([, , , , payload]) => (payload.response as { postgres_changes: { id: number }[] }).postgres_changes.map((b) => b.id));
    expect(ids[0]).toEqual(ids[1]);
    const events = [1, 2, 3].map((n) => ({ client_seq: n, event: { type: 'tasks/taskRenamed', payload: { id: 't', title: `Edit ${n}` } } }));
    expect((await owner.client.rpc('append_task_events', { p_client_id: 'two', p_events: events.slice(0, 1) })).error).toBeNull();
    expect((await owner.client.rpc('append_task_events', { p_client_id: 'two', p_events: events.slice(1) })).error).toBeNull();
    const changes = (raw: Raw) => raw.data.filter((_, i) => raw.frames[i]![3] === 'postgres_changes');
    await until(() => devices.every((raw) => changes(raw).length === 3), 5000, 'three rows on each device');
    expect(changes(devices[0]!).map((b) => b.toString())).toEqual(changes(devices[1]!).map((b) => b.toString()));
    const messages = devices[0]!.frames.filter(([, , , event]) => event === 'postgres_changes');
    expect(messages.map(([, , t, , p]) => [t, p.ids, (p.data as { record: { seq: number; user_id: string } }).record.seq])).toEqual([1, 2, 3].map((seq) => [topic, ids[0], seq]));
    expect(messages.every(([, , , , p]) => (p.data as { record: { user_id: string } }).record.user_id === owner.user.id)).toBe(true);
    // The stranger's channel has the same topic name and binding shape: only its own user's rows could reach it.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(stranger.frames.filter(([, , , event]) => event === 'postgres_changes')).toEqual([]);
  });

  it('frames a row again for a channel of another topic on the same socket', async () => {
    const owner = await srv.signUp();
    await makeSubscriber(srv, owner.user.id);
    const raw = await open(srv);
    sockets.push(raw);
    raw.send(joinFrame('1', owner.user.id, owner.session.access_token, 'realtime:a'));
    raw.send(joinFrame('2', owner.user.id, owner.session.access_token, 'realtime:b'));
    await Promise.all([raw.reply('1'), raw.reply('2')]);
    const events = [1, 2].map((n) => ({ client_seq: n, event: { type: 'tasks/taskRenamed', payload: { id: 't', title: `Edit ${n}` } } }));
    expect((await owner.client.rpc('append_task_events', { p_client_id: 'topics', p_events: events })).error).toBeNull();
    const changes = () => raw.frames.filter(([, , , event]) => event === 'postgres_changes');
    await until(() => changes().length === 4, 5000, 'two rows on each topic');
    const byTopic = (topic: string) => changes().filter(([, , t]) => t === topic).map(([, , , , p]) => (p.data as { record: { seq: number } }).record.seq);
    expect(byTopic('realtime:a')).toEqual([1, 2]);
    expect(byTopic('realtime:b')).toEqual([1, 2]);
  });
});
