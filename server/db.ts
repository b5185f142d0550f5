// One small database interface over embedded PGlite or a PostgreSQL pool.
// Every request runs in its own transaction (appends on PostgreSQL: a subtransaction of a shared one, see
// appendBatch.ts); asUser additionally switches to the JWT's role with its claims set, so the row-level security
// policies of the migrations decide.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Db, JwtClaims, Queryable, QueryResult } from './context.ts';
import { lockDataDir, makePrivate } from './datadir.ts';
import { diagOn, diagRecord } from './diag.ts';
import { createAppendBatcher, SINGLE_APPEND_SQL, type AppendEntry, type AppendResult, type AppendStats } from './appendBatch.ts';

// PGlite checks boolean and bytea parameters itself and throws a plain Error (no SQLSTATE, so a 500) for
// input like "maybe"; sent as text, PostgreSQL refuses it with 22P02 as it does on a real server.
const PASS_THROUGH_SERIALIZERS = {
  16: (v: unknown) => (typeof v === 'boolean' ? (v ? 't' : 'f') : String(v)),
  17: (v: unknown) => (v instanceof Uint8Array ? '\\x' + Buffer.from(v).toString('hex') : String(v)),
};

/** A transaction handle that can also run multi-statement scripts (migrations). */
export interface ScriptQueryable extends Queryable {
  exec(sql: string): Promise<void>;
}

export interface Database extends Db {
  transaction<T>(fn: (q: ScriptQueryable) => Promise<T>): Promise<T>;
  /**
   * Calls back with the payload of every NOTIFY on `channel` (on PostgreSQL from any process on the
   * database, through a connection of its own that reconnects, calling onReconnect once it listens again:
   * what was sent meanwhile is gone). Resolves to the function that stops it.
   */
  listen(channel: string, onNotify: (payload: string) => void, onReconnect?: () => void): Promise<() => Promise<void>>;
  /**
   * NOTIFYs `channel` once per payload, in one transaction of its own, to be called after the caller's own
   * transaction committed. On PostgreSQL with synchronous_commit off: a notifying commit holds the database-wide
   * notify-queue lock until it ends, and must not hold it through a WAL flush (docs/sync.md).
   */
  notify(channel: string, payloads: string[]): Promise<void>;
  /** The owner's reads that must not queue behind requests (realtime fan-out): a connection of its own on PostgreSQL. */
  readonly reader: Queryable;
  /** PostgreSQL only: what the append batches carried (server/appendBatch.ts). */
  readonly appendStats?: AppendStats;
  /** PostgreSQL only: the pool itself, for stores that speak pg (the shared rate limits). */
  readonly pool?: pg.Pool;
}

// Both settings are transaction-local; set_config('role', …) is what `set local role` does, in one round trip.
const SET_CLAIMS = "select set_config('request.jwt.claims', $1, true), set_config('role', $2, true)";
const ROLES = new Set(['anon', 'authenticated', 'service_role']);

/**
 * Append batches one process keeps under way at once (server/appendBatch.ts). One: an append arriving while a batch
 * is under way joins the next, which makes the batches as large as the load asks. APPEND_BATCHES_IN_FLIGHT is for
 * measuring the alternative (docs/server.md).
 */
const APPEND_BATCHES_IN_FLIGHT = Math.max(1, Math.min(8, Number(process.env.APPEND_BATCHES_IN_FLIGHT) || 1));

type SingleAppendRow = { body: string; first_seq: string | null; last_seq: string | null };
const appendResult = ({ rows: [row] }: QueryResult<SingleAppendRow>): AppendResult => ({
  body: row?.body ?? '[]',
  from: row?.first_seq == null ? null : Number(row.first_seq),
  to: row?.last_seq == null ? null : Number(row.last_seq),
});

function roleOf(claims: JwtClaims): string {
  if (!ROLES.has(claims.role)) throw new Error(`Refusing unknown role ${String(claims.role)}`);
  return claims.role;
}

/** A value as an SQL string literal (E'…' when it holds a backslash, so standard_conforming_strings does not matter). */
function literal(value: string): string {
  const quoted = value.replaceAll("'", "''");
  return value.includes('\\') ? `E'${quoted.replaceAll('\\', '\\\\')}'` : `'${quoted}'`;
}

// Above this, a request's values go as parameters of a prepared statement: the round trips saved are then a small
// part of its cost, and PostgreSQL's lexer would scan a large literal once more.
const MAX_INLINED_CHARS = 64 * 1024;

/**
 * The claims and one statement as one simple-protocol query: PostgreSQL runs the statements of one Query message as
 * one implicit transaction (an error rolls back all of it; the set_config(…, true) settings end with it), so this is
 * asUser's begin, claims, statement and commit in one round trip. $n placeholders become literals. Undefined when a
 * value cannot be inlined (not a string, number, boolean or null; a NUL, which would end the query text; too large)
 * or the SQL holds a `$` that is not a placeholder.
 */
