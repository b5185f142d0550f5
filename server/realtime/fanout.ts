// Fan-out of appended task events to the channels this process holds. An append's transaction sends one NOTIFY
// with a pointer (user, first and last new seq); this queue turns pointers into rows with one read per batch of
// NOTIFYs, on a connection of its own (never behind the appends' pool), and hands each channel the rows after the
// last one it was given, in log order. Everything runs through one queue, in arrival order: that order is what
// keeps each user's rows in sequence, lets a join start exactly at the log's head, and makes a catch-up after a
// dropped LISTEN connection (or a failed read) fill every gap. A pointer is sent by the process that made the
// append, after its commit (./notifier.ts); one it never sent (killed in between) is found by the periodic read of
// the watched users' log heads (pollHeads). docs/sync.md, "Fan-out across processes".
import type { Queryable } from '../context.ts';
import { COLUMNS, type EventRow } from './protocol.ts';

/** One channel's place in its user's log (the channel itself: no closure per socket). */
export interface Subscription {
  readonly userId: string;
  /** The last seq this channel was given (or that existed when it joined). */
  after: number;
}

export interface PreparedRow {
  seq: number;
  /** The postgres_changes `data` object, serialized once for every channel that receives it. */
  dataJson: string;
  /** The last WebSocket frame made of this row, and the channel head it was made with (set by the socket side). */
  frame?: Buffer;
  frameHead?: string;
}

type Item =
  | { kind: 'note'; userId: string; from: number; to: number }
  | { kind: 'catchUp' }
  | { kind: 'heads' }
  | { kind: 'join'; subscription: Subscription; ready: (active: boolean) => boolean };

const MAX_SEQ = '9223372036854775807';
const BATCH_ITEMS = 2000;
const RETRY_MS = 1000;

const ROWS_SQL = `select e.user_id, e.seq::text, e.client_id, e.client_seq::text, e.event, e.created_at::text
  from unnest($1::uuid[], $2::bigint[], $3::bigint[]) as r (user_id, lo, hi)
  join public.task_events e on e.user_id = r.user_id and e.seq > r.lo and e.seq <= r.hi
  order by e.user_id, e.seq`;
const HEADS_SQL = 'select user_id, last_seq::text from public.task_event_heads where user_id = any($1::uuid[])';
// A batch's joins in one statement: each user's head and whether their Premium is active now (the predicate of
// public.is_active_subscriber(), read as the owner for many users at once instead of one transaction per join
// in the requests' pool, where a reconnect storm's joins queued behind the appends).
const JOIN_SQL = `select u.user_id, coalesce(h.last_seq, 0)::text as last_seq,
    exists (select 1 from public.subscribers s where s.user_id = u.user_id and s.subscribed
      and (s.subscription_end is null or s.subscription_end > now())) as active
  from unnest($1::uuid[]) as u (user_id) left join public.task_event_heads h on h.user_id = u.user_id`;

export interface Fanout {
  /** A NOTIFY's payload (as text): queued, or ignored when it is not a pointer or nobody here watches its user. */
  notify(payload: string): void;
  /**
   * This process committed the user's rows from..to: its own sockets need not wait for the NOTIFY's round trip.
   * Every lower seq of the user is committed too (appends take the user's head row lock in turn), so the read
   * leaves no gap; the NOTIFY that follows finds nothing new.
   */
  committed(userId: string, from: number, to: number): void;
  /** After the LISTEN connection came back: every channel reads what it missed. */
  catchUp(): void;
  /** Reads the log heads of the users watched here and delivers what no pointer brought (one poll queued at most). */
  pollHeads(): void;
  /**
   * Registers subscription at its user's log head once the queue reaches it, if ready(active) says it is still
   * wanted; active: the user's Premium is active, read with the head.
   */
  join(subscription: Subscription, ready: (active: boolean) => boolean): void;
  remove(subscription: Subscription): void;
  /** Reads so far (tests, bench). */
  readonly reads: number;
}

/**
 * deliver queues rows (after the channel's place, in log order) for the channel's socket; flush writes every socket
 * given rows, after each batch.
 */
