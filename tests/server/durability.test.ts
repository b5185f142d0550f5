// The real entry point (`tsx server/index.ts`) as a child process on PGlite: what it acknowledged
// survives SIGKILL, keys survive restarts, and a data directory is never opened twice.
import { mkdtempSync, rmSync, statSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { startChild, type Child } from './child-server.ts';
import { uniqueEmail } from './harness.ts';
import { seedPglite } from './pgliteTemplate.ts';

const clientFor = (child: Child) =>
  createClient(child.url, child.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as never },
  });

describe('durability on PGlite (real child process)', () => {
  let dataDir: string;
  const children: Child[] = [];
  const start = async () => {
    const child = await startChild(dataDir);
    children.push(child);
    return child;
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'planner-durability-'));
    await seedPglite(dataDir);
  });
  afterAll(async () => {
    for (const child of children) if (child.process.exitCode === null && child.process.signalCode === null) child.process.kill('SIGKILL');
    await Promise.all(children.map((c) => c.exited));
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('acknowledged writes survive SIGKILL; the secret and keys survive restarts', async () => {
    const first = await start();
    expect(first.output()).toMatch(/Database: embedded PGlite/);
    expect(first.output().match(/https?:\/\//g)).toHaveLength(1);
    const secrets = join(dataDir, 'secrets.json');
    expect(statSync(secrets).mode & 0o777).toBe(0o600);

    const email = uniqueEmail('durable');
    const password = 'durable-pw-1';
    const signUp = await clientFor(first).auth.signUp({ email, password });
    expect(signUp.error).toBeNull();
    const client = clientFor(first);
    await client.auth.signInWithPassword({ email, password });
    const userId = signUp.data.user!.id;

    // A second server on the same directory is refused while the first lives.
    await expect(startChild(dataDir)).rejects.toThrow(/Another server \(pid \d+\) is using the data directory/);

    // Sequential upserts; kill -9 in the middle of the stream.
    let acknowledged = -1;
    let stop = false;
    const writer = (async () => {
      for (let n = 0; !stop; n++) {
        const { error } = await client.from('user_tasks').upsert({ user_id: userId, tasks: JSON.stringify({ n, pad: 'x'.repeat(20_000) }) });
        if (error) break;
        acknowledged = n;
      }
    })().catch(() => undefined);
    // Killed once a few writes are acknowledged and more are in flight, however busy the machine.
    while (acknowledged <= 5) await new Promise((r) => setTimeout(r, 10));
    first.process.kill('SIGKILL');
    stop = true;
    await first.exited;
    await writer;
    expect(acknowledged).toBeGreaterThan(5);

    const second = await start();
    expect(second.anonKey).toBe(first.anonKey);
    const again = clientFor(second);
    const signIn = await again.auth.signInWithPassword({ email, password });
    expect(signIn.error).toBeNull();
    const { data, error } = await again.from('user_tasks').select('tasks').eq('user_id', userId).maybeSingle();
    expect(error).toBeNull();
    const stored = JSON.parse(data!.tasks as string) as { n: number };
    // The write in flight at the kill may or may not have committed; every acknowledged one did.
    expect([acknowledged, acknowledged + 1]).toContain(stored.n);

    // SIGTERM: a clean shutdown that releases the directory.
    second.process.kill('SIGTERM');
    expect(await second.exited).toBe(0);
    expect(existsSync(join(dataDir, 'server.pid'))).toBe(false);
    expect(second.output()).toMatch(/SIGTERM: shutting down/);
  }, 180_000);
});
