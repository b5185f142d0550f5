// The HTTP app (createApp) and a running server around it (startServer), used by index.ts, tests and the bench.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAdaptorServer } from '@hono/node-server';
import { Hono } from 'hono';
import { authRoutes } from './auth.ts';
import { billingRoutes } from './billing/index.ts';
import { loadConfig, localUrl, type ConfigOverrides } from './config.ts';
import type { ServerContext } from './context.ts';
import { openDb, type Database } from './db.ts';
import { functionsRoutes } from './functions.ts';
import { compressJson } from './compress.ts';
import { apiCors, authError, requestOrigin, requireApiKey } from './http.ts';
import { createJwt } from './jwt.ts';
import { migrate } from './migrate.ts';
import { attachRealtime, type Realtime } from './realtime.ts';
import { restRoutes } from './rest.ts';
import { staticRoutes } from './static.ts';

export function createApp(ctx: ServerContext): Hono {
  const jwt = createJwt(ctx.config);
  const app = new Hono();

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
  app.get('/config.json', (c) => {
    c.header('Cache-Control', 'no-cache');
    return c.json({ supabaseUrl: ctx.config.publicUrlExplicit ? ctx.config.publicUrl : requestOrigin(c), anonKey: ctx.config.anonKey });
  });

  app.route('/', staticRoutes(ctx.config.staticDir));

  app.onError((err, c) => {
    console.error(`${c.req.method} ${c.req.path} failed:`, err);
    return c.json({ message: 'Internal server error' }, 500);
  });
  return app;
}

const COMPACTION_EVERY_MS = 6 * 60 * 60 * 1000;

export interface StartOptions extends ConfigOverrides {
  migrationsDir?: string;
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
  const { migrationsDir, poolSize, env = process.env, ...overrides } = options;
  const config = await loadConfig(overrides, env);
  const db = await openDb({
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    poolSize: poolSize ?? (Number(env.DATABASE_POOL_SIZE) || 10),
  });
  try {
    await migrate(db, migrationsDir);
  } catch (err) {
    await db.close();
    throw err;
  }

  // The app needs the bound port (port 0 picks one), so it is attached right after listening.
  const ready: { app?: Hono } = {};
  const server = createAdaptorServer({
    fetch: (request, bindings) => (ready.app ? ready.app.fetch(request, bindings) : new Response('Starting', { status: 503 })),
    hostname: config.host,
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(config.port, config.host, () => resolve());
    });
  } catch (err) {
    await db.close();
    throw err;
  }
  // Longer than the usual 60 s proxy idle timeout, so a proxy never reuses a connection we just closed.
  if ('keepAliveTimeout' in server) {
    server.keepAliveTimeout = 65_000;
    server.headersTimeout = 66_000;
  }
  const port = (server.address() as AddressInfo).port;
  if (!config.publicUrlExplicit) config.publicUrl = localUrl(config.host, port);
  const jwt = createJwt(config);
  const ctx = { db, config, authenticate: jwt.authenticate };
  let realtime: Realtime;
  try {
    realtime = await attachRealtime(server as Server, ctx, jwt);
  } catch (err) {
    server.close();
    await db.close();
    throw err;
  }
  ready.app = createApp(ctx);
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
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        if ('closeAllConnections' in server) server.closeAllConnections();
      });
      await db.close();
    })());
  return { url: localUrl(config.host, port), port, ctx, realtime, close };
}
