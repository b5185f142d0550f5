// The one place that creates the Supabase client. Everything else talks to the
// narrow `Backend` surface below, so Jest can hand the store a fake of it.
//
// @supabase/supabase-js is ~50 KB gzipped: this module is imported dynamically, only
// when the app needs the client (a stored session, /auth, the Premium dialog), which
// keeps both off a visitor's first load (see app/store.ts and lib/storedSession.ts).
import type { SupabaseClientOptions } from '@supabase/supabase-js';
import { LogoutQueue } from './logoutQueue';
import { isSessionKey } from './storedSession';

export interface BackendUser {
  id: string;
  email?: string;
}

export interface BackendSession {
  user: BackendUser;
}

export interface BackendError {
  message: string;
  name?: string;
}

type AuthResult = Promise<{ data: { session: BackendSession | null }; error: BackendError | null }>;

interface Credentials {
  email: string;
  password: string;
}

/** A `functions.invoke` failure; FunctionsHttpError carries the raw Response as `context`. */
export interface FunctionsError extends BackendError {
  context?: unknown;
}

/** One entry of the user's task log, as the server stores it. */
export interface LogRow {
  seq: number;
  client_id: string;
  client_seq: number;
  event: unknown;
}

/** A failed data call: `status` tells a refusal (401/403: not subscribed, 400: malformed) from a network error (0). */
export interface DataError extends BackendError {
  status: number;
}

type DataResult<T> = Promise<{ data: T | null; error: DataError | null }>;

/** The task log's calls (docs/sync.md), through the Supabase client: the same code runs against a hosted project. */
export interface SyncApi {
  appendEvents(clientId: string, events: Array<{ client_seq: number; event: unknown }>): DataResult<Array<{ seq: number; client_seq: number }>>;
  readEvents(afterSeq: number, limit: number): DataResult<LogRow[]>;
  /** `series`: the series beside the list (docs/recurring.md), null before any was written. */
  readSnapshot(userId: string): DataResult<{ tasks: unknown; seq: number; series?: unknown; catalog?: unknown }>;
  /** `catalog`: labels and lists (docs/organize.md), a column of migration 0007. */
  writeSnapshot(userId: string, tasks: string, seq: number, series: string, catalog: string): DataResult<unknown>;
  /** Live INSERTs of the user's log; `onStatus` hears SUBSCRIBED (again after every reconnect), CHANNEL_ERROR, … */
  subscribe(userId: string, onRow: (row: LogRow) => void, onStatus: (status: string) => void): () => void;
}

/** The part of the Supabase client this app uses. */
export interface Backend {
  sync: SyncApi;
  auth: {
    getSession(): AuthResult;
    onAuthStateChange(callback: (event: string, session: BackendSession | null) => void): {
      data: { subscription: { unsubscribe(): void } };
    };
    signUp(credentials: Credentials): AuthResult;
    signInWithPassword(credentials: Credentials): AuthResult;
    /** Ends the session on this device at once, online or not; the server's logout follows when it can. */
    signOut(): Promise<{ error: BackendError | null }>;
  };
  functions: {
    invoke(name: string, options?: { body?: Record<string, unknown> }): Promise<{ data: unknown; error: FunctionsError | null }>;
  };
}

/** Loads (once) and returns the client; the store receives this, never the client itself. */
export type BackendLoader = () => Promise<Backend>;

export interface BackendConfig {
  supabaseUrl: string;
  anonKey: string;
}

// Browsers refuse keepalive request bodies above 64 KB (in flight per page); stay under it.
const KEEPALIVE_LIMIT_BYTES = 60 * 1024;

function bodyBytes(body: BodyInit | null | undefined): number {
  if (typeof body !== 'string') return Number.POSITIVE_INFINITY;
  return body.length * 3 <= KEEPALIVE_LIMIT_BYTES ? body.length * 3 : new TextEncoder().encode(body).length;
}

/**
 * Small writes go out with `keepalive`, so one the browser has started survives the page: an upload sent a
 * moment before the tab closes (the debounce fired while it was still visible) or flushed on pagehide still
 * reaches the server. Larger bodies cannot; their events stay in the persisted outbox for the next load.
 */
export function unloadSafeFetch(base: typeof fetch = (...args) => fetch(...args)): typeof fetch {
  return (input, init) => {
    if (init?.method && init.method !== 'GET' && init.method !== 'HEAD' && bodyBytes(init.body) <= KEEPALIVE_LIMIT_BYTES) {
      return base(input, { ...init, keepalive: true });
    }
    return base(input, init);
  };
}

