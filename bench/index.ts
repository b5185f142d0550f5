import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

// `npm run bench`: runs every bench present, in order, and prints their figures. A bench that fails
// is reported and the others still run.

const BENCHES = [
  { file: 'client.ts', run: 'benchClient' },
  { file: 'server.ts', run: 'benchServer' },
  { file: 'sync.ts', run: 'benchSync' },
];

for (const { file, run } of BENCHES) {
  const location = path.join(import.meta.dirname, file);
  if (!existsSync(location)) continue;
  try {
    const bench = (await import(pathToFileURL(location).href)) as Record<string, unknown>;
    const entry = bench[run];
    if (typeof entry !== 'function') {
      console.log(`\n(bench/${file} does not export ${run}(); skipped)`);
      continue;
    }
    await (entry as () => Promise<void>)();
  } catch (error) {
    console.error(`\nbench/${file} failed:`, error);
    process.exitCode = 1;
  }
  console.log('');
}
