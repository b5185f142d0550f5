// The HTTP app (createApp) and a running server around it (startServer), used by index.ts, tests and the bench.
import type { IncomingMessage, RequestListener, Server, ServerOptions, ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { createAdaptorServer } from '@hono/node-server';
import { Hono } from 'hono';
import { authRoutes } from './auth/index.ts';
import { billingRoutes } from './billing/index.ts';
import { loadConfig, localUrl, type ConfigOverrides } from './config.ts';
import type { ServerConfig, ServerContext } from './context.ts';
import { openDb, type Database } from './db.ts';
import { functionsRoutes } from './functions.ts';
import { compressJson } from './compress.ts';
import { allowOnly, apiCors, authError, requireApiKey } from './http.ts';
import { createJwt, type Jwt } from './jwt.ts';
import { migrate } from './migrate.ts';
import { createRateLimiters, DEFAULT_RATE_LIMITS } from './ratelimit.ts';
import { attachRealtime, type Realtime } from './realtime/index.ts';
import { appendLane } from './rest/appendFast.ts';
import { restRoutes } from './rest/index.ts';
import { requestOrigin, securityHeaders } from './security.ts';
import { staticRoutes } from './static.ts';

/** jwt: the process's one instance, so REST and realtime share its cache of verified tokens (a device's socket and its requests carry the same token). */
export function createApp(ctx: ServerContext, jwt: Jwt = createJwt(ctx.config)): Hono {
  const app = new Hono();

  app.use('*', securityHeaders(ctx.config));
  // Outermost, so every API answer of ~1 KB or more (errors included) goes compressed.
  for (const path of ['/auth/v1/*', '/rest/v1/*', '/functions/v1/*', '/billing/*', '/config.json']) app.use(path, compressJson());
  // CORS first, so preflights (which carry no apikey) are answered.
  app.use('/auth/v1/*', apiCors(), requireApiKey(ctx.config));
  app.use('/rest/v1/*', apiCors(), requireApiKey(ctx.config));
  app.use('/functions/v1/*', apiCors());
  app.use('/config.json', apiCors());

  app.route('/auth/v1', authRoutes(ctx, jwt));
  app.all('/auth/v1/*', (c) => authError(c, 404, 'not_found', 'Not found'));
  app.route('/rest/v1', restRoutes(ctx, jwt));
  app.route('/functions/v1', functionsRoutes(ctx));
  app.route('/billing', billingRoutes(ctx));

  // For the SPA served from here: it reads this when it was built without VITE_SUPABASE_URL / _ANON_KEY.
  // Never from a Host header alone: that would let a request choose where the app sends passwords.
  app.get('/config.json', (c) => {
    c.header('Cache-Control', 'no-cache');
    return c.json({ supabaseUrl: requestOrigin(c, ctx.config), anonKey: ctx.config.anonKey });
  });
  app.all('/config.json', allowOnly(['GET', 'HEAD'], (c, message) => c.json({ message }, 405)));

  // For a load balancer: this process answers and reaches the database (a worker that cannot is taken out).
  app.get('/health', async (c) => {
    c.header('Cache-Control', 'no-store');
    try {
      await ctx.db.query('select 1');
      return c.json({ status: 'ok' });
    } catch {
      return c.json({ status: 'database unavailable' }, 503);
    }
  });

  app.route('/', staticRoutes(ctx.config.staticDir));

  app.onError((err, c) => {
    console.error(`${c.req.method} ${c.req.path} failed:`, err);
    return c.json({ message: 'Internal server error' }, 500);
  });
  return app;
}

/**
 * Caps connections in total and per address, and closes silent ones: Node applies headersTimeout only once
 * a request has begun, so a connection that never sends a byte would otherwise stay open for good.
 */
function limitConnections(server: Server, limits: ServerConfig['limits'], perIp: boolean) {
  server.maxConnections = limits.maxConnections;
  const perAddress = new Map<string, number>();
  const served = new WeakSet<Socket>();
  const markServed = (req: { socket: Socket }) => served.add(req.socket);
  server.on('request', markServed);
  server.on('upgrade', markServed);
  server.on('connection', (socket: Socket) => {
    // Socket timeouts do not fire here once connectionsCheckingInterval is set, hence a timer. A request that
    // has begun is headersTimeout's; a socket without one this long either is silent or outlived that.
    const silent = setTimeout(() => {
      if (!served.has(socket)) socket.destroy();
    }, 2 * limits.headersTimeoutMs);
    silent.unref();
    socket.once('close', () => clearTimeout(silent));
    if (!perIp) return;
    const address = socket.remoteAddress ?? '';
    const count = (perAddress.get(address) ?? 0) + 1;
    if (count > limits.maxConnectionsPerIp) {
      socket.destroy();
      return;
    }
    perAddress.set(address, count);
    socket.once('close', () => {
      const left = (perAddress.get(address) ?? 1) - 1;
      if (left > 0) perAddress.set(address, left);
      else perAddress.delete(address);
    });
  });
}

const COMPACTION_EVERY_MS = 6 * 60 * 60 * 1000;

export interface StartOptions extends ConfigOverrides {
  migrationsDir?: string;
  /** False in a cluster's workers: the primary has migrated already (one migrator). */
  migrate?: boolean;
  /** Connections per server process when on PostgreSQL (env DATABASE_POOL_SIZE, default 10). */
  poolSize?: number;
  env?: NodeJS.ProcessEnv;
}

export interface RunningServer {
  url: string;
  port: number;
  ctx: ServerContext & { db: Database };
  realtime: Realtime;
  close(): Promise<void>;
}

/** Opens (and migrates) the database, then listens; port 0 picks a free port. */
export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  const { migrationsDir, migrate: runMigrations = true, poolSize, env = process.env, ...overrides } = options;
  const config = await loadConfig(overrides, env);
  const db = await openDb({
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    poolSize: poolSize ?? (Number(env.DATABASE_POOL_SIZE) || 10),
    sharedBuffers: env.PGLITE_SHARED_BUFFERS || undefined,
  });
  try {
    if (runMigrations) await migrate(db, migrationsDir);
  } catch (err) {
    await db.close();
    throw err;
  }

  // The app needs the bound port (port 0 picks one), so it is attached right after listening.
  const ready: { app?: Hono; lane?: RequestListener } = {};
  const { limits } = config;
  const serverOptions: ServerOptions = {
    headersTimeout: limits.headersTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    // Node checks the two timeouts above only this often (default 30 s).
    connectionsCheckingInterval: Math.min(1000, limits.headersTimeoutMs),
  };
  const server = createAdaptorServer({
    fetch: (request, bindings) => (ready.app ? ready.app.fetch(request, bindings) : new Response('Starting', { status: 503 })),
    hostname: config.host,
    serverOptions,
  }) as Server;
  // The appends' own lane goes first once the app exists (rest/appendFast.ts); every other request goes to Hono.
  const hono = server.listeners('request')[0] as RequestListener;
  server.removeAllListeners('request');
  server.on('request', (req: IncomingMessage, res: ServerResponse) => (ready.lane ?? hono)(req, res));
  limitConnections(server, config.limits, !config.trustProxy);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen({ port: config.port, host: config.host, backlog: limits.listenBacklog }, () => resolve());
    });
  } catch (err) {
    await db.close();
    throw err;
  }
  const port = (server.address() as AddressInfo).port;
  if (!config.publicUrlExplicit) config.publicUrl = localUrl(config.host, port);
  const jwt = createJwt(config);
  const rateLimiters = createRateLimiters(config.rateLimits ?? DEFAULT_RATE_LIMITS, db.pool);
  const ctx: ServerContext & { db: Database } = { db, config, authenticate: jwt.authenticate, rateLimiters };
  let realtime: Realtime;
  try {
    realtime = await attachRealtime(server, ctx, jwt);
  } catch (err) {
    server.close();
    await db.close();
    throw err;
  }
  ctx.appended = realtime.appended;
  ready.app = createApp(ctx, jwt);
  ready.lane = appendLane(ctx, jwt, hono);
  // The log keeps what the snapshot does not hold yet and the last 30 days; see docs/sync.md.
  const compaction = setInterval(() => {
    db.query('select public.compact_task_events()').catch((err: Error) => console.error('Task log compaction failed:', err.message));
  }, COMPACTION_EVERY_MS);
  compaction.unref();

  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      clearInterval(compaction);
      await realtime.close();
      // A request under way finishes before the database closes under it (cut at once, its handler's next query
      // failed on a closed pool: a 500 in the log, and a reset for a client whose write had committed). Each
      // connection closes as soon as it is idle; past the grace, what is left is cut.
      await new Promise<void>((resolve) => {
        const idle = setInterval(() => server.closeIdleConnections(), 25);
        const cut = setTimeout(() => server.closeAllConnections(), limits.shutdownGraceMs);
        server.close(() => {
          clearInterval(idle);
          clearTimeout(cut);
          resolve();
        });
        server.closeIdleConnections();
      });
      await db.close();
    })());
  return { url: localUrl(config.host, port), port, ctx, realtime, close };
}
