// The server half of `npm run bench`: sign-in, upsert and select latency and sustained upserts per second
// with 50 concurrent clients, each with a 5,000-task list, on PGlite and (when BENCH_DATABASE_URL or
// TEST_DATABASE_URL is set) on PostgreSQL. Loopback only; each measurement runs about BENCH_SECONDS (5) s.
// The load runs in a child process (bench/server-load.mjs), so the CPU per request printed next to each
// figure is the server's own (and PostgreSQL's, read from /proc): it says what this machine can sustain.
// Then 'under attack' (sign-in flooded with wrong passwords from another address; BENCH_ATTACK_ONLY=1 runs only that).
// Prints figures, asserts nothing.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { startServer, type RunningServer } from '../server/app.ts';
import { DEFAULT_RATE_LIMITS, type RateLimitConfig } from '../server/ratelimit.ts';

const TASKS = 5000;
const SMALL_TASKS = 50;
const CLIENTS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const LOAD_SCRIPT = resolve('bench/server-load.mjs');
const TARGETS = {
  pglite: 'target ≥ 300 upserts/s with 50 clients',
  postgres: 'target ≥ 1,000 upserts/s with p99 ≤ 50 ms with 50 clients',
};

const ATTACK_SECONDS = 10;
const ATTACKERS = 20;
/** The throughput measurements sign in one user over and over from one address: no limits there. */
export const NO_LIMITS = Object.fromEntries(
  Object.keys(DEFAULT_RATE_LIMITS).map((name) => [name, { points: 1_000_000_000, seconds: 1 }]),
) as unknown as RateLimitConfig;

export interface BenchUser {
  id: string;
  token: string;
  email: string;
  password: string;
}

export interface Job {
  kind: 'upsert' | 'select' | 'signIn' | 'flood' | 'victim' | 'append';
  /** Events per call (append). */
  batch?: number;
  concurrency: number;
  tasks?: number;
  once?: boolean;
  seconds?: number;
  attackerAddress?: string;
}

export interface LoadResult {
  count: number;
  errors: number;
  perSecond: number;
  median: number | null;
  p99: number | null;
  bodyBytes: number;
}

interface Latencies {
  count: number;
  median: number | null;
  p95: number | null;
}

interface FloodResult {
  tried: number;
  triedFirst10s: number;
  limited: number;
  other: number;
  firstLimitedAt: number | null;
}

interface VictimResult {
  signIn: Latencies;
  select: Latencies;
  errors: number;
}

/** Runs one job of bench/server-load.mjs in its own process against server. */
export function runLoad<R = LoadResult>(server: RunningServer, users: BenchUser[], job: Job): Promise<R> {
  const child = spawn(process.execPath, [LOAD_SCRIPT], { stdio: ['pipe', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stdin.end(JSON.stringify({ url: server.url, apikey: server.ctx.config.anonKey, users, seconds: SECONDS, tasks: TASKS, ...job }));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out) as R) : reject(new Error(`load generator exited with ${code}`))));
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

async function signUpUser(server: RunningServer, i: number): Promise<BenchUser> {
  const email = `bench-${i}-${randomBytes(4).toString('hex')}@example.com`;
  const password = `bench-password-${i}`;
  const res = await fetch(`${server.url}/auth/v1/signup`, {
    method: 'POST',
    headers: { apikey: server.ctx.config.anonKey, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const session = (await res.json()) as { access_token: string; user: { id: string } };
  if (!res.ok) throw new Error(`sign-up failed: ${JSON.stringify(session)}`);
  return { id: session.user.id, token: session.access_token, email, password };
}

/**
 * Under attack: ATTACKERS connections from 127.0.0.2 flood password sign-in with wrong passwords while
 * another user signs in every 500 ms (from other addresses) and reads its task list in between.
 */
async function benchAttack(server: RunningServer, label: string, attackers = ATTACKERS) {
  const victim = await signUpUser(server, 0);
  await runLoad(server, [victim], { kind: 'upsert', concurrency: 1, once: true, tasks: SMALL_TASKS });
  // Two processes, so neither side's event loop delays the other's measurements.
  const [r, a] = await Promise.all([
    runLoad<VictimResult>(server, [victim], { kind: 'victim', concurrency: 1, seconds: ATTACK_SECONDS }),
    attackers ? runLoad<FloodResult>(server, [], { kind: 'flood', concurrency: attackers, seconds: ATTACK_SECONDS, attackerAddress: '127.0.0.2' }) : null,
  ]);
  const f = (v: number | null) => (v === null ? 'n/a' : `${v.toFixed(1)} ms`);
  const flood = !a
    ? ''
    : a.firstLimitedAt === null
      ? `  attacker: ${a.triedFirst10s} passwords tried in the first 10 s, never limited`
      : `  attacker: ${a.tried} tried, first 429 after ${(a.firstLimitedAt / 1000).toFixed(2)} s, then ${a.limited} answered 429`;
  console.log(
    `    ${label.padEnd(34)}sign-in median ${f(r.signIn.median)} p95 ${f(r.signIn.p95)} (${r.signIn.count})  ` +
      `select median ${f(r.select.median)} p95 ${f(r.select.p95)} (${r.select.count})${r.errors ? `  ${r.errors} FAILED` : ''}${flood}`,
  );
}

async function benchBackend(name: 'pglite' | 'postgres', server: RunningServer) {
  const users: BenchUser[] = [];
  for (let i = 0; i < CLIENTS; i++) users.push(await signUpUser(server, i));
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

/** Runs fn on a new database of the PostgreSQL server at adminUrl, dropped afterwards. */
export async function onFreshDatabase(adminUrl: string, fn: (databaseUrl: string) => Promise<void>) {
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
    const server = await startServer({ ...common, dataDir: join(dataDir, name), databaseUrl, rateLimits: NO_LIMITS });
    try {
      if (!process.env.BENCH_ATTACK_ONLY) await benchBackend(name, server);
      console.log(
        `\n  ${name} under attack: ${ATTACKERS} connections flood sign-in with wrong passwords from 127.0.0.2 for ${ATTACK_SECONDS} s;` +
          ` a user signs in every 500 ms (from 127.0.0.10–29) and reads a ${SMALL_TASKS}-task list in between (target: median < 100 ms)`,
      );
      await benchAttack(server, 'no attack', 0);
      await benchAttack(server, 'attack, no rate limits');
    } finally {
      await server.close();
    }
    // The same database again, with the limits a deployment gets by default.
    const limited = await startServer({ ...common, dataDir: join(dataDir, name), databaseUrl, rateLimits: DEFAULT_RATE_LIMITS });
    try {
      await benchAttack(limited, 'attack, default rate limits');
    } finally {
      await limited.close();
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
