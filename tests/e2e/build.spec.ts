import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from './support/test';

// The build the suite serves, read as files: what a visitor's first load runs.
const dist = path.resolve('dist');
const assets = path.join(dist, 'assets');
const sourcesOf = (file: string) => (JSON.parse(readFileSync(path.join(assets, `${file}.map`), 'utf8')) as { sources: string[] }).sources;
const isRouter = (source: string) => source.includes('node_modules/react-router/') || source.includes('node_modules/react-router-dom/');

function entryScript(): string {
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const entry = html.match(/script\.src = "\/assets\/(index-[\w-]+\.js)"/)?.[1];
  expect(entry, 'the loader names the entry script').toBeTruthy();
  return entry!;
}

test('the bundled React Router is its production build, not the development one its package exports', () => {
  const router = readdirSync(assets)
    .filter((file) => file.endsWith('.js') && readdirSync(assets).includes(`${file}.map`))
    .flatMap((file) => sourcesOf(file).filter(isRouter));
  expect(router.length).toBeGreaterThan(0);
  expect(router.filter((source) => !source.includes('/dist/production/'))).toEqual([]);
});

test('the planner’s first load carries no React Router: the entry alone, no chunk imported with it', () => {
  const entry = entryScript();
  expect(sourcesOf(entry).filter(isRouter)).toEqual([]);
  // What the entry imports statically is fetched with it: nothing (vite.config.ts keeps the first load one chunk).
  const code = readFileSync(path.join(assets, entry), 'utf8');
  const imports = [...code.matchAll(/(?:^|[;}])\s*import\s*(?:[^"'()]*?from\s*)?"\.\/([^"]+)"/g)].map((match) => match[1]);
  expect(imports.map((file) => file!.replace(/-[\w-]+\.js$/, ''))).toEqual([]);
});

test('the first load leaves out the code a visitor without a session or a series never runs', () => {
  // Each comes with the chunk that first needs it (docs/performance.md, "Initial JS"); a static import from the
  // first load's code would bring it back unseen by the budget's margin.
  const later = [
    'src/features/sync/syncSlice.ts', // the sync reducers: with the account's code
    'src/features/sync/uploadScheduler.ts',
    'src/features/tasks/bulkEvents.ts', // the log's split of large events
    'src/features/series/occurrenceScope.ts', // occurrence cards and their rule: with the series code
    'src/features/series/OccurrenceCardContainer.tsx',
    'src/features/series/quickAddThunk.ts', // a typed phrase or '#label': read once typed
    'src/lib/analytics.ts',
    'src/lib/serviceWorkerRegistration.ts', // the worker's registration and updates: fetched in idle time
  ];
  const sources = sourcesOf(entryScript());
  expect(sources.some((source) => source.endsWith('src/features/sync/syncState.ts'))).toBe(true);
  expect(later.filter((file) => sources.some((source) => source.endsWith(file)))).toEqual([]);
});

test('the first load carries no module preload polyfill and no preload lists; lazy chunks keep theirs', () => {
  // vite.config.ts (build.modulePreload): 0.7 kB brotli of the first load. Vite's polyfill watches the document
  // for modulepreload links; a preload list names each lazy chunk's imports (`__vite__mapDeps`).
  const entry = readFileSync(path.join(assets, entryScript()), 'utf8');
  expect(entry).not.toContain('querySelectorAll(`link[rel="modulepreload"]`)');
  expect(entry).not.toContain('__vite__mapDeps');
  // A chunk loaded later still starts its own dialogs' imports with them (the user menu's settings dialog).
  const menu = readdirSync(assets).find((file) => /^UserMenuContent-[\w-]+\.js$/.test(file));
  expect(menu).toBeTruthy();
  expect(readFileSync(path.join(assets, menu!), 'utf8')).toContain('__vite__mapDeps');
});
