// The cloud-sync half of `npm run bench` (docs/sync.md): the event log measured as people and servers meet it.
// - Live sync (bench/syncLive.ts): a click on device A to the card changing on device B, in Debian's Chromium on
//   the real build and server on PGlite; with the PWA's worker in charge, stopped before each click, and blocked;
//   at rest and with a build looping beside it. With it, the bytes one edit puts on the wire and the catch-up of
//   a device 10,000 events behind (bench/syncCatchUp.ts).
// - Appends per second: 50 concurrent subscribers, batches of 10 events, load from a separate process
//   (bench/server-load.mjs), on PGlite and (with BENCH_DATABASE_URL or TEST_DATABASE_URL) on PostgreSQL.
// BENCH_SYNC_LIVE_ONLY=1 runs the live part alone; BENCH_SYNC_SAMPLES (30) clicks per figure.
// Prints figures, asserts nothing.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, type RunningServer } from '../server/app.ts';
import { NO_LIMITS, onFreshDatabase, runLoad } from './server.ts';
import { makeSubscriber, PASSWORD, signUp } from './syncAccounts.ts';
import { benchLiveSync } from './syncLive.ts';

const CLIENTS = 50;
const BATCH = 10;

async function benchAppends(name: string, server: RunningServer, target: number) {
  const users = [];
  for (let i = 0; i < CLIENTS; i++) {
    const email = `bench-append-${i}-${randomBytes(4).toString('hex')}@example.com`;
    const user = await signUp(server, email);
    await makeSubscriber(server, user, email);
    users.push({ ...user, email, password: PASSWORD });
  }
  const result = await runLoad(server, users, { kind: 'append', batch: BATCH, concurrency: users.length });
  const f = (v: number | null) => (v === null ? 'n/a' : `${v.toFixed(1)} ms`);
  console.log(
    `  appends on ${name}: ${(result.perSecond * BATCH).toFixed(0)} events/s (${CLIENTS} subscribers, batches of ${BATCH}; batch median ${f(result.median)}, p99 ${f(result.p99)}; ${result.count} batches${result.errors ? `, ${result.errors} FAILED` : ''}; target ≥ ${target})`,
  );
}

export async function benchSync(): Promise<void> {
  console.log(`Cloud sync through the event log: loopback, ${cpus().length} CPUs`);
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-sync-'));
  // The bench signs up and signs in many users from one address: the per-address limits are for people.
  const common = { port: 0, host: '127.0.0.1', env: {}, rateLimits: NO_LIMITS, jwtSecret: randomBytes(32).toString('hex') };
  try {
    if (existsSync('dist/index.html')) {
      const server = await startServer({ ...common, dataDir: join(dataDir, 'live'), staticDir: 'dist' });
      try {
        await benchLiveSync(server);
      } finally {
        await server.close();
      }
    } else {
      console.log('  live sync and catch-up: skipped (no build: run `npx vite build` first)');
    }
    if (process.env.BENCH_SYNC_LIVE_ONLY) return;
    const pglite = await startServer({ ...common, dataDir: join(dataDir, 'pglite'), staticDir: join(dataDir, 'none') });
    try {
      await benchAppends('PGlite', pglite, 300);
    } finally {
      await pglite.close();
    }
    const adminUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
    if (adminUrl) {
      await onFreshDatabase(adminUrl, async (databaseUrl) => {
        const server = await startServer({ ...common, dataDir: join(dataDir, 'postgres'), databaseUrl, staticDir: join(dataDir, 'none') });
        try {
          await benchAppends('PostgreSQL', server, 1000);
        } finally {
          await server.close();
        }
      });
    } else {
      console.log('  appends on PostgreSQL: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL)');
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1]?.endsWith('bench/sync.ts')) await benchSync();