export function inlineAsUser(claims: JwtClaims, sql: string, params: unknown[] = []): string | undefined {
  const values: string[] = [];
  let size = 0;
  for (const param of params) {
    if (param === null || param === undefined) {
      values.push('NULL');
      continue;
    }
    if (typeof param !== 'string' && typeof param !== 'number' && typeof param !== 'boolean') return undefined;
    const text = String(param);
    size += text.length;
    if (size > MAX_INLINED_CHARS || text.includes('\0')) return undefined;
    values.push(literal(text));
  }
  const claimsJson = JSON.stringify(claims);
  if (claimsJson.includes('\0')) return undefined;
  // Only a $n outside quotes is a placeholder. A `$` inside a quoted identifier or string, a comment, a backslash
  // or any other `$` would make text substitution unsafe (a value's `"` could close an identifier): such SQL keeps
  // the prepared path. The server's SQL has none of these; the check keeps that from being an assumption.
  if (sql.includes('\\')) return undefined;
  let bad = false;
  const body = sql.replace(/'(?:[^']|'')*'|"(?:[^"]|"")*"|\$(\d+)|\$|--|\/\*/g, (token, n: string | undefined) => {
    if (n !== undefined) return values[Number(n) - 1] ?? ((bad = true), '');
    if (token.startsWith("'") || token.startsWith('"')) return token.includes('$') ? ((bad = true), '') : token;
    bad = true;
    return '';
  });
  if (bad) return undefined;
  return `select set_config('request.jwt.claims', ${literal(claimsJson)}, true), set_config('role', ${literal(roleOf(claims))}, true);\n${body}`;
}

export async function openDb(options: { dataDir: string; databaseUrl?: string; poolSize?: number; sharedBuffers?: string }): Promise<Database> {
  return options.databaseUrl ? openPostgres(options.databaseUrl, options.poolSize) : openPglite(options.dataDir, options.sharedBuffers);
}

/**
 * PostgreSQL's default 128 MB is touched at start, so it is all resident; 32 MB holds this schema's hot rows for
 * dozens of active users. More helps large task lists under load (env PGLITE_SHARED_BUFFERS, docs/security.md).
 */
export const DEFAULT_PGLITE_SHARED_BUFFERS = '32MB';

// PGlite runs PostgreSQL in single-user mode: there is no autovacuum and checkpoints happen only when
// the WAL reaches max_wal_size. Without these, every upsert of a large task list would leave a dead
// copy behind forever, and the WAL (replayed after a crash) could grow to 1 GB.
const PGLITE_SETTINGS = ['-c', 'max_wal_size=128MB', '-c', 'min_wal_size=32MB'];
const VACUUM_EVERY_MS = 60_000;
const VACUUM_EVERY_TRANSACTIONS = 100;

