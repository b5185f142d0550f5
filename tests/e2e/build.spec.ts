import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';

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
