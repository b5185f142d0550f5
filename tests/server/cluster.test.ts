// `npm start` on PostgreSQL as people run it: two server groups (each a primary with WORKERS=2 on its own port) on
// one database. An edit made through any worker reaches subscribers held by the other worker and by the other
// group; a worker killed with -9 is replaced while the rest keep serving, and its subscribers, joining again,
// miss nothing. The shared listening socket holds the backlog the workers ask for.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { workerCount } from '../../server/cluster.ts';
import { refusal, startChild, type Child } from './child-server.ts';
import { freshDatabase, STARTUP_TIMEOUT, uniqueEmail } from './harness.ts';
import { childrenOf, serverPidOf, subscribe, until, type Subscriber } from './realtime-client.ts';

describe('how many processes npm start runs', () => {
  const url = 'postgres://db.example/planner';
  test('one per core on PostgreSQL, one on PGlite, or WORKERS', () => {
    expect(workerCount({ DATABASE_URL: url })).toBe(availableParallelism());
    expect(workerCount({})).toBe(1);
    expect(workerCount({ DATABASE_URL: url, WORKERS: '3' })).toBe(3);
    expect(workerCount({ WORKERS: '1' })).toBe(1);
  });

  test('refuses WORKERS it cannot honour, saying why', async () => {
    expect(() => workerCount({ DATABASE_URL: url, WORKERS: '0' })).toThrow('WORKERS must be a whole number from 1 to 256, got "0"');
    expect(() => workerCount({ DATABASE_URL: url, WORKERS: 'many' })).toThrow('WORKERS must be a whole number');
    const dir = mkdtempSync(join(tmpdir(), 'planner-workers-'));
    try {
      const { code, output } = await refusal(dir, { WORKERS: '2' });
      expect(code).toBe(1);
      expect(output).toContain('WORKERS above 1 needs DATABASE_URL: the embedded PGlite database belongs to one process');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

const adminUrl = process.env.TEST_DATABASE_URL;
const title = 'a cluster of workers per port, two ports, one PostgreSQL';
const describePg = adminUrl ? describe : describe.skip;

describePg(adminUrl ? title : `${title} (skipped: TEST_DATABASE_URL is not set)`, () => {
  let dataDir: string;
  let dropDatabase: (() => Promise<void>) | undefined;
  let db: pg.Client;
  let a: Child;
  let b: Child;
  const subscribers: Subscriber[] = [];
  let user: { id: string; token: string };

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'planner-cluster-'));
    const fresh = await freshDatabase(adminUrl!);
    dropDatabase = fresh.dropDatabase;
    const env = { DATABASE_URL: fresh.databaseUrl, WORKERS: '2', JWT_SECRET: 'c'.repeat(40) };
    // Both at once: one primary migrates, the other waits on the migration lock and finds the work done.
    [a, b] = await Promise.all([startChild(join(dataDir, 'a'), { ...env, LISTEN_BACKLOG: '1000' }), startChild(join(dataDir, 'b'), env)]);
    db = new pg.Client({ connectionString: fresh.databaseUrl });
    await db.connect();
    const email = uniqueEmail('cluster');
    const res = await fetch(`${a.url}/auth/v1/signup`, {
      method: 'POST',
      headers: { apikey: a.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'cluster-password-1' }),
    });
    const session = (await res.json()) as { access_token: string; user: { id: string } };
    user = { id: session.user.id, token: session.access_token };
    await db.query(
      `insert into public.subscribers (user_id, email, subscribed, subscription_tier, subscription_end) values ($1, $2, true, 'Premium', now() + interval '30 days')`,
      [user.id, email],
    );
  }, STARTUP_TIMEOUT);

  afterAll(async () => {
    for (const s of subscribers) s.close();
    for (const child of [a, b]) {
      if (!child) continue;
      child.process.kill('SIGTERM');
      await child.exited;
    }
    await db?.end();
    await dropDatabase?.();
    rmSync(dataDir, { recursive: true, force: true });
  });

  let clientSeq = 0;
  const append = async (base: string, count: number) => {
    const events = Array.from({ length: count }, () => ({ client_seq: ++clientSeq, event: { type: 'tasks/taskRenamed', payload: { id: 't1', title: `Edit ${clientSeq}` } } }));
    const send = () =>
      fetch(`${base}/rest/v1/rpc/append_task_events`, {
        method: 'POST',
        headers: { apikey: a.anonKey, authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ p_client_id: 'cluster-test', p_events: events }),
      });
    // fetch keeps connections alive, and one may sit on the worker just killed: the kernel has reset it but
    // the pool may not have seen that yet. The app's sync resends its unconfirmed events when a request
    // fails, so the test does too, once, with the same client_seqs; the log assertions below would show a
    // resend that was stored twice.
    const res = await send().catch(async (error: unknown) => {
      const code = (error as { cause?: { code?: string } }).cause?.code;
      if (code !== 'ECONNRESET' && code !== 'UND_ERR_SOCKET') throw error;
      return send();
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as { seq: number }[]).map((row) => row.seq);
  };
  const port = (child: Child) => Number(new URL(child.url).port);

  /** Subscribers on base until one sits on every one of the group's workers (connections go round-robin). */
  async function onEveryWorker(child: Child) {
    const workers = childrenOf(child.pid);
    expect(workers).toHaveLength(2);
    const held = new Map<number, Subscriber>();
    for (let tries = 0; tries < 10 && held.size < workers.length; tries++) {
      const s = await subscribe(child.url, child.anonKey, user.id, user.token);
      subscribers.push(s);
      const pid = serverPidOf(s.socket, port(child), workers);
      if (pid && !held.has(pid)) held.set(pid, s);
    }
    expect(held.size).toBe(2);
    return held;
  }

  test("the shared listening socket queues as many connections as LISTEN_BACKLOG asks (the kernel's cap above)", () => {
    // ss shows a listening socket's backlog as its Send-Q. The default is above what this kernel allows: capped.
    const backlog = (child: Child) => Number(execFileSync('ss', ['-ltnH', `sport = :${port(child)}`]).toString().trim().split(/\s+/)[2]);
    const somaxconn = Number(readFileSync('/proc/sys/net/core/somaxconn', 'utf8'));
    expect(backlog(a)).toBe(Math.min(1000, somaxconn));
    expect(backlog(b)).toBe(Math.min(16_384, somaxconn));
  });

  test('an edit through either group reaches every subscriber on every worker of both, in log order', async () => {
    const onA = await onEveryWorker(a);
    const onB = await subscribe(b.url, b.anonKey, user.id, user.token);
    subscribers.push(onB);
    const all = [...onA.values(), onB];
    const seqs = [...(await append(a.url, 3)), ...(await append(b.url, 2))];
    await until(() => all.every((s) => s.seqs.length === 5), 15_000, 'five rows on every subscriber');
    for (const s of all) expect(s.seqs).toEqual(seqs);
  }, 60_000);

  test('a worker killed with -9 is replaced; the other serves on; a subscriber joining again misses nothing', async () => {
    const held = await onEveryWorker(a);
    const [victimPid, survivorPid] = [...held.keys()] as [number, number];
    const orphan = held.get(victimPid)!;
    const survivor = held.get(survivorPid)!;
    const before = survivor.seqs.length;
    process.kill(victimPid, 'SIGKILL');
    await orphan.closed;
    // Appended while the orphan is away: a client reading its log after joining again gets these.
    const meanwhile = await append(a.url, 2);
    await until(() => childrenOf(a.pid).length === 2 && !childrenOf(a.pid).includes(victimPid), 30_000, 'a replacement worker');
    expect(a.output()).toContain(`Worker ${victimPid} died (SIGKILL); starting another`);
    const back = await subscribe(a.url, a.anonKey, user.id, user.token);
    subscribers.push(back);
    const after = await append(a.url, 2);
    await until(() => back.seqs.length === 2 && survivor.seqs.length === before + 4, 15_000, 'rows after the kill');
    expect(survivor.seqs.slice(before)).toEqual([...meanwhile, ...after]);
    expect(back.seqs).toEqual(after);
  }, 90_000);
});
