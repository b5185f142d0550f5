// Two real server processes on one PostgreSQL database behind one (trusted) proxy: the rate limits live in
// the database, so a client spreading its requests over both processes gets the figures once, not twice.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startChild, type Child } from './child-server.ts';
import { freshDatabase, STARTUP_TIMEOUT, uniqueEmail } from './harness.ts';

const adminUrl = process.env.TEST_DATABASE_URL;
const title = 'rate limits shared by two server processes on one PostgreSQL';
const describePg = adminUrl ? describe : describe.skip;

describePg(adminUrl ? title : `${title} (skipped: TEST_DATABASE_URL is not set)`, () => {
  const children: Child[] = [];
  let dataDir: string;
  let dropDatabase: (() => Promise<void>) | undefined;
  let anonKey: string;
  let a: string;
  let b: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'planner-shared-limits-'));
    const db = await freshDatabase(adminUrl!);
    dropDatabase = db.dropDatabase;
    const env = (name: string) => ({
      DATA_DIR: join(dataDir, name),
      DATABASE_URL: db.databaseUrl,
      JWT_SECRET: 's'.repeat(40),
      TRUST_PROXY: '1',
      RATE_LIMIT_SIGN_IN_IP_BURST: '4/60',
      RATE_LIMIT_SIGN_IN_IP: '100/300',
      RATE_LIMIT_SIGN_IN_PAIR: '3/300',
    });
    // One after the other: the first creates the schema (the second would wait on the migration lock anyway).
    children.push(await startChild(join(dataDir, 'a'), env('a')));
    children.push(await startChild(join(dataDir, 'b'), env('b')));
    [a, b] = children.map((child) => child.url) as [string, string];
    anonKey = /Anon key: (\S+)/.exec(children[0]!.output())![1]!;
  }, STARTUP_TIMEOUT);

  afterAll(async () => {
    for (const child of children) {
      child.process.kill('SIGTERM');
      await child.exited;
    }
    await dropDatabase?.();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** A request as the proxy forwards it for the client at `client`. */
  const post = (server: string, path: string, client: string, body: unknown) =>
    fetch(server + path, {
      method: 'POST',
      headers: { apikey: anonKey, 'content-type': 'application/json', 'x-forwarded-for': client },
      body: JSON.stringify(body),
    });
  const signIn = (server: string, client: string, email: string, password: string) =>
    post(server, '/auth/v1/token?grant_type=password', client, { email, password });

  test('an address gets its burst of 4 sign-ins once across both processes (8 if each counted alone)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await signIn(i % 2 ? b : a, '203.0.113.7', uniqueEmail('flood'), 'wrong-guess')).status);
    expect(statuses.filter((status) => status === 400)).toHaveLength(4);
    expect(statuses.filter((status) => status === 429)).toHaveLength(6);
    // Another address is not touched by that one's flood, on either process.
    expect((await signIn(b, '203.0.113.70', uniqueEmail('other'), 'wrong-guess')).status).toBe(400);
  }, 60_000);

  test("a failing pair's pause and cap hold on both processes; the owner signs in from elsewhere", async () => {
    const email = uniqueEmail('owner');
    const password = 'correct-horse-1';
    expect((await post(a, '/auth/v1/signup', '203.0.113.1', { email, password })).status).toBe(200);
    const guesser = '203.0.113.8';
    expect((await signIn(a, guesser, email, 'guess-1')).status).toBe(400);
    expect((await signIn(b, guesser, email, 'guess-2')).status).toBe(400);
    // B's second failure paused the pair: A refuses even the right password from that address.
    expect((await signIn(a, guesser, email, password)).status).toBe(429);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await signIn(b, guesser, email, 'guess-3')).status).toBe(400);
    const capped = await signIn(a, guesser, email, password);
    expect(capped.status).toBe(429);
    expect(Number(capped.headers.get('retry-after'))).toBeGreaterThan(2);
    expect((await signIn(b, '203.0.113.9', email, password)).status).toBe(200);
  }, 60_000);
});
