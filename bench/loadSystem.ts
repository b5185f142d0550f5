// What bench/load.ts reads from the machine: the machine's PostgreSQL (started as .ci/run starts it when it is
// down), processes' memory and CPU from /proc, and where the workers' CPU went from their V8 profiles.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, readlinkSync, realpathSync } from 'node:fs';
import { basename, join } from 'node:path';
import pg from 'pg';

/** adminUrl when PostgreSQL answers there (after `pg_ctlcluster 15 main start` if needed); else says why not. */
export async function ensurePostgres(adminUrl: string): Promise<string | undefined> {
  const answers = async () => {
    const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3000 });
    try {
      await client.connect();
      await client.end();
      return true;
    } catch {
      return false;
    }
  };
  if (await answers()) return adminUrl;
  try {
    execFileSync('pg_ctlcluster', ['15', 'main', 'start'], { stdio: 'ignore', timeout: 30_000 });
  } catch {
    // Not installed, or not ours to start: said below.
  }
  if (await answers()) return adminUrl;
  console.log(`Load bench: skipped, no PostgreSQL answers at ${adminUrl.replace(/:[^:@/]*@/, ':***@')} (set BENCH_DATABASE_URL or TEST_DATABASE_URL; .ci/run starts the machine's with pg_ctlcluster 15 main start)`);
  return undefined;
}

/** A process's children. */
export function childrenOf(pid: number): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((name) => {
      try {
        return readFileSync(`/proc/${name}/stat`, 'utf8').split(') ')[1]!.split(' ')[1] === String(pid);
      } catch {
        return false;
      }
    })
    .map(Number);
}

/**
 * A cluster primary's workers: its children that run Node. tsx gives the primary an esbuild service child too;
 * counted as a worker it was the storm's victim in one run (nothing dropped) and its memory went into RSS/socket.
 */
export function workersOf(pid: number): number[] {
  const node = realpathSync(process.execPath);
  return childrenOf(pid).filter((child) => {
    try {
      return readlinkSync(`/proc/${child}/exe`) === node;
    } catch {
      return false;
    }
  });
}

/**
 * The PostgreSQL processes working for the bench: the backends of its database (they come and go with the pools, so
 * a fixed list undercounts) and the cluster's WAL writer, checkpointer and background writer, which every commit
 * feeds. Other databases' backends are left out: on a shared machine they are other people's test suites.
 */
export function postgresPids(database: string): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((name) => {
      try {
        if (readFileSync(`/proc/${name}/comm`, 'utf8').trim() !== 'postgres') return false;
        // "postgres: 15/main: <user> <database> <client> <state>", or "postgres: 15/main: walwriter".
        const title = readFileSync(`/proc/${name}/cmdline`, 'utf8').replaceAll('\0', ' ');
        return title.split(' ').includes(database) || /: (walwriter|checkpointer|background writer)\s*$/.test(title);
      } catch {
        return false;
      }
    })
    .map(Number);
}

export function rssKb(pids: number[]): number {
  let total = 0;
  for (const pid of pids) {
    try {
      total += Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
    } catch {
      // gone
    }
  }
  return total;
}

/** User + system clock ticks (1/100 s) per process. */
export function cpuTicks(pids: number[]): Map<number, number> {
  const ticks = new Map<number, number>();
  for (const pid of pids) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      ticks.set(pid, Number(fields[11]) + Number(fields[12]));
    } catch {
      // gone
    }
  }
  return ticks;
}

/**
 * Ticks spent since `before` by the processes alive now: one that started since counts from zero, one that ended
 * is left out (so never a negative share, as a backend closed mid-phase once gave).
 */
export function ticksSince(before: Map<number, number>, now: Map<number, number>): number {
  let ticks = 0;
  for (const [pid, value] of now) ticks += Math.max(0, value - (before.get(pid) ?? 0));
  return ticks;
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}

/**
 * Self time per function over every main-thread profile in dir, the top 20, as shares of the busy samples; with a
 * window (microseconds of the monotonic clock, which V8's profile timestamps and process.hrtime share) only the
 * samples taken within it, so one phase's work is not mixed with start-up's module loading.
 */
