// What the realtime socket speaks and allows: its limits, Phoenix's message array, the bindings a join asks
// for, and the columns of the task_events rows it sends (SUPABASE_CONTRACT.md §5).

export const REALTIME_PATH = '/realtime/v1/websocket';

export interface RealtimeLimits {
  /** Channels one socket may join. */
  maxChannelsPerSocket: number;
  /** Largest client message in bytes. */
  maxMessageBytes: number;
  /** A socket that sends nothing (not even a heartbeat, every 25 s) for this long is closed. */
  idleMs: number;
  /** A socket whose unsent data exceeds this is closed; its client reconnects and catches up. */
  maxBufferedBytes: number;
}

/** The socket ceiling is a server setting (REALTIME_MAX_SOCKETS, ServerLimits.maxRealtimeSockets). */
export const DEFAULT_REALTIME_LIMITS: RealtimeLimits = {
  maxChannelsPerSocket: 10,
  maxMessageBytes: 64 * 1024,
  idleMs: 60_000,
  maxBufferedBytes: 4 * 1024 * 1024,
};

export type Message = [joinRef: string | null, ref: string | null, topic: string, event: string, payload: unknown];

export interface Binding {
  id: number;
  event: string;
  schema: string;
  table: string;
  filter?: string;
}

export const COLUMNS = [
  { name: 'user_id', type: 'uuid' },
  { name: 'seq', type: 'int8' },
  { name: 'client_id', type: 'text' },
  { name: 'client_seq', type: 'int8' },
  { name: 'event', type: 'jsonb' },
  { name: 'created_at', type: 'timestamptz' },
];

export interface EventRow {
  user_id: string;
  seq: string;
  client_id: string;
  client_seq: string;
  event: unknown;
  created_at: string;
}

export const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

export function isMessage(value: unknown): value is Message {
  if (!Array.isArray(value) || value.length !== 5) return false;
  const [joinRef, ref, topic, event] = value as unknown[];
  const refOk = (r: unknown) => r === null || (typeof r === 'string' && r.length <= 64);
  return refOk(joinRef) && refOk(ref) && typeof topic === 'string' && topic.length <= 256 && typeof event === 'string' && event.length <= 64;
}

export function isBindingRequest(value: unknown): boolean {
  if (!isRecord(value)) return false;
  const { event, schema, table, filter } = value;
  return typeof event === 'string' && typeof schema === 'string' && typeof table === 'string' && (filter === undefined || typeof filter === 'string');
}
