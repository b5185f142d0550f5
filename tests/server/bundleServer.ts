// Jest's globalSetup for the server project: the real entry point (server/index.ts) bundled once per run, for the
// tests that start it as a child process (child-server.ts). Under `node --import tsx` every start (and every
// cluster worker) spent ~2.5 of its ~7 CPU-s in tsx's loader transforming the same sources again; the bundle is
// the same sources through the same esbuild tsx uses, in one file. Packages stay imports (PGlite finds its
// WebAssembly beside its own module), and the server reads its files (migrations, dist) from the working
// directory, so the bundle starts and behaves as `npm start` does. It lives under node_modules/.cache so bare
// imports resolve from the project's node_modules; it is rebuilt on every run, never stale.
import { build } from 'esbuild';
import { resolve } from 'node:path';
import { BUNDLE_ENV } from './child-server';

export default async function bundleServer(): Promise<void> {
  const outfile = resolve('node_modules/.cache/planner-test-server/index.mjs');
  await build({
    entryPoints: ['server/index.ts'],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    outfile,
    logLevel: 'warning',
  });
  process.env[BUNDLE_ENV] = outfile;
}
