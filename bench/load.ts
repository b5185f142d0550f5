// `npm run bench -- load`: many subscribers at once on `npm start`'s PostgreSQL cluster (WORKERS processes on one
// port, the machine's PostgreSQL on a fresh database), driven from separate processes (bench/load-client.mjs) with
// the default rate and connection limits. Phases: hold the sockets; steady appends (commit → subscriber latency);
// the same under a wrong-password flood from another address; small REST reads; password sign-ins; a reconnect
// storm after kill -9 of one worker. Prints one table and one JSON line; loopback only, bounded in count and time.
// Smaller runs: BENCH_LOAD_SOCKETS, _RATE (appends/s), _SECONDS (per phase), _WORKERS, _CLIENTS (generator
// processes); BENCH_LOAD_PROFILE=1 writes V8 CPU profiles of the workers and prints where their time went.
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { SignJWT } from 'jose';
import pg from 'pg';
import { connectionsByPid, cpuTicks, ensurePostgres, monotonicMicros, postgresPids, rssKb, sampleWaits, summarizeProfiles, ticksSince, workersOf } from './loadSystem.ts';
import { onFreshDatabase } from './server.ts';

const env = process.env;
const num = (name: string, fallback: number) => (env[name] ? Number(env[name]) : fallback);
const OPTIONS = {
  sockets: num('BENCH_LOAD_SOCKETS', 10_000),
  devicesPerUser: 2,
  rate: num('BENCH_LOAD_RATE', 1000),
  seconds: num('BENCH_LOAD_SECONDS', 10),
  workers: num('BENCH_LOAD_WORKERS', 3),
  clients: num('BENCH_LOAD_CLIENTS', 3),
  profile: env.BENCH_LOAD_PROFILE === '1',
  // 'appends': the sockets and the steady appends only (a shorter run when the append path is what is measured).
  only: env.BENCH_LOAD_ONLY,
  // BENCH_LOAD_WAITS=1: sample what PostgreSQL's backends wait on during the steady appends (a connection polling every 10 ms).
  waits: env.BENCH_LOAD_WAITS === '1',
  // The cluster's port (0: any free one); a fixed one keeps a run inside a range given to it on a shared machine.
  port: num('BENCH_LOAD_PORT', 0),
};
const CLIENT = resolve('bench/load-client.mjs');
const HARD_LIMIT_MS = 15 * 60_000;

/** What a subscriber process reports (bench/load-client.mjs, subscriberReport). */
interface SubscriberReport {
  held: number;
  latencies: number[];
  fromCommit: number[];
  dropped: number;
  back: number;
  lastBackAt: number;
  backTimes: [joinedAt: number, handshakeMs: number, joinMs: number, attempts: number, tcpMs: number][];
  lost: number | null;
  lostReading: number | null;
  lostNeverDropped: number | null;
  duplicatesReceived: number;
  applied: number;
  cpu: { user: number; system: number };
}

interface Cluster {
  process: ChildProcess;
  url: string;
  anonKey: string;
  output: () => string;
}

function startCluster(databaseUrl: string, jwtSecret: string, dataDir: string, profileDir?: string): Promise<Cluster> {
  const args = [...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []), '--import', 'tsx', 'server/index.ts'];
  const child = spawn(process.execPath, args, {
    env: { ...env, DATABASE_URL: databaseUrl, WORKERS: String(OPTIONS.workers), PORT: String(OPTIONS.port), HOST: '127.0.0.1', JWT_SECRET: jwtSecret, DATA_DIR: dataDir, BILLING_MODE: 'test', PUBLIC_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolvePromise, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const url = /Weekly Planner is running at (\S+)/.exec(output)?.[1];
      const anonKey = /Anon key: (\S+)/.exec(output)?.[1];
      if (url && anonKey) resolvePromise({ process: child, url, anonKey, output: () => output });
    };
    // What the cluster says after its start (a worker dying, an error) is part of the run's record.
    child.stderr.on('data', (chunk: Buffer) => {
      if (/Weekly Planner is running/.test(output)) process.stderr.write(`  [server] ${chunk.toString()}`);
    });
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => reject(new Error(`the server exited with ${code}:\n${output}`)));
  });
}

