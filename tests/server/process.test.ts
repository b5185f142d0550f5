// The real entry point as a child process on PGlite: the data-directory lock after kill -9 (also when the
// dead server stays a zombie), the billing-mode refusals and banner, and memory at start.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { refusal, startChild, type Child } from './child-server.ts';
import { seedPglite } from './pgliteTemplate.ts';

const processState = (pid: number) => {
  try {
    return /^State:\s+(\S)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 'gone';
  } catch {
    return 'gone';
  }
};

const rssMegabytes = (pid: number) => Number(/^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;

describe('the server process on PGlite', () => {
  let dataDir: string;
  const children: Child[] = [];
  const start = async (env: Record<string, string> = {}, options: { zombie?: boolean } = {}) => {
    const child = await startChild(dataDir, env, options);
    children.push(child);
    return child;
  };

  beforeEach(() => {
    dataDir = join(mkdtempSync(join(tmpdir(), 'planner-proc-')), 'data');
  });
  afterEach(async () => {
    for (const child of children.splice(0)) {
      if (child.process.exitCode === null && child.process.signalCode === null) child.process.kill('SIGKILL');
      try {
        process.kill(child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
      await child.exited;
    }
    rmSync(join(dataDir, '..'), { recursive: true, force: true });
  });

  // A start of the real entry point costs 6-8 CPU-s (tsx loading the server, PGlite's start): the default billing
  // mode's banner, a test with a start of its own until 2026-12-02, is checked on this test's first start.
  test('after kill -9 a restart comes up at once, five times in a row, even while the dead server is a zombie; test mode on loopback by default, with a loud banner', async () => {
    await seedPglite(dataDir);
    let previous = await start({}, { zombie: true });
    // No Stripe keys on loopback: billing test mode, and the server says so.
    expect(previous.output()).toContain('BILLING TEST MODE: checkout is free, nothing is charged.');
    // A second server is refused while the first lives, naming its pid.
    const second = await refusal(dataDir, {});
    expect(second.code).toBe(1);
    expect(second.output).toContain(`Another server (pid ${previous.pid}) is using the data directory`);

    for (let round = 0; round < 5; round++) {
      process.kill(previous.pid, 'SIGKILL');
      // The zombie keeps its pid: kill(pid, 0) still succeeds, which is what fooled the old pid-file lock.
      for (let i = 0; i < 50 && processState(previous.pid) !== 'Z'; i++) await new Promise((r) => setTimeout(r, 20));
      expect(processState(previous.pid)).toBe('Z');
      expect(() => process.kill(previous.pid, 0)).not.toThrow();

      const next = await start({}, { zombie: true });
      expect(readFileSync(join(dataDir, 'server.pid'), 'utf8').trim()).toBe(String(next.pid));
      expect((await fetch(`${next.url}/config.json`)).status).toBe(200);
      previous.process.kill('SIGKILL');
      previous = next;
    }
  }, 240_000);

  test('a pid file naming a live, unrelated process does not block the start', async () => {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    // As after a crash in a container, where the dead server's pid now belongs to somebody else.
    for (const name of ['server.pid', 'server.lock']) writeFileSync(join(dataDir, name), String(process.pid));
    await seedPglite(dataDir);
    const child = await start();
    expect((await fetch(`${child.url}/config.json`)).status).toBe(200);
  }, 120_000);

  test('a first start stays small: initdb runs in a child whose memory goes away', async () => {
    const child = await start();
    // Before: ~900 MB resident right after the first start (initdb's WebAssembly memory and 128 MB shared_buffers).
    expect(rssMegabytes(child.pid)).toBeLessThan(450);
  }, 120_000);
});

describe('billing mode at start', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'planner-billing-mode-'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  test('a public bind without Stripe keys refuses to start unless BILLING_MODE=test asks for it', async () => {
    const publicBind = await refusal(dataDir, { HOST: '0.0.0.0' });
    expect(publicBind.code).toBe(1);
    expect(publicBind.output).toMatch(/No STRIPE_SECRET_KEY on a public address \(HOST=0\.0\.0\.0\).*BILLING_MODE=test/);

    const stripeWithoutKey = await refusal(dataDir, { BILLING_MODE: 'stripe' });
    expect(stripeWithoutKey.output).toContain('BILLING_MODE=stripe needs STRIPE_SECRET_KEY');
  }, 120_000);
});
