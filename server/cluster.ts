// Every core on PostgreSQL: the primary process migrates once, settles the JWT secret once, then forks WORKERS
// server processes that share one port through Node's cluster module. Each worker accepts from the shared listening
// socket itself (SCHED_NONE): with round-robin the primary accepts every connection and hands it to a worker over
// IPC, one at a time, which is what held a reconnect storm's thousands of sockets back (docs/server.md). A worker
// that dies is replaced; the others keep serving. Workers keep nothing another needs (sessions, limits, the log and
// the fan-out are in PostgreSQL), so any worker serves any request or socket.
import cluster, { type Worker } from 'node:cluster';
import { availableParallelism } from 'node:os';
import type { ServerConfig } from './context.ts';
import { openDb } from './db.ts';
import { migrate } from './migrate.ts';

/** What a worker tells the primary once it listens. */
export interface ReadyMessage {
  type: 'planner-ready';
  url: string;
}

/**
 * How connections reach workers: Node's NODE_CLUSTER_SCHED_POLICY ('rr' or 'none') when set, else 'none' (each
 * worker accepts for itself; the kernel wakes one waiting worker per connection, so an idle worker takes more).
 */
export function schedulingPolicy(env: NodeJS.ProcessEnv): number {
  return env.NODE_CLUSTER_SCHED_POLICY === 'rr' ? cluster.SCHED_RR : cluster.SCHED_NONE;
}

/**
 * V8 flags for the workers: WORKER_SEMI_SPACE_MB caps V8's young generation (--max-semi-space-size, in MB; 0 leaves
 * V8's default of up to 16 MB per semi-space). A worker's young generation grows under a burst of allocation (a storm
 * of joins) and holds that memory for a while; capped, it costs more frequent scavenges instead (docs/server.md).
 */
export function workerExecArgv(env: NodeJS.ProcessEnv, execArgv: readonly string[]): string[] {
  const value = env.WORKER_SEMI_SPACE_MB ?? String(DEFAULT_SEMI_SPACE_MB);
  const mb = Number(value);
  if (!Number.isInteger(mb) || mb < 0 || mb > 256) throw new Error(`WORKER_SEMI_SPACE_MB must be a whole number from 0 to 256, got "${value}"`);
  const given = [...execArgv, ...(env.NODE_OPTIONS ?? '').split(/\s+/)].some((arg) => /^--max-semi-space-size(=|$)/.test(arg));
  return mb === 0 || given ? [...execArgv] : [...execArgv, `--max-semi-space-size=${mb}`];
}
export const DEFAULT_SEMI_SPACE_MB = 0;

/** WORKERS, or one per core on PostgreSQL; PGlite is one process (it holds its data directory alone). */
export function workerCount(env: NodeJS.ProcessEnv): number {
  const value = env.WORKERS;
  if (value === undefined || value === '') return env.DATABASE_URL ? availableParallelism() : 1;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 256) throw new Error(`WORKERS must be a whole number from 1 to 256, got "${value}"`);
  if (n > 1 && !env.DATABASE_URL) throw new Error('WORKERS above 1 needs DATABASE_URL: the embedded PGlite database belongs to one process');
  return n;
}

// A worker dying this soon after its start is crash-looping: replacements slow down so the log stays readable.
const QUICK_DEATH_MS = 5000;
const MAX_RESPAWN_DELAY_MS = 10_000;

/**
 * Runs the primary: migrations, then `count` workers. Resolves with the URL once every worker listens;
 * rejects if a worker dies before the first URL (a start-up error, e.g. the port is taken).
 */
export async function runPrimary(config: ServerConfig, count: number, onShutdown: (code: number) => void): Promise<string> {
  const db = await openDb({ dataDir: config.dataDir, databaseUrl: config.databaseUrl, poolSize: 1 });
  try {
    await migrate(db);
  } finally {
    await db.close();
  }

  // Workers read the secret the primary settled (from JWT_SECRET or DATA_DIR/secrets.json): one key for all.
  const env = { JWT_SECRET: config.jwtSecret };
  let stopping = false;
  let started = false;
  let quickDeaths = 0;
  const bornAt = new Map<Worker, number>();
  cluster.schedulingPolicy = schedulingPolicy(process.env);
  cluster.setupPrimary({ execArgv: workerExecArgv(process.env, process.execArgv) });
  const fork = () => bornAt.set(cluster.fork(env), Date.now());

  const url = new Promise<string>((resolve, reject) => {
    let ready = 0;
    cluster.on('message', (_worker, message: ReadyMessage) => {
      if (message?.type !== 'planner-ready' || started) return;
      if (++ready === count) {
        started = true;
        resolve(message.url);
      }
    });
    cluster.on('exit', (worker, code, signal) => {
      const born = bornAt.get(worker) ?? 0;
      bornAt.delete(worker);
      if (stopping) {
        if (Object.keys(cluster.workers ?? {}).length === 0) onShutdown(0);
        return;
      }
      if (!started) {
        stopping = true;
        for (const other of Object.values(cluster.workers ?? {})) other?.process.kill('SIGTERM');
        reject(new Error(`a worker exited during start-up (${signal ?? `code ${code}`}); its output is above`));
        return;
      }
      quickDeaths = Date.now() - born < QUICK_DEATH_MS ? quickDeaths + 1 : 0;
      const delay = Math.min(MAX_RESPAWN_DELAY_MS, quickDeaths * 500);
      console.error(`Worker ${worker.process.pid} died (${signal ?? `exit code ${code}`}); starting another${delay ? ` in ${delay} ms` : ''}`);
      setTimeout(fork, delay);
    });
  });
  for (let i = 0; i < count; i++) fork();

  const shutdown = (signal: NodeJS.Signals) => {
    console.log(`${signal}: shutting down ${Object.keys(cluster.workers ?? {}).length} workers`);
    stopping = true;
    process.once(signal, () => onShutdown(1));
    const workers = Object.values(cluster.workers ?? {});
    if (workers.length === 0) onShutdown(0);
    for (const worker of workers) worker?.process.kill('SIGTERM');
  };
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  return url;
}
