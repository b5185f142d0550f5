// The server half of `npm run bench`: sign-in, upsert and select latency and sustained upserts per second
// with 50 concurrent clients, each with a 5,000-task list, on PGlite and (when BENCH_DATABASE_URL or
// TEST_DATABASE_URL is set) on PostgreSQL. Loopback only; each measurement runs about BENCH_SECONDS (5) s.
// The load runs in a child process (bench/server-load.mjs), so the CPU per request printed next to each
// figure is the server's own (and PostgreSQL's, read from /proc): it says what this machine can sustain.
// Prints figures, asserts nothing.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { startServer, type RunningServer } from '../server/app.ts';

const TASKS = 5000;
const SMALL_TASKS = 50;
const CLIENTS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const LOAD_SCRIPT = resolve('bench/server-load.mjs');
const TARGETS = {
  pglite: 'target ≥ 300 upserts/s with 50 clients',
  postgres: 'target ≥ 1,000 upserts/s with p99 ≤ 50 ms with 50 clients',
};

interface BenchUser {
  id: string;
  token: string;
  email: string;
  password: string;
}

interface Job {
  kind: 'upsert' | 'select' | 'signIn';
  concurrency: number;
  tasks?: number;
  once?: boolean;
}

interface LoadResult {
  count: number;
  errors: number;
  perSecond: number;
  median: number | null;
  p99: number | null;
  bodyBytes: number;
}

function runLoad(server: RunningServer, users: BenchUser[], job: Job): Promise<LoadResult> {
  const child = spawn(process.execPath, [LOAD_SCRIPT], { stdio: ['pipe', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stdin.end(JSON.stringify({ url: server.url, apikey: server.ctx.config.anonKey, users, seconds: SECONDS, tasks: TASKS, ...job }));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out) as LoadResult) : reject(new Error(`load generator exited with ${code}`))));
  });
}

/** CPU seconds used so far by this process (the server, and PGlite inside it) and by the database's backends. */
async function cpuSeconds(server: RunningServer): Promise<{ node: number; postgres: number | null }> {
  const usage = process.cpuUsage();
  const node = (usage.user + usage.system) / 1e6;
  if (server.ctx.db.kind !== 'postgres') return { node, postgres: null };
  try {
    const { rows } = await server.ctx.db.query<{ pid: number }>('select pid from pg_stat_activity where datname = current_database()');
    let ticks = 0;
    for (const { pid } of rows) {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    }
    return { node, postgres: ticks / 100 };
  } catch {
    return { node, postgres: null }; // not on this machine, or /proc unavailable
  }
}

async function measure(server: RunningServer, users: BenchUser[], label: string, job: Job) {
  // The pool keeps its backends, so the set read before and after is the same.
  const before = await cpuSeconds(server);
  const result = await runLoad(server, users, job);
  const after = await cpuSeconds(server);
  const perCall = (seconds: number) => `${((seconds * 1000) / Math.max(result.count, 1)).toFixed(1)} ms`;
  const pgCpu = after.postgres !== null && before.postgres !== null ? `, PostgreSQL ${perCall(after.postgres - before.postgres)}` : '';
  const f = (v: number | null) => (v === null ? 'n/a' : `${v.toFixed(1)} ms`);
  const rate = job.concurrency > 1 ? `${result.perSecond.toFixed(0).padStart(5)}/s  ` : '';
  const errors = result.errors ? `  ${result.errors} FAILED` : '';
  console.log(
    `    ${label.padEnd(34)}${rate}median ${f(result.median)}  p99 ${f(result.p99)}  (${result.count} calls; CPU per call: server ${perCall(after.node - before.node)}${pgCpu})${errors}`,
  );
}

async function benchBackend(name: 'pglite' | 'postgres', server: RunningServer) {
  const users: BenchUser[] = [];
  for (let i = 0; i < CLIENTS; i++) {
    const email = `bench-${i}-${randomBytes(4).toString('hex')}@example.com`;
    const password = `bench-password-${i}`;
    const res = await fetch(`${server.url}/auth/v1/signup`, {
      method: 'POST',
      headers: { apikey: server.ctx.config.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    const session = (await res.json()) as { access_token: string; user: { id: string } };
    if (!res.ok) throw new Error(`sign-up failed: ${JSON.stringify(session)}`);
    users.push({ id: session.user.id, token: session.access_token, email, password });
  }
  const warmup = await runLoad(server, users, { kind: 'upsert', concurrency: CLIENTS, once: true }); // every user has a row
  console.log(`\n  ${name}: ${TASKS.toLocaleString('en')} tasks per list (upsert body ${(warmup.bodyBytes / 1e6).toFixed(2)} MB)`);
  await measure(server, users, 'sign-in, 1 client', { kind: 'signIn', concurrency: 1 });
  await measure(server, users, 'upsert, 1 client', { kind: 'upsert', concurrency: 1 });
  await measure(server, users, 'select, 1 client', { kind: 'select', concurrency: 1 });
  await measure(server, users, `upserts, ${CLIENTS} clients`, { kind: 'upsert', concurrency: CLIENTS });
  await measure(server, users, `selects, ${CLIENTS} clients`, { kind: 'select', concurrency: CLIENTS });
  // The same request path with small lists: what the server costs apart from moving task data.
  await measure(server, users, `upserts, ${CLIENTS} clients, ${SMALL_TASKS}-task lists`, { kind: 'upsert', concurrency: CLIENTS, tasks: SMALL_TASKS });
  console.log(`    (${TARGETS[name]})`);
}

async function onFreshDatabase(adminUrl: string, fn: (databaseUrl: string) => Promise<void>) {
  const name = `planner_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  try {
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    await fn(url.toString());
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

export async function benchServer(): Promise<void> {
  console.log(`Server bench: loopback, ${cpus().length} CPUs, ~${SECONDS} s per measurement, load from a separate process`);
  const dataDir = mkdtempSync(join(tmpdir(), 'planner-bench-'));
  const common = { port: 0, host: '127.0.0.1', env: {}, jwtSecret: randomBytes(32).toString('hex') };
  const run = async (name: 'pglite' | 'postgres', databaseUrl?: string) => {
    const server = await startServer({ ...common, dataDir: join(dataDir, name), databaseUrl });
    try {
      await benchBackend(name, server);
    } finally {
      await server.close();
    }
  };
  try {
    await run('pglite');
    const adminUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
    if (adminUrl) await onFreshDatabase(adminUrl, (url) => run('postgres', url));
    else console.log('\n  postgres: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL)');
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1]?.endsWith('bench/server.ts')) await benchServer();
