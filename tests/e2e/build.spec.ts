import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';

// The build the suite serves, read as files: what a visitor's first load runs.
const dist = path.resolve('dist');

test('the entry bundles React Router’s production build, not the development one its package exports', () => {
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const entry = html.match(/script\.src = "(\/assets\/index-[\w-]+\.js)"/)?.[1];
  expect(entry, 'the loader names the entry script').toBeTruthy();
  const { sources } = JSON.parse(readFileSync(path.join(dist, `${entry}.map`), 'utf8')) as { sources: string[] };
  const router = sources.filter((source) => source.includes('node_modules/react-router/'));
  expect(router.length).toBeGreaterThan(0);
  expect(router.filter((source) => !source.includes('/dist/production/'))).toEqual([]);
});