/** Creates a client. Bench and Node-side code pass their own fetch or WebSocket transport. */
export async function createBackend(
  { supabaseUrl, anonKey }: BackendConfig,
  options: { fetch?: typeof fetch; realtime?: SupabaseClientOptions<'public'>['realtime'] } = {},
): Promise<Backend> {
  const { createClient } = await import('@supabase/supabase-js');
  const fetchOut = unloadSafeFetch(options.fetch);
  const logouts = new LogoutQueue(fetchOut);
  const supabase = createClient(supabaseUrl, anonKey, {
    auth: { persistSession: true, autoRefreshToken: true },
    global: { fetch: logouts.wrap(fetchOut) },
    realtime: options.realtime,
  });
  // Spelled out per call: checking the client's deeply generic query builder against
  // `Backend` as a whole is more than the type checker will do.
  const result = async <T>(query: PromiseLike<{ data: unknown; error: { message: string } | null; status: number }>) => {
    try {
      const { data, error, status } = await query;
      return error ? { data: null, error: { message: error.message, status } } : { data: data as T, error: null };
    } catch (err) {
      return { data: null, error: { message: (err as Error).message, status: 0 } };
    }
  };
  const sync: SyncApi = {
    appendEvents: (clientId, events) => result(supabase.rpc('append_task_events', { p_client_id: clientId, p_events: events })),
    readEvents: (afterSeq, limit) =>
      result(supabase.from('task_events').select('seq,client_id,client_seq,event').gt('seq', afterSeq).order('seq', { ascending: true }).limit(limit)),
    readSnapshot: (userId) => result(supabase.from('user_tasks').select('tasks,seq,series,catalog').eq('user_id', userId).maybeSingle()),
    writeSnapshot: (userId, tasks, seq, series, catalog) =>
      result(supabase.from('user_tasks').upsert({ user_id: userId, tasks, seq, series, catalog }, { onConflict: 'user_id' })),
    subscribe(userId, onRow, onStatus) {
      const channel = supabase
        .channel(`task-events-${userId}`)
        .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'task_events', filter: `user_id=eq.${userId}` }, (change) =>
          onRow(change.new as LogRow),
        )
        .subscribe((status) => onStatus(status));
      return () => void supabase.removeChannel(channel);
    },
  };
  const signOut = async () => {
    // 'local': signing out at a shared computer leaves the person's other devices signed in.
    const first = await supabase.auth.signOut({ scope: 'local' });
    if (!first.error) return first;
    // The access token had expired and could not be renewed (offline): the session still ends here.
    forgetStoredSessions();
    return supabase.auth.signOut({ scope: 'local' });
  };
  const auth: Backend['auth'] = {
    getSession: () => supabase.auth.getSession(),
    onAuthStateChange: (callback) => supabase.auth.onAuthStateChange(callback),
    signUp: (credentials) => supabase.auth.signUp(credentials),
    signInWithPassword: (credentials) => supabase.auth.signInWithPassword(credentials),
    signOut,
  };
  return { auth, functions: supabase.functions, sync };
}

function forgetStoredSessions(): void {
  try {
    const keys = Array.from({ length: localStorage.length }, (_, i) => localStorage.key(i)).filter(isSessionKey);
    for (const key of keys) localStorage.removeItem(key!);
  } catch {
    // Storage unavailable: there is no stored session to forget.
  }
}

/**
 * A hosted build has the project baked in (VITE_SUPABASE_URL / VITE_SUPABASE_ANON_KEY);
 * otherwise the local server that serves the SPA tells it where it is at /config.json.
 */
async function loadConfig(): Promise<BackendConfig> {
  const supabaseUrl = import.meta.env.VITE_SUPABASE_URL as string | undefined;
  const anonKey = import.meta.env.VITE_SUPABASE_ANON_KEY as string | undefined;
  if (supabaseUrl && anonKey) return { supabaseUrl, anonKey };
  const response = await fetch('/config.json');
  if (!response.ok) throw new Error(`Could not load /config.json (${response.status})`);
  const config = (await response.json()) as Partial<BackendConfig>;
  if (typeof config.supabaseUrl !== 'string' || typeof config.anonKey !== 'string') {
    throw new Error('/config.json lacks supabaseUrl or anonKey');
  }
  return { supabaseUrl: config.supabaseUrl, anonKey: config.anonKey };
}

let client: Promise<Backend> | null = null;

/** The page's one client, created on first use. A failed load is forgotten so a later call retries. */
export const loadSupabase: BackendLoader = () => {
  client ??= loadConfig()
    .then((config) => createBackend(config))
    .catch((error: unknown) => {
      client = null;
      throw error;
    });
  return client;
};