async function openPglite(dataDir: string, sharedBuffers = DEFAULT_PGLITE_SHARED_BUFFERS): Promise<Database> {
  if (!/^\d+(?:kB|MB|GB)$/.test(sharedBuffers)) throw new Error(`PGLITE_SHARED_BUFFERS must look like 32MB, got "${sharedBuffers}"`);
  const releaseLock = await lockDataDir(dataDir);
  const defaults = (PGlite as unknown as { defaultStartParams?: string[] }).defaultStartParams;
  const pgDir = join(dataDir, 'pglite');
  let pglite: PGlite;
  try {
    if (!existsSync(join(pgDir, 'PG_VERSION'))) await initdbApart(pgDir);
    pglite = await PGlite.create({ dataDir: pgDir, startParams: defaults && [...defaults, ...PGLITE_SETTINGS, '-c', `shared_buffers=${sharedBuffers}`],
      serializers: PASS_THROUGH_SERIALIZERS,
    });
    // Emscripten's file system chmods every file it creates to 0666, whatever the umask; the directories stay
    // 0700, so what PGlite creates later is still out of others' reach.
    makePrivate(pgDir);
  } catch (err) {
    releaseLock();
    throw err;
  }

  let transactionsSinceVacuum = 0;
  let vacuuming: Promise<void> | undefined;
  const vacuum = () => {
    if (transactionsSinceVacuum === 0 || vacuuming || pglite.closed) return;
    transactionsSinceVacuum = 0;
    vacuuming = pglite
      .exec('vacuum')
      .then(
        () => undefined,
        (err: Error) => console.error('PGlite vacuum failed:', err.message),
      )
      .finally(() => (vacuuming = undefined));
  };
  const timer = setInterval(vacuum, VACUUM_EVERY_MS);
  timer.unref();

  // PGlite is one backend: its transaction() holds an exclusive lock, so transactions serialize.
  const transaction = async <T>(fn: (q: ScriptQueryable) => Promise<T>): Promise<T> => {
    try {
      return await pglite.transaction((tx) =>
        fn({
          query: async <R>(sql: string, params?: unknown[]) => ({ rows: (await tx.query<R>(sql, params)).rows }),
          exec: async (sql: string) => void (await tx.exec(sql)),
        }),
      );
    } finally {
      if (++transactionsSinceVacuum >= VACUUM_EVERY_TRANSACTIONS) vacuum();
    }
  };
  return {
    kind: 'pglite',
    query: async <R>(sql: string, params?: unknown[]): Promise<QueryResult<R>> => ({ rows: (await pglite.query<R>(sql, params)).rows }),
    transaction,
    asUser: (claims, fn) =>
      transaction(async (q) => {
        await q.query(SET_CLAIMS, [JSON.stringify(claims), roleOf(claims)]);
        return fn(q);
      }),
    // In-process: no round trips to save.
    asUserQuery: (claims, sql, params) =>
      transaction(async (q) => {
        await q.query(SET_CLAIMS, [JSON.stringify(claims), roleOf(claims)]);
        return q.query(sql, params);
      }),
    // One backend that runs one transaction at a time: nothing to batch.
    appendTaskEvents: async (claims, clientId, events) =>
      appendResult(
        await transaction(async (q) => {
          await q.query(SET_CLAIMS, [JSON.stringify(claims), roleOf(claims)]);
          return q.query<SingleAppendRow>(SINGLE_APPEND_SQL, [clientId, events]);
        }),
      ),
    listen: async (channel, onNotify) => pglite.listen(channel, onNotify),
    notify: async (channel, payloads) => void (await pglite.query('select pg_notify($1, p) from unnest($2::text[]) p', [channel, payloads])),
    // One backend: nothing to keep apart.
    reader: { query: async <R>(sql: string, params?: unknown[]) => ({ rows: (await pglite.query<R>(sql, params)).rows }) },
    close: async () => {
      clearInterval(timer);
      try {
        await vacuuming;
        if (!pglite.closed) await pglite.close();
      } finally {
        releaseLock();
      }
    },
  };
}

/**
 * Creating a data directory runs initdb in a second WebAssembly instance and copies its result through memory;
 * a WebAssembly memory never shrinks, so doing it in this process keeps ~500 MB resident for good. A short-lived
 * child does it instead. Where the package cannot be resolved from here (an unusual layout), it is done in-process.
 */
async function initdbApart(pgDir: string): Promise<void> {
  const cwd = process.cwd();
  try {
    createRequire(join(cwd, 'package.json')).resolve('@electric-sql/pglite');
  } catch {
    return;
  }
  // A module given with -e resolves bare names from the working directory.
  const script = "const { PGlite } = await import('@electric-sql/pglite'); const db = await PGlite.create({ dataDir: process.argv[1] }); await db.close();";
  await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script, pgDir], { cwd, timeout: 120_000 });
}