/** A generator process; `ask` sends a command and resolves with the next message of the given type. */
function generator() {
  const child = fork(CLIENT, [], { execArgv: [], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const waiting: { type: string; resolve: (m: Record<string, unknown>) => void }[] = [];
  child.on('message', (message: Record<string, unknown>) => {
    const i = waiting.findIndex((w) => w.type === message.type);
    if (i >= 0) waiting.splice(i, 1)[0]!.resolve(message);
  });
  const ask = <T = Record<string, unknown>>(command: Record<string, unknown>, type: string) =>
    new Promise<T>((resolvePromise) => {
      waiting.push({ type, resolve: resolvePromise as (m: Record<string, unknown>) => void });
      child.send(command);
    });
  return { child, ask };
}

const addresses = (prefix: string, count: number) => Array.from({ length: count }, (_, i) => `${prefix}.${Math.floor(i / 250)}.${(i % 250) + 1}`);
const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
/** The kernel's count of connections dropped because a listen queue was full (every socket on the machine). */
function listenOverflows(): number {
  const lines = readFileSync('/proc/net/netstat', 'utf8').split('\n').filter((l) => l.startsWith('TcpExt:'));
  const names = lines[0]?.split(/\s+/) ?? [];
  const values = lines[1]?.split(/\s+/) ?? [];
  return Number(values[names.indexOf('ListenOverflows')] ?? NaN);
}
const load = () => loadavg().map((v) => v.toFixed(2)).join(' ');

async function users(db: pg.Client, url: string, secret: string, count: number) {
  const tag = randomBytes(3).toString('hex');
  const { rows } = await db.query<{ id: string; email: string }>(
    `insert into auth.users (email, email_confirmed_at) select 'load-' || g || '-' || $1 || '@example.com', now() from generate_series(1, $2) g returning id, email`,
    [tag, count],
  );
  await db.query(`insert into public.subscribers (user_id, email, subscribed, subscription_tier, subscription_end)
    select id, email, true, 'Premium', now() + interval '30 days' from auth.users where email like $1`, [`load-%-${tag}@example.com`]);
  await db.query(`insert into public.user_tasks (user_id, tasks) select id, '[{"id":"t1","title":"Read me","date":"someday"}]' from auth.users where email like $1`, [`load-%-${tag}@example.com`]);
  // The server's own claims (server/jwt.ts), signed with its secret: what a sign-in would hand out, minus the bcrypt.
  const key = new TextEncoder().encode(secret);
  const iat = Math.floor(Date.now() / 1000);
  return Promise.all(
    rows.map(async ({ id, email }) => ({
      userId: id,
      token: await new SignJWT({ email, phone: '', app_metadata: { provider: 'email', providers: ['email'] }, user_metadata: {}, role: 'authenticated', aal: 'aal1', session_id: randomUUID(), is_anonymous: false })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuer(`${url}/auth/v1`)
        .setSubject(id)
        .setAudience('authenticated')
        .setIssuedAt(iat)
        .setExpirationTime(iat + 7200)
        .sign(key),
    })),
  );
}

async function signUps(url: string, anonKey: string, count: number) {
  const accounts: { email: string; password: string }[] = [];
  for (let i = 0; i < count; i++) {
    const account = { email: `load-signin-${i}-${randomBytes(3).toString('hex')}@example.com`, password: `load-password-${i}` };
    const res = await fetch(`${url}/auth/v1/signup`, { method: 'POST', headers: { apikey: anonKey, 'content-type': 'application/json' }, body: JSON.stringify(account) });
    if (!res.ok) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
    accounts.push(account);
  }
  return accounts;
}

export async function benchLoad(): Promise<void> {
  const adminUrl = await ensurePostgres(env.BENCH_DATABASE_URL || env.TEST_DATABASE_URL || 'postgres://planner:planner@127.0.0.1:5432/planner_test');
  if (!adminUrl) return;
  const o = OPTIONS;
  console.log(`Load bench: ${o.workers} workers on PostgreSQL, ${o.sockets.toLocaleString('en')} sockets from ${o.clients} generator processes, ${o.rate}/s appends, ${o.seconds} s per phase; ${cpus().length} CPUs shared by server, database and generator`);
  const timer = setTimeout(() => {
    console.error('Load bench: over its time limit; stopping');
    process.exit(1);
  }, HARD_LIMIT_MS);
  timer.unref();
  const dir = mkdtempSync(join(tmpdir(), 'planner-load-'));
  try {
    await onFreshDatabase(adminUrl, (databaseUrl) => run(databaseUrl, dir));
  } finally {
    rmSync(dir, { recursive: true, force: true });
    clearTimeout(timer);
  }
}

async function run(databaseUrl: string, dir: string) {
  const o = OPTIONS;
  const secret = randomBytes(32).toString('hex');
  // V8 writes a main-thread and a loader-thread profile per process; the summary reads the main threads.
  const profileDir = o.profile ? join(tmpdir(), `planner-load-profile-${Date.now()}`) : undefined;
  const cluster = await startCluster(databaseUrl, secret, dir, profileDir);
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const gens: ReturnType<typeof generator>[] = [];
  const row: Record<string, unknown> = { workers: o.workers, sockets: o.sockets, rate: o.rate, seconds: o.seconds };
  const steadyWindow = { from: 0, to: 0 };
  const stormWindow = { from: 0, to: 0 };
  try {
    const workers = workersOf(cluster.process.pid!);
    const all = await users(db, cluster.url, secret, Math.ceil(o.sockets / o.devicesPerUser));
    const accounts = await signUps(cluster.url, cluster.anonKey, 16);
    const rssBefore = rssKb(workers);
    const base = { url: cluster.url, apikey: cluster.anonKey };

    // 1. Sockets: every user's devices, spread over generator processes and 40 sockets per source address.
    const connectStart = performance.now();
    for (let g = 0; g < o.clients; g++) gens.push(generator());
    const readies = await Promise.all(
      gens.map((gen, g) => {
        const sockets = Array.from({ length: o.sockets }, (_, i) => all[i % all.length]!).filter((_, i) => i % o.clients === g);
        return gen.ask<{ held: number }>({ cmd: 'job', job: { ...base, role: 'subscribers', sockets, addresses: addresses(`127.1${g}`, Math.ceil(sockets.length / 40)), connectConcurrency: 100 } }, 'ready');
      }),
    );
    row.held = readies.reduce((sum, r) => sum + r.held, 0);
    row.connectSeconds = (performance.now() - connectStart) / 1000;
    const rssAfter = rssKb(workers);
    row.rssPerSocketKb = (rssAfter - rssBefore) / Number(row.held);
    row.rssTotalMb = rssAfter / 1024;
    const port = Number(new URL(cluster.url).port);
    row.socketsPerWorker = connectionsByPid(workersOf(cluster.process.pid!), port);
    row.loadHeld = load();

    // A client id per phase: a counter starting again at 1 under the same id would be a retry, stored once.
    const appendJob = (seconds: number, phase: string) => ({ ...base, role: 'http', kind: 'appends', users: all, rate: o.rate, seconds, maxInFlight: 256, clientId: `load-${phase}`, addresses: addresses('127.4', 16) });
    const http = (job: Record<string, unknown>) => {
      const gen = generator();
      return gen.ask<{ result: Record<string, number> }>({ cmd: 'job', job: { ...base, role: 'http', ...job } }, 'result').then((m) => (gen.child.kill(), m.result));
    };
    const record = (on: boolean) => Promise.all(gens.map((gen) => gen.ask({ cmd: 'record', on }, 'ack')));
    const report = async (heads?: Record<string, number>) => (await Promise.all(gens.map((gen) => gen.ask<{ report: SubscriberReport }>({ cmd: 'report', heads }, 'report')))).map((m) => m.report);
    const latency = async () => {
      const reports = await report();
      const list = reports.flatMap((r) => r.latencies).sort((a, b) => a - b);
      const fromCommit = reports.flatMap((r) => r.fromCommit).sort((a, b) => a - b);
      return { p50: pct(list, 50), p95: pct(list, 95), p99: pct(list, 99), samples: list.length, fromCommit: { p50: pct(fromCommit, 50), p95: pct(fromCommit, 95), p99: pct(fromCommit, 99) } };
    };
    const database = new URL(databaseUrl).pathname.slice(1);
    const cpuDuring = async <T>(fn: () => Promise<T>) => {
      const before = { w: cpuTicks(workersOf(cluster.process.pid!)), p: cpuTicks(postgresPids(database)), t: performance.now() };
      const result = await fn();
      const seconds = (performance.now() - before.t) / 1000;
      const share = (ticks: number) => Math.round(ticks / 100 / seconds * 100);
      const workersTicks = ticksSince(before.w, cpuTicks(workersOf(cluster.process.pid!)));
      const postgresNow = cpuTicks(postgresPids(database));
      const postgresTicks = ticksSince(before.p, postgresNow);
      // PostgreSQL's CPU by what the connection does (server/db.ts names them), the rest being the WAL writer and co.
      const names = new Map((await db.query<{ pid: number; name: string }>('select pid, application_name as name from pg_stat_activity where datname = current_database()')).rows.map((r) => [r.pid, r.name]));
      const postgresMsBy: Record<string, number> = {};
      for (const [pid, ticks] of postgresNow) {
        const name = names.has(pid) ? names.get(pid) || 'bench client' : 'WAL writer, checkpointer, gone';
        postgresMsBy[name] = (postgresMsBy[name] ?? 0) + Math.max(0, ticks - (before.p.get(pid) ?? 0)) * 10;
      }
      // CPU-ms in the phase (a tick is 10 ms): divided by what was served, the cost, whatever the machine's load.
      return { result, cpu: { workersPct: share(workersTicks), postgresPct: share(postgresTicks), workersMs: workersTicks * 10, postgresMs: postgresTicks * 10, postgresMsBy } };
    };

    // 2. Steady appends; 3. the same under a flood of wrong passwords from 127.0.0.2.
    const appendPhases = [['steady', false], ['flood', true]] as const;
    for (const [name, flood] of o.only === 'appends' ? appendPhases.slice(0, 1) : appendPhases) {
      await record(true);
      if (name === 'steady') steadyWindow.from = monotonicMicros();
      const sampler = o.waits && name === 'steady' ? sampleWaits(databaseUrl) : undefined;
      const { result, cpu } = await cpuDuring(() =>
        Promise.all([http(appendJob(o.seconds, name)), flood ? http({ kind: 'flood', concurrency: 20, seconds: o.seconds, accounts, addresses: ['127.0.0.2'] }) : null]),
      );
      if (sampler) row.waits = await sampler.stop();
      if (name === 'steady') row.steadyWindow = { ...steadyWindow, to: (steadyWindow.to = monotonicMicros()) };
      await new Promise((r) => setTimeout(r, 500));
      await record(false);
      const lat = await latency();
      const perAppend = (ms: number) => ms / Math.max(1, result[0].count ?? 0);
      const costs = { workersMsPerAppend: perAppend(cpu.workersMs), postgresMsPerAppend: perAppend(cpu.postgresMs), deliveriesPerAppend: lat.samples / Math.max(1, result[0].count ?? 0), workersMsPerDelivery: cpu.workersMs / Math.max(1, lat.samples) };
      row[name] = { appends: result[0], flood: result[1] ?? undefined, latency: lat, cpu: { ...cpu, ...costs }, load: load() };
    }
    if (o.only !== 'appends') {
      // 4. Small REST reads; 5. password sign-ins (each from its own address, as people's are).
      row.reads = { ...(await cpuDuring(() => http({ kind: 'reads', concurrency: 32, seconds: o.seconds, users: all.slice(0, 500), addresses: addresses('127.3', 8) }))), load: load() };
      row.signIns = { ...(await cpuDuring(() => http({ kind: 'signIns', concurrency: 8, seconds: o.seconds, accounts, addresses: addresses('127.2', 500) }))), load: load() };

      // 6. The storm: kill -9 one worker two seconds into steady appends.
      const storm = http(appendJob(o.seconds + 3, 'storm'));
      await new Promise((r) => setTimeout(r, 2000));
      const victim = workersOf(cluster.process.pid!)[0]!;
      const overflowsBefore = listenOverflows();
      const killedAt = performance.timeOrigin + performance.now();
      stormWindow.from = monotonicMicros();
      process.kill(victim, 'SIGKILL');
      let back: SubscriberReport[] = [];
      for (let waited = 0; waited < 60_000; waited += 250) {
        await new Promise((r) => setTimeout(r, 250));
        back = await report();
        if (back.every((r) => r.dropped > 0 ? r.back === r.dropped : true) && back.some((r) => r.dropped > 0)) break;
      }
      stormWindow.to = monotonicMicros();
      const overflows = listenOverflows() - overflowsBefore;
      const stormAppends = await storm;
      // Where each socket's return went: from the kill to its join, its last attempt's TCP and WebSocket handshake,
      // the join's answer; and how many sockets needed more than one attempt.
      const times = back.flatMap((r) => r.backTimes);
      const sorted = (list: number[]) => list.sort((a, b) => a - b);
      const spread = (list: number[]) => ({ p50: pct(list, 50), p90: pct(list, 90), p99: pct(list, 99), max: list[list.length - 1] ?? NaN });
      const returns = {
        fromKill: spread(sorted(times.map((t) => (t[0] - killedAt) / 1000))),
        handshakeMs: spread(sorted(times.map((t) => t[1]))),
        tcpMs: spread(sorted(times.map((t) => t[4]).filter((t) => !Number.isNaN(t)))),
        joinMs: spread(sorted(times.map((t) => t[2]))),
        retried: times.filter((t) => t[3] > 1).length,
        listenOverflows: overflows,
      };
      // Lost means never arrived: under load deliveries trail the appends by seconds, so wait until every client
      // holds the database's log or nothing changed for 5 s (at most 60 s), and say how long that took.
      const heads = Object.fromEntries((await db.query<{ user_id: string; last_seq: string }>('select user_id, last_seq from public.task_event_heads')).rows.map((h) => [h.user_id, Number(h.last_seq)]));
      const settleStart = performance.now();
      let final = await report(heads);
      for (let same = 0, lost = Infinity; performance.now() - settleStart < 60_000; ) {
        const now = final.reduce((s, r) => s + (r.lost ?? 0), 0);
        if (now === 0) break;
        same = now === lost ? same + 1 : 0;
        lost = now;
        if (same >= 5) break;
        await new Promise((r) => setTimeout(r, 1000));
        final = await report(heads);
      }
      const settledSeconds = (performance.now() - settleStart) / 1000;
      row.storm = {
        killedSockets: back.reduce((s, r) => s + r.dropped, 0),
        backSeconds: Math.max(...back.map((r) => r.lastBackAt)) > 0 ? (Math.max(...back.map((r) => r.lastBackAt)) - killedAt) / 1000 : null,
        allBack: back.every((r) => r.back === r.dropped),
        lost: final.reduce((s, r) => s + (r.lost ?? 0), 0),
        lostReading: final.reduce((s, r) => s + (r.lostReading ?? 0), 0),
        lostNeverDropped: final.reduce((s, r) => s + (r.lostNeverDropped ?? 0), 0),
        settledSeconds,
        duplicatesReceived: final.reduce((s, r) => s + r.duplicatesReceived, 0),
        duplicatesApplied: 0,
        appendErrors: stormAppends.errors,
        socketsPerWorker: connectionsByPid(workersOf(cluster.process.pid!), Number(new URL(cluster.url).port)),
        returns,
        load: load(),
      };
      row.generatorCpuSeconds = final.reduce((s, r) => s + (r.cpu.user + r.cpu.system) / 1e6, 0);
    }
  } finally {
    for (const gen of gens) gen.child.send({ cmd: 'stop' });
    await db.end();
    cluster.process.kill('SIGTERM');
    await new Promise((r) => cluster.process.once('exit', r));
  }
  printTable(row);
  if (profileDir) summarizeProfiles(profileDir, steadyWindow.to > 0 ? steadyWindow : undefined);
  // The storm: from the kill until every dropped socket joined again (the killed worker wrote no profile).
  if (profileDir && stormWindow.to > 0) summarizeProfiles(profileDir, stormWindow, 'from the kill until every socket was back');
}

// The row is built phase by phase above; read back loosely here.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
function printTable(r: Record<string, any>) {
  const f = (v: number | null | undefined, digits = 0) => (v === null || v === undefined || Number.isNaN(v) ? 'n/a' : v.toFixed(digits));
  const lines: (string | undefined)[][] = [
    ['live subscriber sockets held', `${r.held} (connected in ${f(r.connectSeconds, 1)} s), ${f(r.rssPerSocketKb, 1)} KB RSS/socket; per worker ${r.socketsPerWorker.join(' / ')}`, '≥ 10,000, ≤ 12 KB', r.loadHeld],
    ['commit → subscriber (steady)', `p50 ${f(r.steady.latency.p50, 1)} p95 ${f(r.steady.latency.p95, 1)} p99 ${f(r.steady.latency.p99, 1)} ms (${r.steady.latency.samples})`, 'p50 ≤ 10, p99 ≤ 50 ms', r.steady.load],
    ['  from the row\'s created_at', `p50 ${f(r.steady.latency.fromCommit.p50, 1)} p95 ${f(r.steady.latency.fromCommit.p95, 1)} p99 ${f(r.steady.latency.fromCommit.p99, 1)} ms (the append's transaction on)`, '', ''],
    ['appends', `${f(r.steady.appends.perSecond)}/s, p50 ${f(r.steady.appends.p50, 1)} p99 ${f(r.steady.appends.p99, 1)} ms, ${r.steady.appends.errors} errors, ${r.steady.appends.skipped} not sent${r.steady.appends.loopDelay ? `; generator's loop delay p99 ${f(r.steady.appends.loopDelay.p99, 1)} max ${f(r.steady.appends.loopDelay.max, 0)} ms` : ''}`, '≥ 1,000/s, p99 ≤ 100 ms', r.steady.load],
    ['  CPU while appending', `workers ${r.steady.cpu.workersPct} %, PostgreSQL ${r.steady.cpu.postgresPct} % (of one core)`, '', ''],
    ['  CPU per append', `workers ${f(r.steady.cpu.workersMsPerAppend, 2)} ms, PostgreSQL ${f(r.steady.cpu.postgresMsPerAppend, 2)} ms; ${f(r.steady.cpu.deliveriesPerAppend, 2)} deliveries each (workers ${f(r.steady.cpu.workersMsPerDelivery, 2)} ms per delivery, appends included)`, '', ''],
    ['  PostgreSQL per append by use', Object.entries(r.steady.cpu.postgresMsBy as Record<string, number>).sort((a, b) => b[1] - a[1]).map(([name, ms]) => `${name} ${f(ms / Math.max(1, r.steady.appends.count), 2)}`).join(', ') + ' ms', '', ''],
    r.waits && ['  PostgreSQL waits (backends)', `${Object.entries(r.waits.waits as Record<string, number>).map(([k, v]) => `${k} ${v}`).join(', ')}; WAL flushes ${r.waits.walSyncs} (whole cluster)`, '', ''],
    r.flood && ['commit → subscriber, flood', `p99 ${f(r.flood.latency.p99, 1)} ms (from created_at ${f(r.flood.latency.fromCommit.p99, 1)}); flood: ${r.flood.flood.count} tried, ${r.flood.flood.limited} answered 429`, 'p99 ≤ 100 ms', r.flood.load],
    r.reads && ['small REST reads', `${f(r.reads.result.perSecond)}/s, p99 ${f(r.reads.result.p99, 1)} ms, ${r.reads.result.errors} errors`, '≥ 1,500/s, p99 ≤ 50 ms', r.reads.load],
    r.signIns && ['password sign-ins', `${f(r.signIns.result.perSecond)}/s, p99 ${f(r.signIns.result.p99, 1)} ms, ${r.signIns.result.limited} limited`, '≥ 20/s', r.signIns.load],
    r.storm && ['storm after kill -9', `${r.storm.killedSockets} sockets back in ${f(r.storm.backSeconds, 2)} s${r.storm.allBack ? '' : ' (NOT ALL)'}, lost ${r.storm.lost}${r.storm.lost ? ` (${r.storm.lostReading} on sockets still reading the log, ${r.storm.lostNeverDropped} on sockets never dropped)` : ''} (${f(r.storm.settledSeconds, 1)} s after the last append), duplicates applied 0 (${r.storm.duplicatesReceived} dropped); per worker after ${r.storm.socketsPerWorker.join(' / ')}`, '≤ 10 s, 0 lost, 0 dup', r.storm.load],
  ];
  console.log(`\n  ${'figure'.padEnd(32)}${'measured'.padEnd(92)}${'target'.padEnd(26)}load avg`);
  for (const [name, value, target, avg] of lines.filter(Boolean) as string[][]) console.log(`  ${String(name).padEnd(32)}${String(value).padEnd(92)}${String(target).padEnd(26)}${avg}`);
  if (r.storm) {
    const { fromKill, handshakeMs, tcpMs, joinMs, retried, listenOverflows: overflows } = r.storm.returns;
    const s3 = (x: { p50: number; p90: number; p99: number; max: number }, d: number) => `p50 ${f(x.p50, d)} p90 ${f(x.p90, d)} p99 ${f(x.p99, d)} max ${f(x.max, d)}`;
    console.log(`  storm returns: from the kill ${s3(fromKill, 2)} s; last attempt's handshake ${s3(handshakeMs, 0)} ms (its TCP connect ${s3(tcpMs, 0)} ms); join ${s3(joinMs, 0)} ms; ${retried} sockets took more than one attempt; listen queue overflows (whole machine) ${overflows}`);
  }
  if (r.generatorCpuSeconds !== undefined) console.log(`  (generator CPU: ${f(r.generatorCpuSeconds, 1)} s in the subscriber processes)`);
  console.log(JSON.stringify({ bench: 'load', ...r }));
}

if (process.argv[1]?.endsWith('bench/load.ts')) await benchLoad();
