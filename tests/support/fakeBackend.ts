// An in-memory stand-in for the Supabase client (a third-party boundary), with the same
// surface the app uses. It records every call so tests can assert on what left the app.
import type { Backend, BackendError, BackendSession, DataError, FunctionsError, LogRow, SyncApi } from '../../src/lib/supabase';

type AuthCallback = (event: string, session: BackendSession | null) => void;

export interface FakeSubscription {
  subscribed: boolean;
  subscription_tier?: string | null;
  subscription_end?: string | null;
}

/** What a FunctionsHttpError looks like: the Response (here just its json()) as `context`. */
export function httpError(body: unknown): FunctionsError {
  return { name: 'FunctionsHttpError', message: 'Edge Function returned a non-2xx status code', context: { json: async () => body } };
}

export class FakeBackend implements Backend {
  private readonly passwords = new Map<string, { id: string; password: string }>();
  private readonly callbacks = new Set<AuthCallback>();
  private nextId = 1;
  session: BackendSession | null = null;

  /** user_tasks rows by user id, as the server would return the `tasks` column. */
  readonly rows = new Map<string, unknown>();
  readonly subscriptions = new Map<string, FakeSubscription>();
  readonly upserts: Array<{ user_id: string; tasks: string; seq: number }> = [];
  readonly selects: string[] = [];
  readonly invocations: Array<{ name: string; body?: Record<string, unknown> }> = [];
  readonly log: string[] = [];

  /** Set to make the next calls fail. */
  failures: { select?: BackendError; upsert?: BackendError; append?: BackendError; signOut?: BackendError; functions?: Record<string, FunctionsError> } = {};
  functionData: Record<string, unknown> = {};
  /** When set, sign-in and sign-up wait for it (to see the page while busy). */
  gate: Promise<unknown> | null = null;
  /** When set, the user_tasks read or write, or function calls, wait for it. */
  readGate: Promise<unknown> | null = null;
  writeGate: Promise<unknown> | null = null;
  functionGate: Promise<unknown> | null = null;

  constructor(users: Array<{ email: string; password: string }> = []) {
    for (const { email, password } of users) this.passwords.set(email, { id: `user-${this.nextId++}`, password });
  }

  /** The id a known email signs in as. */
  idOf(email: string): string {
    return this.passwords.get(email)!.id;
  }

  /** As if supabase-js had found a stored session at start. */
  restoreSession(email: string): void {
    this.session = { user: { id: this.idOf(email), email } };
  }

  private emit(event: string): void {
    for (const callback of this.callbacks) callback(event, this.session);
  }

  readonly auth: Backend['auth'] = {
    getSession: async () => ({ data: { session: this.session }, error: null }),
    onAuthStateChange: (callback) => {
      this.callbacks.add(callback);
      queueMicrotask(() => callback('INITIAL_SESSION', this.session));
      return { data: { subscription: { unsubscribe: () => this.callbacks.delete(callback) } } };
    },
    signUp: async ({ email, password }) => {
      this.log.push('signUp');
      await this.gate;
      if (this.passwords.has(email)) return { data: { session: null }, error: { message: 'User already registered' } };
      this.passwords.set(email, { id: `user-${this.nextId++}`, password });
      this.session = { user: { id: this.idOf(email), email } };
      this.emit('SIGNED_IN');
      return { data: { session: this.session }, error: null };
    },
    signInWithPassword: async ({ email, password }) => {
      this.log.push('signIn');
      await this.gate;
      const known = this.passwords.get(email);
      if (!known || known.password !== password) return { data: { session: null }, error: { message: 'Invalid login credentials' } };
      this.session = { user: { id: known.id, email } };
      this.emit('SIGNED_IN');
      return { data: { session: this.session }, error: null };
    },
    signOut: async () => {
      this.log.push('signOut');
      if (this.failures.signOut) return { error: this.failures.signOut };
      this.session = null;
      this.emit('SIGNED_OUT');
      return { error: null };
    },
  };

  readonly functions: Backend['functions'] = {
    invoke: async (name, options) => {
      this.invocations.push({ name, body: options?.body });
      this.log.push(name);
      await this.functionGate;
      const failure = this.failures.functions?.[name];
      if (failure) return { data: null, error: failure };
      if (name === 'check-subscription') {
        const userId = this.session?.user.id;
        return { data: (userId && this.subscriptions.get(userId)) || { subscribed: false }, error: null };
      }
      return { data: this.functionData[name] ?? null, error: null };
    },
  };

