// Fails when package-lock.json lacks a platform binary that a locked package lists as optional
// (e.g. @swc/core-darwin-arm64): `npm ci` would then refuse the lock on that platform.
import { readFileSync } from 'node:fs';

const lock = JSON.parse(readFileSync(new URL('../package-lock.json', import.meta.url), 'utf8'));
const names = new Set(Object.keys(lock.packages).map((path) => path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length)));
const missing = [];
for (const [path, entry] of Object.entries(lock.packages)) {
  for (const name of Object.keys(entry.optionalDependencies ?? {})) {
    if (!names.has(name)) missing.push(`${name} (optional dependency of ${path || 'the project'})`);
  }
}
if (missing.length > 0) {
  console.error(`package-lock.json lacks ${missing.length} optional package(s):\n  ${missing.join('\n  ')}`);
  console.error('Pin the parent to a version whose every platform package is published, then regenerate the lock.');
  process.exit(1);
}
console.log('package-lock.json lists every optional platform package');
