// PGlite runs PostgreSQL single-user: no autovacuum, no checkpointer. The server makes up for both.
import { randomBytes } from 'node:crypto';
import { STARTUP_TIMEOUT, startTestServer, type TestServer } from './harness.ts';

describe('PGlite housekeeping', () => {
  let srv: TestServer;
  beforeAll(async () => {
    srv = await startTestServer('pglite');
  }, STARTUP_TIMEOUT);
  afterAll(() => srv?.stop());

  test('the WAL is capped well below PostgreSQL’s 1 GB default', async () => {
    expect(await srv.sql('show max_wal_size')).toEqual([{ max_wal_size: '128MB' }]);
  });

  test('task lists are stored uncompressed (PGlite has no lz4, and pglz costs more than it saves)', async () => {
    const rows = await srv.sql("select attstorage from pg_attribute where attrelid = 'public.user_tasks'::regclass and attname = 'tasks'");
    expect(rows).toEqual([{ attstorage: 'e' }]);
  });

  test('repeated upserts of a large list do not grow the table without bound', async () => {
    const { client, user } = await srv.signUp();
    // Incompressible, so each dead row version really costs its size.
    const tasks = randomBytes(30_000).toString('base64');
    const upserts = 450;
    for (let i = 0; i < upserts; i++) {
      const { error } = await client.from('user_tasks').upsert({ user_id: user.id, tasks: `${i}:${tasks}` });
      if (error) throw new Error(error.message);
    }
    const [{ size }] = (await srv.sql<{ size: string }>("select pg_total_relation_size('public.user_tasks')::text as size")) as [{ size: string }];
    // Without vacuum: ~450 × 40 kB ≈ 18 MB of dead versions. With it: at most a few hundred versions between runs.
    expect(Number(size)).toBeLessThan(upserts * tasks.length * 0.6);
  }, 60_000);
});
