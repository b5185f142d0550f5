// An in-memory stand-in for the Supabase client (a third-party boundary), with the same
// surface the app uses. It records every call so tests can assert on what left the app.
import type { Backend, BackendError, BackendSession, FunctionsError } from '../../src/lib/supabase';

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
  readonly upserts: Array<{ user_id: string; tasks: string }> = [];
  readonly selects: string[] = [];
  readonly invocations: Array<{ name: string; body?: Record<string, unknown> }> = [];
  readonly log: string[] = [];

  /** Set to make the next calls fail. */
  failures: { select?: BackendError; upsert?: BackendError; signOut?: BackendError; functions?: Record<string, FunctionsError> } = {};
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

  from(_table: 'user_tasks') {
    return {
      select: (_columns: 'tasks') => ({
        eq: (_column: 'user_id', userId: string) => ({
          maybeSingle: async () => {
            this.selects.push(userId);
            this.log.push('select');
            await this.readGate;
            if (this.failures.select) return { data: null, error: this.failures.select };
            return { data: this.rows.has(userId) ? { tasks: this.rows.get(userId) } : null, error: null };
          },
        }),
      }),
      upsert: async (values: { user_id: string; tasks: string }, _options: { onConflict: 'user_id' }) => {
        this.upserts.push(values);
        this.log.push('upsert');
        await this.writeGate;
        if (this.failures.upsert) return { data: null, error: this.failures.upsert };
        this.rows.set(values.user_id, values.tasks);
        return { data: null, error: null };
      },
    };
  }
}
