// The seams between the server's parts: the database, the configuration and who is calling.
// server/app.ts builds one ServerContext and hands it to every route module.
import type { AppendResult } from './appendBatch.ts';
import type { RateLimitConfig, RateLimiters } from './ratelimit.ts';

export interface JwtClaims {
  sub?: string;
  role: 'anon' | 'authenticated' | 'service_role';
  email?: string;
  exp?: number;
  iat?: number;
  session_id?: string;
  [claim: string]: unknown;
}

export interface QueryResult<T> {
  rows: T[];
}

export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<T>>;
}

export interface Db extends Queryable {
  /** Runs fn in one transaction as the JWT's role with request.jwt.claims set, so row-level security applies. */
  asUser<T>(claims: JwtClaims, fn: (q: Queryable) => Promise<T>): Promise<T>;
  /** asUser for one statement: on PostgreSQL one round trip instead of four (begin, claims, statement, commit). */
  asUserQuery<T = Record<string, unknown>>(claims: JwtClaims, sql: string, params?: unknown[]): Promise<QueryResult<T>>;
  /**
   * append_task_events(clientId, events) as the JWT's role: on PostgreSQL batched with the process's other appends
   * under way into one transaction (server/appendBatch.ts), each in a subtransaction of its own; a database error
   * of this append alone is thrown as pg's are.
   */
  appendTaskEvents(claims: JwtClaims, clientId: string | null, events: string): Promise<AppendResult>;
  /** Runs fn in one transaction as the database owner (no RLS): auth, billing and other server-internal work. */
  transaction<T>(fn: (q: Queryable) => Promise<T>): Promise<T>;
  readonly kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export interface StripeSettings {
  secretKey: string;
  webhookSecret?: string;
  /** Only for tests: point the stripe package at a local fake ({host, port, protocol}). */
  api?: { host: string; port: number; protocol: 'http' | 'https' };
}

export type BillingMode = 'test' | 'stripe';

/** Connection limits of the HTTP server (docs/security.md). */
export interface ServerLimits {
  /** Time to receive a request's headers. */
  headersTimeoutMs: number;
  /** Time to receive a whole request; also how long a connection may stay silent. */
  requestTimeoutMs: number;
  /** How long an idle keep-alive connection is kept. */
  keepAliveTimeoutMs: number;
  /** Open connections of every kind (realtime sockets included). */
  maxConnections: number;
  /** Open realtime sockets; more are refused with 503. */
  maxRealtimeSockets: number;
  /**
   * How often realtime reads the log heads of the users it watches, so an append whose pointer its process never
   * sent (killed between commit and NOTIFY) still reaches the sockets; 0 turns it off.
   */
  realtimeHeadsPollMs: number;
  /** Concurrent connections from one address (not applied with trustProxy: every connection is the proxy's). */
  maxConnectionsPerIp: number;
  /** On shutdown, how long requests under way may take to finish before their connections are cut. */
  shutdownGraceMs: number;
  /**
   * Connections the kernel holds for the process to accept (listen(2)'s backlog; the kernel caps it at
   * net.core.somaxconn). One that arrives with the queue full is dropped and its client's TCP retries after 1, 3, 7,
   * 15 s: a reconnect storm's thousands of sockets arrive at once.
   */
  listenBacklog: number;
}

export interface ServerConfig {
  port: number;
  host: string;
  /** Origin the browser uses to reach this server, e.g. http://localhost:3000 */
  publicUrl: string;
  dataDir: string;
  databaseUrl?: string;
  jwtSecret: string;
  anonKey: string;
  serviceRoleKey: string;
  jwtExpirySeconds: number;
  /** 'stripe' exactly when `stripe` is set. */
  billingMode: BillingMode;
  stripe?: StripeSettings;
  /** Honour X-Forwarded-Host/-Proto (TRUST_PROXY=1): only behind a proxy that sets them. */
  trustProxy: boolean;
  limits: ServerLimits;
  /** Extra origins the app may connect to (CSP connect-src), e.g. a PostHog host or a hosted Supabase. */
  cspConnectSrc: string[];
  /** Built SPA to serve, if present. */
  staticDir?: string;
  /** Request bodies above this size are refused with 413 (default 5 MB). */
  maxBodyBytes?: number;
  /** A rotated refresh token still answers with the current session for this long (GoTrue's refresh_token_reuse_interval). */
  refreshTokenReuseInterval?: number;
  /** Request limits per IP and per email (server/ratelimit.ts). */
  rateLimits?: RateLimitConfig;
  /**
   * bcrypt's cost for new password hashes, and for the hash an unknown email is checked against. Only a caller of
   * startServer can set it (no environment variable): the test harness's servers use bcrypt's lowest, since a
   * server test's sign-ups and sign-ins would otherwise spend ~75 ms of CPU each in it. Default 10.
   */
  passwordHashCost?: number;
  /** True when publicUrl was configured (PUBLIC_URL); otherwise it is the bound address. */
  publicUrlExplicit?: boolean;
}

export interface AuthedUser {
  id: string;
  email: string;
  claims: JwtClaims;
}

export interface ServerContext {
  db: Db;
  config: ServerConfig;
  /** Verifies an `Authorization: Bearer` header; null for a missing, anon, forged or expired token. */
  authenticate(authorization: string | undefined): Promise<AuthedUser | null>;
  /** One set per process, shared by every route (and on PostgreSQL by every process). */
  rateLimiters: RateLimiters;
  /** Called once an append of the user's rows from..to committed: realtime sends the pointer to every process. */
  appended?(userId: string, from: number, to: number): void;
}
