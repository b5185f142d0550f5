// The appends' own lane (server/rest/appendFast.ts) answers exactly as the Hono route does: the same status, body
// and headers for a success, and every error handed to the route with the append run once. The route is reached
// apart with a query string on the path, which the lane leaves alone.
import { appendLaneStats } from '../../server/rest/appendFast.ts';
import { backends, STARTUP_TIMEOUT, startTestServer, type TestServer } from './harness.ts';
import { makeSubscriber as subscribe } from './subscriber.ts';

type Account = Awaited<ReturnType<TestServer['signUp']>>;

const LANE = '/rest/v1/rpc/append_task_events';
const ROUTE = `${LANE}?via=hono`;
const event = (n: number) => ({ type: 'tasks/taskAdded', payload: { id: `task-${n}`, title: `T${n}`, date: '2026-11-23', createdAt: n } });
const events = (from: number, count: number) => Array.from({ length: count }, (_, i) => ({ client_seq: from + i, event: event(from + i) }));

/** Status, headers (without the date) and body, its log positions as 0 (the two appends get their own). */
async function answer(res: Response) {
  const headers = Object.fromEntries([...res.headers].filter(([name]) => name !== 'date'));
  return { status: res.status, headers, body: (await res.text()).replace(/"seq":\d+/g, '"seq":0') };
}

describe.each(backends)('the append lane on %s', (backend) => {
  let srv: TestServer;
  let subscriber: Account;
  let free: Account;

  beforeAll(async () => {
    srv = await startTestServer(backend);
    subscriber = await srv.signUp();
    free = await srv.signUp();
    await subscribe(srv, subscriber.user.id);
  }, STARTUP_TIMEOUT);
  afterAll(() => srv?.stop());

  const post = (path: string, body: string, token: string, headers: Record<string, string> = {}) =>
    srv.api(path, { method: 'POST', body, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers } });
  /** The same request through the lane and through the route; the lane's count says which one it answered. */
  const both = async (body: (client: string) => string, token: string, headers: Record<string, string> = {}) => {
    const before = { ...appendLaneStats };
    const lane = await answer(await post(LANE, body('lane'), token, headers));
    const took = { answered: appendLaneStats.answered - before.answered, handedOver: appendLaneStats.handedOver - before.handedOver };
    const route = await answer(await post(ROUTE, body('route'), token, headers));
    expect(appendLaneStats.answered - before.answered).toBe(took.answered);
    return { lane, route, took };
  };

  it('answers a small append itself, with the route\'s status, headers and body', async () => {
    const { lane, route, took } = await both((client) => JSON.stringify({ p_client_id: `small-${client}`, p_events: events(1, 2) }), subscriber.session.access_token);
    expect(took).toEqual({ answered: 1, handedOver: 0 });
    expect(lane).toEqual(route);
    expect(lane.status).toBe(200);
    expect(JSON.parse(lane.body)).toEqual([{ seq: 0, client_seq: 1 }, { seq: 0, client_seq: 2 }]);
    const stored = await srv.sql('select client_seq from public.task_events where user_id = $1 and client_id = $2', [subscriber.user.id, 'small-lane']);
    expect(stored).toHaveLength(2);
  });

  it('hands a large answer to the route, which compresses it, and stores the append once', async () => {
    const entries = srv.server.ctx.db.appendStats?.entries;
    const { lane, route, took } = await both((client) => JSON.stringify({ p_client_id: `large-${client}`, p_events: events(1, 120) }), subscriber.session.access_token, { 'accept-encoding': 'gzip' });
    expect(took).toEqual({ answered: 0, handedOver: 1 });
    expect(lane.headers['content-encoding']).toBe('gzip');
    // The compressed length follows the seqs' digits.
    const lengthless = ({ headers: { 'content-length': _, ...headers }, ...rest }: typeof lane) => ({ ...rest, headers });
    expect(lengthless(lane)).toEqual(lengthless(route));
    // One append each (the batcher's count, on PostgreSQL): the lane's ran once, not again in the route.
    if (entries !== undefined) expect(srv.server.ctx.db.appendStats!.entries - entries).toBe(2);
  });

  it.each([
    ['invalid JSON', () => '{"p_client_id":'],
    ['unknown arguments', () => JSON.stringify({ p_client_id: 'x', p_events: [], extra: 1 })],
    ['an empty body', () => ''],
    ['invalid events (refused by the database)', (client: string) => JSON.stringify({ p_client_id: `bad-${client}`, p_events: [{ client_seq: 0 }] })],
  ])('answers %s as the route does', async (_name, body) => {
    const { lane, route, took } = await both(body, subscriber.session.access_token);
    expect(took).toEqual({ answered: 0, handedOver: 1 });
    expect(lane).toEqual(route);
    expect(lane.status).toBeGreaterThanOrEqual(400);
    expect(lane.status).toBeLessThan(500);
  });

  it('answers a user without Premium as the route does, storing nothing', async () => {
    const { lane, route, took } = await both((client) => JSON.stringify({ p_client_id: `free-${client}`, p_events: events(1, 1) }), free.session.access_token);
    expect(took).toEqual({ answered: 0, handedOver: 1 });
    expect(lane).toEqual(route);
    expect(lane.status).toBe(403);
    expect(await srv.sql('select 1 from public.task_events where user_id = $1', [free.user.id])).toHaveLength(0);
  });

  it('answers a forged token as the route does', async () => {
    const token = subscriber.session.access_token.slice(0, -4) + 'AAAA';
    const { lane, route, took } = await both((client) => JSON.stringify({ p_client_id: `forged-${client}`, p_events: events(1, 1) }), token);
    expect(took).toEqual({ answered: 0, handedOver: 1 });
    expect(lane).toEqual(route);
    expect(lane.status).toBe(401);
  });

  it('leaves a request without an API key, or for another schema, to the route', async () => {
    const before = { ...appendLaneStats };
    const body = JSON.stringify({ p_client_id: 'other', p_events: events(1, 1) });
    const noKey = await fetch(srv.url + LANE, { method: 'POST', body, headers: { authorization: `Bearer ${subscriber.session.access_token}` } });
    expect(noKey.status).toBe(401);
    const schema = await post(LANE, body, subscriber.session.access_token, { 'content-profile': 'private' });
    expect(schema.status).toBe(406);
    expect(appendLaneStats).toEqual(before);
  });
});
