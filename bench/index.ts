import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

// `npm run bench`: runs every bench present, in order, and prints their figures. A bench that fails
// is reported and the others still run. `npm run bench -- ruler` (or phone, drag, client, server, sync, series, seriesRender, labelsRender, search, load) runs only those named.

const BENCHES = [
  { file: 'client.ts', run: 'benchClient' },
  { file: 'server.ts', run: 'benchServer' },
  { file: 'sync.ts', run: 'benchSync' },
  { file: 'series.ts', run: 'benchSeries' },
  { file: 'seriesRender.ts', run: 'benchSeriesRender' },
  { file: 'labelsRender.ts', run: 'benchLabelsRender' },
  { file: 'search.ts', run: 'benchSearch' },
  // Part of client.ts's run; on their own only when named.
  { file: 'ruler.ts', run: 'benchRuler', onlyWhenNamed: true },
  { file: 'drag.ts', run: 'benchDrag', onlyWhenNamed: true },
  { file: 'ruler.ts', run: 'benchPhone', onlyWhenNamed: true, name: 'phone' },
  // Minutes of both cores and thousands of sockets: only when named.
  { file: 'load.ts', run: 'benchLoad', onlyWhenNamed: true },
];
const named = process.argv.slice(2);

for (const { file, run, onlyWhenNamed, name: alias } of BENCHES as Array<{ file: string; run: string; onlyWhenNamed?: boolean; name?: string }>) {
  const name = alias ?? path.basename(file, '.ts');
  if (named.length > 0 ? !named.includes(name) : onlyWhenNamed) continue;
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