export function createFanout(
  reader: Queryable,
  deliver: (subscription: Subscription, rows: PreparedRow[]) => void,
  flush: () => void,
  log: (message: string) => void = console.error,
): Fanout {
  const byUser = new Map<string, Set<Subscription>>();
  let queue: Item[] = [];
  let running = false;
  let reads = 0;
  let headsQueued = false;

  const enqueue = (item: Item) => {
    queue.push(item);
    if (!running) void run();
  };

  async function run() {
    running = true;
    while (queue.length > 0) {
      const batch = queue.slice(0, BATCH_ITEMS);
      queue = queue.slice(batch.length);
      try {
        await handle(batch);
      } catch (err) {
        // Nobody's `after` moved: a catch-up once the database answers again delivers what this batch held.
        log(`realtime read failed (retrying in ${RETRY_MS / 1000} s): ${(err as Error).message}`);
        await new Promise((resolve) => setTimeout(resolve, RETRY_MS).unref());
        queue = [...batch.filter((item) => item.kind === 'join'), { kind: 'catchUp' }, ...queue];
      } finally {
        flush();
      }
    }
    running = false;
  }

  async function handle(batch: Item[]) {
    // Per user, the rows after the furthest-behind channel up to the newest pointer: gaps (a dropped LISTEN
    // connection, a failed read) are filled by the next read for that user.
    const ranges = new Map<string, { lo: number; hi: string }>();
    const widen = (userId: string, lo: number, hi: number | string) => {
      const subs = byUser.get(userId);
      if (!subs) return;
      for (const sub of subs) lo = Math.min(lo, sub.after);
      // Every channel is past the pointer already (the process's own pointer came first): nothing to read.
      if (typeof hi === 'number' && lo >= hi) return;
      const range = ranges.get(userId);
      const higher = (a: string, b: string) => (BigInt(a) > BigInt(b) ? a : b);
      ranges.set(userId, range ? { lo: Math.min(range.lo, lo), hi: higher(range.hi, String(hi)) } : { lo, hi: String(hi) });
    };
    const joining = new Set<string>();
    // Users whose head is past a channel's place: rows committed without a pointer having arrived (yet).
    const behind = new Set<string>();
    if (batch.some((item) => item.kind === 'heads')) {
      headsQueued = false;
      if (byUser.size > 0) {
        const result = await reader.query<{ user_id: string; last_seq: string }>(HEADS_SQL, [[...byUser.keys()]]);
        for (const row of result.rows) {
          const head = Number(row.last_seq);
          const subs = byUser.get(row.user_id);
          if (!subs || ![...subs].some((sub) => sub.after < head)) continue;
          behind.add(row.user_id);
          widen(row.user_id, head, head);
        }
      }
    }
    for (const item of batch) {
      if (item.kind === 'note') widen(item.userId, Number.MAX_SAFE_INTEGER, item.to);
      else if (item.kind === 'catchUp') for (const userId of byUser.keys()) widen(userId, Number.MAX_SAFE_INTEGER, MAX_SEQ);
      else if (item.kind === 'join') joining.add(item.subscription.userId);
    }
    const rows = new Map<string, PreparedRow[]>();
    if (ranges.size > 0) {
      const users = [...ranges.keys()];
      reads++;
      const result = await reader.query<EventRow>(ROWS_SQL, [users, users.map((u) => ranges.get(u)!.lo), users.map((u) => ranges.get(u)!.hi)]);
      for (const row of result.rows) {
        let list = rows.get(row.user_id);
        if (!list) rows.set(row.user_id, (list = []));
        list.push(prepare(row));
      }
    }
    const heads = new Map<string, { seq: number; active: boolean }>();
    if (joining.size > 0) {
      const result = await reader.query<{ user_id: string; last_seq: string; active: boolean }>(JOIN_SQL, [[...joining]]);
      for (const row of result.rows) heads.set(row.user_id, { seq: Number(row.last_seq), active: row.active });
    }
    for (const item of batch) {
      if (item.kind === 'join') {
        const { subscription: sub } = item;
        const head = heads.get(sub.userId);
        sub.after = head?.seq ?? 0;
        if (!item.ready(head?.active === true)) continue;
        let subs = byUser.get(sub.userId);
        if (!subs) byUser.set(sub.userId, (subs = new Set()));
        subs.add(sub);
        continue;
      }
      if (item.kind === 'heads') continue;
      const userIds = item.kind === 'note' ? [item.userId] : [...byUser.keys()];
      for (const userId of userIds) {
        const subs = byUser.get(userId);
        const list = rows.get(userId);
        if (!subs || !list) continue;
        const upTo = item.kind === 'note' ? item.to : Number.MAX_SAFE_INTEGER;
        for (const sub of subs) {
          const fresh = list.filter((row) => row.seq > sub.after && row.seq <= upTo);
          if (fresh.length === 0) continue;
          sub.after = fresh[fresh.length - 1]!.seq;
          deliver(sub, fresh);
        }
      }
    }
    // After the batch's pointers: what the heads showed and no pointer in this batch brought.
    for (const userId of behind) {
      const subs = byUser.get(userId);
      const list = rows.get(userId);
      if (!subs || !list) continue;
      for (const sub of subs) {
        const fresh = list.filter((row) => row.seq > sub.after);
        if (fresh.length === 0) continue;
        sub.after = fresh[fresh.length - 1]!.seq;
        deliver(sub, fresh);
      }
    }
  }

  function committed(userId: string, from: number, to: number) {
    // A user nobody here watches is skipped now; one who joins meanwhile starts at the head read for the join.
    if (!byUser.has(userId)) return;
    enqueue({ kind: 'note', userId, from, to });
  }

  function remove(sub: Subscription) {
    const subs = byUser.get(sub.userId);
    if (!subs) return;
    subs.delete(sub);
    if (subs.size === 0) byUser.delete(sub.userId);
  }

  return {
    notify(payload) {
      let note: { user_id?: unknown; from?: unknown; to?: unknown };
      try {
        note = JSON.parse(payload) as typeof note;
      } catch {
        return;
      }
      const { user_id: userId, from, to } = note;
      if (typeof userId !== 'string' || !Number.isSafeInteger(from) || !Number.isSafeInteger(to) || (from as number) > (to as number)) return;
      committed(userId, from as number, to as number);
    },
    committed,
    catchUp: () => enqueue({ kind: 'catchUp' }),
    pollHeads() {
      if (headsQueued || byUser.size === 0) return;
      headsQueued = true;
      enqueue({ kind: 'heads' });
    },
    join: (subscription, ready) => enqueue({ kind: 'join', subscription, ready }),
    remove,
    get reads() {
      return reads;
    },
  };
}

function prepare(row: EventRow): PreparedRow {
  const created = new Date(row.created_at).toISOString();
  const record = { ...row, seq: Number(row.seq), client_seq: Number(row.client_seq), created_at: created };
  const data = { schema: 'public', table: 'task_events', commit_timestamp: created, type: 'INSERT', errors: null, columns: COLUMNS, record, old_record: {} };
  return { seq: record.seq, dataJson: JSON.stringify(data) };
}