async function openPostgres(connectionString: string, poolSize = 20): Promise<Database> {
  // application_name tells the connections apart in pg_stat_activity (and the load bench's CPU split).
  const pool = new pg.Pool({ connectionString, max: poolSize, application_name: 'planner' });
  // A failing idle client must not crash the process; the pool replaces it. pool.end() resolves before its
  // connections are gone, so errors after close (e.g. the database being dropped) are expected.
  let closed = false;
  pool.on('error', (err) => {
    if (!closed) console.error('PostgreSQL pool error:', err.message);
  });
  await pool.query('select 1');
  // The realtime fan-out's reads, one at a time in log order: apart from the pool, so deliveries never wait
  // behind a queue of appends (docs/sync.md, "Fan-out across processes").
  const readPool = new pg.Pool({ connectionString, max: 1, application_name: 'planner realtime read' });
  const notifyPool = new pg.Pool({ connectionString, max: 1, application_name: 'planner notify' });
  notifyPool.on('error', (err) => {
    if (!closed) console.error('PostgreSQL notifier error:', err.message);
  });
  readPool.on('error', (err) => {
    if (!closed) console.error('PostgreSQL reader error:', err.message);
  });

  // Statements with parameters are prepared once per connection (named by their text).
  const names = new Map<string, string>();
  const MAX_PREPARED = 500;
  const config = (sql: string, params?: unknown[]): pg.QueryConfig => {
    if (!params?.length) return { text: sql };
    let name = names.get(sql);
    if (!name && names.size < MAX_PREPARED) names.set(sql, (name = `s${names.size}`));
    return { name, text: sql, values: params };
  };
  const on = (client: pg.PoolClient): ScriptQueryable => ({
    query: async <R>(sql: string, params?: unknown[]) => ({ rows: (await client.query(config(sql, params))).rows as R[] }),
    exec: async (sql: string) => void (await client.query(sql)),
  });

  const transaction = async <T>(fn: (q: ScriptQueryable) => Promise<T>): Promise<T> => {
    const client = await pool.connect();
    let broken: Error | undefined;
    try {
      await client.query('begin');
      const result = await fn(on(client));
      await client.query('commit');
      return result;
    } catch (err) {
      await client.query('rollback').catch((rollbackErr: Error) => (broken = rollbackErr));
      throw err;
    } finally {
      client.release(broken);
    }
  };
  const asUser = <T>(claims: JwtClaims, fn: (q: Queryable) => Promise<T>) =>
    transaction(async (q) => {
      await q.query(SET_CLAIMS, [JSON.stringify(claims), roleOf(claims)]);
      return fn(q);
    });
  const asUserQuery = async <R>(claims: JwtClaims, sql: string, params?: unknown[]): Promise<QueryResult<R>> => {
    const text = inlineAsUser(claims, sql, params);
    if (text === undefined) return asUser(claims, (q) => q.query<R>(sql, params));
    // Two statements: pg answers with one result each; the caller's is the last.
    if (diagOn) {
      const t0 = performance.now();
      const client = await pool.connect();
      const t1 = performance.now();
      try {
        const results = (await client.query(text)) as unknown as pg.QueryResult[];
        diagRecord('poolWait', t1 - t0);
        diagRecord('query', performance.now() - t1);
        return { rows: results[results.length - 1]!.rows as R[] };
      } finally {
        client.release();
      }
    }
    const results = (await pool.query(text)) as unknown as pg.QueryResult[];
    return { rows: results[results.length - 1]!.rows as R[] };
  };
  const single = async (entry: AppendEntry) => appendResult(await asUserQuery<SingleAppendRow>(entry.claims, SINGLE_APPEND_SQL, [entry.clientId, entry.events]));
  const batcher = createAppendBatcher(async (sql, params) => {
    const started = diagOn ? performance.now() : 0;
    const rows = (await pool.query(config(sql, params))).rows;
    if (diagOn) {
      diagRecord('batch', performance.now() - started);
      diagRecord('batchSize', rows.length);
    }
    return rows;
  }, single, APPEND_BATCHES_IN_FLIGHT);
  return {
    kind: 'postgres',
    pool,
    query: async <R>(sql: string, params?: unknown[]) => ({ rows: (await pool.query(config(sql, params))).rows as R[] }),
    transaction,
    asUser,
    asUserQuery,
    appendStats: batcher.stats,
    appendTaskEvents: (claims, clientId, events) => batcher.append({ claims, role: roleOf(claims), clientId, events }),
    listen: (channel, onNotify, onReconnect) => listenOn(connectionString, channel, onNotify, onReconnect, () => closed),
    // One round trip on a connection of its own, so a pointer never waits behind the request pool's appends.
    notify: async (channel, payloads) =>
      void (await notifyPool.query(
        `begin; set local synchronous_commit = off; select ${payloads.map((p) => `pg_notify(${literal(channel)}, ${literal(p)})`).join(', ')}; commit`,
      )),
    reader: { query: async <R>(sql: string, params?: unknown[]) => ({ rows: (await readPool.query(config(sql, params))).rows as R[] }) },
    close: async () => {
      closed = true;
      await Promise.all([pool.end(), readPool.end(), notifyPool.end()]);
    },
  };
}

/** A dedicated connection LISTENing on one channel; reconnects after a second when it drops. */
async function listenOn(
  connectionString: string,
  channel: string,
  onNotify: (payload: string) => void,
  onReconnect: (() => void) | undefined,
  poolClosed: () => boolean,
) {
  let client: pg.Client | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  const connect = async (): Promise<void> => {
    // keepAlive: a listener only receives, so a connection cut silently (a firewall, a failover) shows only this way.
    const c = new pg.Client({ connectionString, keepAlive: true, application_name: 'planner listen' });
    c.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) onNotify(message.payload);
    });
    // Only the live connection reconnects: a failed attempt is retried by the loop below.
    const reconnect = (reason: string) => {
      if (client !== c || stopped || poolClosed()) return;
      client = undefined;
      console.error(`LISTEN ${channel} connection lost (${reason}); reconnecting`);
      c.end().catch(() => {});
      const attempt = () => {
        retry = setTimeout(() => void connect().then(onReconnect, attempt), 1000);
        retry.unref();
      };
      attempt();
    };
    c.on('error', (err) => reconnect(err.message));
    c.on('end', () => reconnect('closed'));
    try {
      await c.connect();
      await c.query(`listen ${pg.escapeIdentifier(channel)}`);
    } catch (err) {
      c.end().catch(() => {});
      throw err;
    }
    client = c;
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await client?.end().catch(() => {});
  };
}
