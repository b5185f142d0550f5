// The one place that creates the Supabase client. Everything else talks to the
// narrow `Backend` surface below, so Jest can hand the store a fake of it.
//
// @supabase/supabase-js is ~50 KB gzipped: this module is imported dynamically, only
// when the app needs the client (a stored session, /auth, the Premium dialog), which
// keeps both off a visitor's first load (see app/store.ts and lib/storedSession.ts).
import type { SupabaseClientOptions } from '@supabase/supabase-js';

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

type Result<T> = PromiseLike<{ data: T | null; error: BackendError | null }>;

/** The part of the Supabase client this app uses. The real client satisfies it as is. */
export interface Backend {
  auth: {
    getSession(): AuthResult;
    onAuthStateChange(callback: (event: string, session: BackendSession | null) => void): {
      data: { subscription: { unsubscribe(): void } };
    };
    signUp(credentials: Credentials): AuthResult;
    signInWithPassword(credentials: Credentials): AuthResult;
    signOut(): Promise<{ error: BackendError | null }>;
  };
  functions: {
    invoke(name: string, options?: { body?: Record<string, unknown> }): Promise<{ data: unknown; error: FunctionsError | null }>;
  };
  from(table: 'user_tasks'): {
    select(columns: 'tasks'): { eq(column: 'user_id', value: string): { maybeSingle(): Result<{ tasks: unknown }> } };
    upsert(values: { user_id: string; tasks: string }, options: { onConflict: 'user_id' }): Result<unknown>;
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
 * While the page is hidden (about to be closed, or in the background) writes go out with
 * `keepalive`, so the upload flushed on pagehide survives the page. Larger bodies cannot;
 * for those the sync's persisted "pending upload" marker makes the next load upload them.
 */
export function unloadSafeFetch(base: typeof fetch = (...args) => fetch(...args)): typeof fetch {
  return (input, init) => {
    const hidden = typeof document !== 'undefined' && document.visibilityState === 'hidden';
    if (hidden && init?.method && init.method !== 'GET' && bodyBytes(init.body) <= KEEPALIVE_LIMIT_BYTES) {
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
  const supabase = createClient(supabaseUrl, anonKey, {
    auth: { persistSession: true, autoRefreshToken: true },
    global: { fetch: unloadSafeFetch(options.fetch) },
    realtime: options.realtime,
  });
  // Spelled out per call: checking the client's deeply generic query builder against
  // `Backend` as a whole is more than the type checker will do.
  return {
    auth: supabase.auth,
    functions: supabase.functions,
    from: (table) => ({
      select: (columns) => ({
        eq: (column, value) => ({ maybeSingle: () => supabase.from(table).select(columns).eq(column, value).maybeSingle() }),
      }),
      upsert: (values, upsertOptions) => supabase.from(table).upsert(values, upsertOptions),
    }),
  };
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
