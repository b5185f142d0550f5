// Group commit for appends on PostgreSQL (docs/server.md, "Group commit"). An append that arrives while this
// process's previous batch is in flight waits for it and then goes with every other that arrived meanwhile, as one
// call of append_task_events_batch (migration 0010): one round trip, one transaction, one commit and so one WAL
// flush for all of them. Nothing waits on a timer: with nothing in flight an append is sent at once, alone; the
// batches grow only as fast as appends queue behind the one under way, so under load they amortize the commit and
// when idle they cost nothing. Each entry keeps its own role, claims, subtransaction and error (see the migration).
import type { JwtClaims } from './context.ts';

/** What one append gets back: the body the REST route answers with and the seqs it covers (for the pointer). */
export interface AppendResult {
  body: string;
  from: number | null;
  to: number | null;
}

/** A database error of one entry, shaped as pg's (rest/errors.ts maps it as it maps pg's). */
export class AppendError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly detail?: string,
    readonly hint?: string,
  ) {
    super(message);
    this.name = 'AppendError';
  }
}

export interface AppendEntry {
  claims: JwtClaims;
  role: string;
  clientId: string | null;
  /** The p_events argument as JSON text, as the single-request path sends it. */
  events: string;
}

interface BatchRow {
  ord: number;
  body: string | null;
  first_seq: string | null;
  last_seq: string | null;
  code: string | null;
  message: string | null;
  details: string | null;
  hint: string | null;
}

/** The migration refuses more: each entry is a subtransaction, and past 64 a transaction's subtransaction ids overflow PostgreSQL's per-backend cache, which slows every other session's snapshots. */
export const MAX_BATCH_ENTRIES = 32;
/** Past this much event text a batch is sent as it is: one large append does not hold many small ones behind it. */
export const MAX_BATCH_CHARS = 512 * 1024;

/** One append alone, as the REST route ran it before batching, with the range of seqs for the realtime pointer. */
export const SINGLE_APPEND_SQL =
  "select coalesce(json_agg(r), '[]')::text as body, min(r.seq) as first_seq, max(r.seq) as last_seq from public.append_task_events(p_client_id => $1::text, p_events => $2::jsonb) r";

const BATCH_SQL = 'select ord, body, first_seq, last_seq, code, message, details, hint from public.append_task_events_batch($1::text[], $2::text[], $3::text[], $4::text[])';

/** Counts since start: how many batches, the entries they carried, the largest, and batches run again entry by entry. */
export interface AppendStats {
  batches: number;
  entries: number;
  largest: number;
  fallbacks: number;
}

export interface AppendBatcher {
  append(entry: AppendEntry): Promise<AppendResult>;
  readonly stats: AppendStats;
}

/** A connection lost or closed by the server (classes 08 and 57): the requests fail as a lone one would, unretried. */
const connectionGone = (code: string) => code.startsWith('08') || code.startsWith('57');

/**
 * `run` sends one batch's SQL with its parameters (a prepared statement: one round trip, one implicit transaction).
 * `single` runs one entry the way a request ran before batching: used when a batch fails as a whole (a database
 * error no entry's subtransaction caught, e.g. a value PostgreSQL cannot take as a parameter), so each request still
 * gets the answer it would get alone. A connection lost mid-batch fails every entry of it (nothing of it committed).
 */
export function createAppendBatcher(
  run: (sql: string, params: unknown[]) => Promise<BatchRow[]>,
  single: (entry: AppendEntry) => Promise<AppendResult>,
  maxInFlight = 1,
): AppendBatcher {
  type Waiting = { entry: AppendEntry; resolve: (r: AppendResult) => void; reject: (e: unknown) => void };
  let queue: Waiting[] = [];
  let inFlight = 0;
  const stats: AppendStats = { batches: 0, entries: 0, largest: 0, fallbacks: 0 };

  const take = (): Waiting[] => {
    let size = 0;
    let n = 0;
    while (n < queue.length && n < MAX_BATCH_ENTRIES && (n === 0 || size + queue[n]!.entry.events.length <= MAX_BATCH_CHARS)) {
      size += queue[n]!.entry.events.length;
      n++;
    }
    const batch = queue.slice(0, n);
    queue = queue.slice(n);
    return batch;
  };

  const send = async (batch: Waiting[]) => {
    stats.batches++;
    stats.entries += batch.length;
    stats.largest = Math.max(stats.largest, batch.length);
    let rows: BatchRow[];
    try {
      rows = await run(BATCH_SQL, [
        batch.map((w) => JSON.stringify(w.entry.claims)),
        batch.map((w) => w.entry.role),
        batch.map((w) => w.entry.clientId),
        batch.map((w) => w.entry.events),
      ]);
    } catch (err) {
      const code = (err as { code?: unknown }).code;
      // Any other database error rolled the batch's transaction back whole, so each entry can run again alone.
      if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && !connectionGone(code)) {
        stats.fallbacks++;
        for (const w of batch) single(w.entry).then(w.resolve, w.reject);
      } else for (const w of batch) w.reject(err);
      return;
    }
    for (const row of rows) {
      const w = batch[row.ord - 1];
      if (!w) continue;
      if (row.code !== null) w.reject(new AppendError(row.code, row.message ?? 'Database error', row.details || undefined, row.hint || undefined));
      else w.resolve({ body: row.body ?? '[]', from: row.first_seq === null ? null : Number(row.first_seq), to: row.last_seq === null ? null : Number(row.last_seq) });
    }
    // Every entry has a row; this only guards against a function that returned fewer.
    if (rows.length < batch.length) {
      const answered = new Set(rows.map((row) => row.ord));
      batch.forEach((w, i) => answered.has(i + 1) || w.reject(new Error('append batch returned no row for an entry')));
    }
  };

  const pump = () => {
    while (inFlight < maxInFlight && queue.length > 0) {
      const batch = take();
      inFlight++;
      void send(batch).finally(() => {
        inFlight--;
        pump();
      });
    }
  };

  return {
    stats,
    append: (entry) =>
      new Promise<AppendResult>((resolve, reject) => {
        queue.push({ entry, resolve, reject });
        pump();
      }),
  };
}
