// What every API answer carries now that CORS headers are put on the route's own answer (not copied into it) and
// small JSON bodies declare their length: the CORS headers on answers, errors and functions alike, an exact
// Content-Length on small REST bodies, and compression still applied to large ones.
import { get } from 'node:http';
import { brotliDecompressSync } from 'node:zlib';
import { backends, STARTUP_TIMEOUT, startTestServer, type TestServer } from './harness.ts';
import { makeSubscriber } from './subscriber.ts';

describe.each(backends)('API answers on %s', (backend) => {
  let srv: TestServer;
  let account: Awaited<ReturnType<TestServer['signUp']>>;
  beforeAll(async () => {
    srv = await startTestServer(backend);
    account = await srv.signUp();
    await makeSubscriber(srv, account.user.id);
  }, STARTUP_TIMEOUT);
  afterAll(() => srv?.stop());

  const asUser = () => ({ authorization: `Bearer ${account.session.access_token}`, origin: 'http://localhost:5173' });
  const cors = (res: Response) => [res.headers.get('access-control-allow-origin'), res.headers.get('access-control-expose-headers')];
  const EXPOSED = 'X-Supabase-Api-Version,Content-Range,x-relay-error';

  test('an append answers with CORS headers and its exact length, uncompressed', async () => {
    const res = await srv.api('/rest/v1/rpc/append_task_events', {
      method: 'POST',
      headers: { ...asUser(), 'content-type': 'application/json', 'accept-encoding': 'br, gzip' },
      body: JSON.stringify({ p_client_id: 'hdr', p_events: [{ client_seq: 1, event: { type: 'tasks/taskRenamed', payload: { id: 'x', title: 'y' } } }] }),
    });
    const body = await res.text();
    expect(res.status).toBe(200);
    expect(JSON.parse(body)).toEqual([{ seq: 1, client_seq: 1 }]);
    expect(cors(res)).toEqual(['*', EXPOSED]);
    expect(res.headers.get('content-length')).toBe(String(Buffer.byteLength(body)));
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  test('a large read is still compressed, and errors and functions carry the CORS headers too', async () => {
    const tasks = Array.from({ length: 40 }, (_, i) => ({ id: `t${i}`, title: `Task number ${i} with some words`, date: 'someday', completed: false, createdAt: i, order: i }));
    const put = await srv.api('/rest/v1/user_tasks', {
      method: 'POST',
      headers: { ...asUser(), 'content-type': 'application/json', prefer: 'resolution=merge-duplicates' },
      body: JSON.stringify({ user_id: account.user.id, tasks: JSON.stringify(tasks) }),
    });
    expect(put.status).toBe(201);
    expect(cors(put)).toEqual(['*', EXPOSED]);

    // node:http, not fetch: fetch decodes the body and hides what was sent.
    const res = await new Promise<{ headers: Record<string, string | string[] | undefined>; raw: Buffer }>((resolve, reject) => {
      get(`${srv.url}/rest/v1/user_tasks?select=tasks&user_id=eq.${account.user.id}`, { headers: { apikey: srv.anonKey, ...asUser(), 'accept-encoding': 'br' } }, (r) => {
        const chunks: Buffer[] = [];
        r.on('data', (chunk: Buffer) => chunks.push(chunk));
        r.on('end', () => resolve({ headers: r.headers, raw: Buffer.concat(chunks) }));
      }).on('error', reject);
    });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['content-length']).toBe(String(res.raw.length));
    expect(JSON.parse(JSON.parse(brotliDecompressSync(res.raw).toString())[0].tasks)).toEqual(tasks);
    expect([res.headers['access-control-allow-origin'], res.headers['access-control-expose-headers']]).toEqual(['*', EXPOSED]);

    const refused = await srv.api('/rest/v1/user_tasks?select=tasks', { headers: { authorization: 'Bearer not-a-token', origin: 'http://localhost:5173' } });
    expect(refused.status).toBe(401);
    expect(cors(refused)).toEqual(['*', EXPOSED]);

    const fn = await srv.api('/functions/v1/check-subscription', { method: 'POST', headers: asUser() });
    expect(fn.status).toBe(200);
    expect(cors(fn)[0]).toBe('*');
  });
});
