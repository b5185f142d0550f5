// `npm start`: the built app and its Supabase-compatible API on one port, on PGlite or PostgreSQL.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { startServer } from './app.ts';
import { isLoopback } from './config.ts';

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

async function main() {
  const server = await startServer();
  const { config, db } = server.ctx;

  console.log(
    db.kind === 'pglite'
      ? `Database: embedded PGlite in ${join(config.dataDir, 'pglite')}`
      : 'Database: PostgreSQL (DATABASE_URL)',
  );
  if (!config.staticDir || !existsSync(join(config.staticDir, 'index.html'))) {
    console.warn(`The app is not built (${config.staticDir ?? 'dist'}/index.html is missing): only the API is served. Run \`npm start\` or \`npx vite build\`.`);
  }
  if (config.billingMode === 'stripe') console.log('Billing: Stripe');
  else console.log(TEST_MODE_BANNER);
  if (!config.publicUrlExplicit && !isLoopback(config.host)) {
    console.warn(`PUBLIC_URL is not set: the app is told to use ${config.publicUrl}. Set PUBLIC_URL to the address browsers use.`);
  }
  console.log(`Anon key: ${config.anonKey}`);
  console.log(`Weekly Planner is running at ${server.url}`);

  const shutdown = (signal: string) => {
    console.log(`${signal}: shutting down`);
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

main().catch((err: unknown) => {
  console.error(`Could not start: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
