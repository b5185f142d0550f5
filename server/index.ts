// `npm start`: the built app and its Supabase-compatible API on one port, on PGlite (one process) or PostgreSQL
// (one worker process per core, WORKERS to choose; ./cluster.ts).
import cluster from 'node:cluster';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { startServer } from './app.ts';
import { runPrimary, workerCount, type ReadyMessage } from './cluster.ts';
import { isLoopback, loadConfig } from './config.ts';
import type { ServerConfig } from './context.ts';

// Loud on purpose: in test mode anyone can "pay" without paying.
const TEST_MODE_BANNER = [
  '',
  '****************************************************************',
  '*  BILLING TEST MODE: checkout is free, nothing is charged.    *',
  '*  Premium goes to anyone who clicks Pay. Not for production:  *',
  '*  set STRIPE_SECRET_KEY (and BILLING_MODE=stripe) instead.    *',
  '****************************************************************',
  '',
].join('\n');

/** What a person starting the server needs to see, once per start (from the primary when there are workers). */
function announce(config: ServerConfig, url: string, database: string) {
  console.log(database);
  if (!config.staticDir || !existsSync(join(config.staticDir, 'index.html'))) {
    console.warn(`The app is not built (${config.staticDir ?? 'dist'}/index.html is missing): only the API is served. Run \`npm start\` or \`npx vite build\`.`);
  }
  if (config.billingMode === 'stripe') console.log('Billing: Stripe');
  else console.log(TEST_MODE_BANNER);
  if (!config.publicUrlExplicit && !isLoopback(config.host)) {
    console.warn(`PUBLIC_URL is not set: the app is told to use ${config.publicUrl}. Set PUBLIC_URL to the address browsers use.`);
  }
  console.log(`Anon key: ${config.anonKey}`);
  console.log(`Weekly Planner is running at ${url}`);
}

async function serve(worker: boolean) {
  const server = await startServer({ migrate: !worker });
  const { config, db } = server.ctx;
  if (worker) process.send?.({ type: 'planner-ready', url: server.url } satisfies ReadyMessage);
  else announce(config, server.url, db.kind === 'pglite' ? `Database: embedded PGlite in ${join(config.dataDir, 'pglite')}` : 'Database: PostgreSQL (DATABASE_URL)');

  const shutdown = (signal: string) => {
    if (!worker) console.log(`${signal}: shutting down`);
    // A second signal while closing means "now".
    process.once(signal, () => process.exit(1));
    server.close().then(
      () => process.exit(0),
      (err: unknown) => {
        console.error('Shutdown failed:', err);
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));
}

async function main() {
  if (cluster.isWorker) return serve(true);
  const workers = workerCount(process.env);
  if (workers === 1) return serve(false);
  const config = await loadConfig();
  const url = await runPrimary(config, workers, (code) => process.exit(code));
  announce(config, url, `Database: PostgreSQL (DATABASE_URL), ${workers} worker processes`);
}

main().catch((err: unknown) => {
  console.error(`Could not start: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