export function summarizeProfiles(dir: string, window?: { from: number; to: number }, label = 'steady appends only'): void {
  if (!existsSync(dir)) return;
  const self = new Map<string, number>();
  let total = 0;
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.0.001.cpuprofile'))) {
    const profile = JSON.parse(readFileSync(join(dir, file), 'utf8')) as { nodes: ProfileNode[]; startTime: number; samples?: number[]; timeDeltas?: number[] };
    const hitsOf = new Map<number, number>();
    if (window && profile.samples && profile.timeDeltas) {
      let t = profile.startTime;
      profile.samples.forEach((id, i) => {
        t += profile.timeDeltas![i] ?? 0;
        if (t >= window.from && t <= window.to) hitsOf.set(id, (hitsOf.get(id) ?? 0) + 1);
      });
    } else for (const node of profile.nodes) hitsOf.set(node.id, node.hitCount ?? 0);
    for (const node of profile.nodes) {
      const hits = hitsOf.get(node.id) ?? 0;
      if (!hits || node.callFrame.functionName === '(idle)') continue;
      const { functionName, url, lineNumber } = node.callFrame;
      const where = url ? `${url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*\/wt[^/]*\//, '')}:${lineNumber + 1}` : '';
      const key = `${functionName || '(anonymous)'} ${where || basename(url)}`.trim();
      self.set(key, (self.get(key) ?? 0) + hits);
      total += hits;
    }
  }
  console.log(`\n  Workers' CPU profile (${dir}${window ? `, ${label}` : ''}), self time of the busy time (idle left out; ${total} samples):`);
  for (const [key, hits] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 20)) console.log(`    ${((hits / total) * 100).toFixed(1).padStart(5)} %  ${key}`);
}

/** Now on the clock V8's profiles use, in microseconds. */
export const monotonicMicros = () => Number(process.hrtime.bigint() / 1000n);

/**
 * What the database's busy backends wait on, sampled every `everyMs` from pg_stat_activity until stop() (one
 * connection of the bench's own): the average number of backends in each state, by connection name, e.g.
 * `planner IO:WALSync 0.42` (CPU when no wait event is set), with the WAL flushes (pg_stat_wal) over the same time.
 */
export function sampleWaits(databaseUrl: string, everyMs = 10) {
  const client = new pg.Client({ connectionString: databaseUrl, application_name: 'bench waits' });
  const counts = new Map<string, number>();
  let samples = 0;
  let stopped = false;
  const wal = () => client.query<{ wal_sync: string; wal_write: string; wal_records: string }>('select wal_sync, wal_write, wal_records from pg_stat_wal').then((r) => r.rows[0]!);
  const running = (async () => {
    await client.connect();
    const before = await wal();
    while (!stopped) {
      const { rows } = await client.query<{ name: string; wait: string }>(
        `select application_name as name, coalesce(wait_event_type || ':' || wait_event, 'CPU') as wait from pg_stat_activity
         where datname = current_database() and state <> 'idle' and pid <> pg_backend_pid()`,
      );
      samples++;
      for (const { name, wait } of rows) counts.set(`${name || '?'} ${wait}`, (counts.get(`${name || '?'} ${wait}`) ?? 0) + 1);
      await new Promise((r) => setTimeout(r, everyMs));
    }
    const after = await wal();
    await client.end();
    return { walSyncs: Number(after.wal_sync) - Number(before.wal_sync), walWrites: Number(after.wal_write) - Number(before.wal_write) };
  })();
  return {
    async stop() {
      stopped = true;
      const walDelta = await running;
      const waits = Object.fromEntries([...counts].sort((a, b) => b[1] - a[1]).slice(0, 8).map(([k, v]) => [k, Number((v / Math.max(1, samples)).toFixed(3))]));
      return { samples, waits, ...walDelta };
    },
  };
}

/**
 * Established TCP connections on the local `port` held by each of `pids` (from /proc/net/tcp and each process's
 * descriptors): how evenly the cluster's workers share the sockets.
 */
export function connectionsByPid(pids: number[], port: number): number[] {
  const wanted = port.toString(16).toUpperCase().padStart(4, '0');
  const inodes = new Set<string>();
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    if (!existsSync(file)) continue;
    for (const line of readFileSync(file, 'utf8').split('\n').slice(1)) {
      const f = line.trim().split(/\s+/);
      // local address "ADDR:PORT", state 01 = ESTABLISHED, inode in column 10.
      if (f.length > 9 && f[1]!.endsWith(`:${wanted}`) && f[3] === '01') inodes.add(f[9]!);
    }
  }
  return pids.map((pid) => {
    let count = 0;
    try {
      for (const fd of readdirSync(`/proc/${pid}/fd`)) {
        try {
          const m = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
          if (m && inodes.has(m[1]!)) count++;
        } catch {
          // closed meanwhile
        }
      }
    } catch {
      // the process is gone
    }
    return count;
  });
}