  /** Every call fails as if the network were down (status 0) while set. */
  offline = false;
  /** Realtime delivers nothing while set (catch-up reads still work). */
  realtimeDown = false;
  readonly logs = new Map<string, LogRow[]>();
  readonly appends: Array<{ clientId: string; events: Array<{ client_seq: number; event: unknown }> }> = [];
  private readonly stored = new Map<string, number>();
  private readonly listeners = new Set<{ userId: string; onRow: (row: LogRow) => void }>();

  /** The user's log as the server would hold it. */
  logOf(userId: string): LogRow[] {
    if (!this.logs.has(userId)) this.logs.set(userId, []);
    return this.logs.get(userId)!;
  }

  private down<T>(): { data: T | null; error: DataError } {
    return { data: null, error: { message: 'Failed to fetch', status: 0 } };
  }

  readonly sync: SyncApi = {
    appendEvents: async (clientId, events) => {
      this.log.push('append');
      await this.writeGate;
      if (this.offline) return this.down();
      const userId = this.session?.user.id;
      if (!userId) return { data: null, error: { message: 'Sign in to sync tasks', status: 401 } };
      if (!this.subscriptions.get(userId)?.subscribed) return { data: null, error: { message: 'An active Premium subscription is required', status: 403 } };
      if (events.length === 0 || events.length > 500) return { data: null, error: { message: 'p_events must hold 1 to 500 events', status: 400 } };
      if (this.failures.append) return { data: null, error: { ...this.failures.append, status: 500 } };
      this.appends.push({ clientId, events });
      const log = this.logOf(userId);
      const fresh: LogRow[] = [];
      const data = events.map(({ client_seq, event }) => {
        const key = `${userId}|${clientId}|${client_seq}`;
        let seq = this.stored.get(key);
        if (seq === undefined) {
          seq = log.length + 1;
          this.stored.set(key, seq);
          const row = { seq, client_id: clientId, client_seq, event: JSON.parse(JSON.stringify(event)) };
          log.push(row);
          fresh.push(row);
        }
        return { seq, client_seq };
      });
      if (!this.realtimeDown) {
        for (const listener of this.listeners) if (listener.userId === userId) for (const row of fresh) queueMicrotask(() => listener.onRow(row));
      }
      return { data, error: null };
    },
    readEvents: async (afterSeq, limit) => {
      this.log.push('readEvents');
      await this.readGate;
      if (this.offline) return this.down();
      const userId = this.session?.user.id;
      const log = userId ? this.logOf(userId) : [];
      return { data: log.filter((row) => row.seq > afterSeq).slice(0, limit), error: null };
    },
    readSnapshot: async (userId) => {
      this.selects.push(userId);
      this.log.push('select');
      await this.readGate;
      if (this.offline) return this.down();
      if (this.failures.select) return { data: null, error: { ...this.failures.select, status: 500 } };
      const row = this.rows.get(userId) as { tasks: unknown; seq: number; series?: unknown; catalog?: unknown } | undefined;
      return { data: row ?? null, error: null };
    },
    writeSnapshot: async (userId, tasks, seq, series, catalog) => {
      this.upserts.push({ user_id: userId, tasks, seq });
      this.log.push('upsert');
      await this.writeGate;
      if (this.offline) return this.down();
      if (this.failures.upsert) return { data: null, error: { ...this.failures.upsert, status: 500 } };
      const current = this.rows.get(userId) as { seq: number } | undefined;
      if (!current || current.seq <= seq) this.rows.set(userId, { tasks, seq, series, catalog });
      return { data: null, error: null };
    },
    subscribe: (userId, onRow, onStatus) => {
      const listener = { userId, onRow };
      this.listeners.add(listener);
      queueMicrotask(() => onStatus('SUBSCRIBED'));
      return () => this.listeners.delete(listener);
    },
  };

  /** A legacy cloud list (before the log): the user's snapshot at position 0. */
  setCloudList(userId: string, tasks: unknown): void {
    this.rows.set(userId, { tasks, seq: 0 });
  }
}
