// The size budgets of a visitor's first load, brotli-compressed as the server sends them (scripts/precompress.ts).
// `npm test` runs size-limit on the build (scripts/test.sh) and fails when a figure passes its budget. Raising a
// budget is a change to this line, with its reason in the commit; what the first load holds and why is in
// docs/performance.md ("Initial JS").
// 2026-12-02: JS 103 → 100 kB (CSS 11.5 kB, unchanged). The first load measured 99.2 kB once the sync reducers, the
// upload scheduler, the series code a visitor without a series runs, quick-add's phrase and label reader and the
// analytics start went on demand (102.6 kB before); 100 is issue 45's target, and the 0.8 kB left is for what lands next.
// Later the same day: JS 100 → 100.5 kB. Named lists (+0.6 kB: the stored ↔ store mapping, Some Day's orphans, the
// strip's entries), the '+' button's phrase reader hook and series labels took the 0.8 kB; then '+ New list' drawn with
// the first screen (it appeared 2 s later and moved the page) and the strip's press waiting for a list's column being
// drawn: 100.11 kB, over issue 45's 100 by 0.11. docs/performance.md lists the next cuts.
// Then JS 100.5 → 100 kB, issue 45's target again: 100.21 → 99.39 kB with Vite's module preload polyfill and the
// entry's preload lists left out (vite.config.ts, build.modulePreload: −0.71 kB) and the service worker's
// registration fetched in idle time (−0.11 kB).
const BUDGETS = { js: '100 kB', css: '11.5 kB', html: '9 kB' };

import { readFileSync } from 'node:fs';

const read = (file) => {
  try {
    return readFileSync(new URL(`./dist/${file}`, import.meta.url), 'utf8');
  } catch {
    throw new Error(`size-limit measures the build: dist/${file} is missing (run \`npx vite build\` first)`);
  }
};

// What the first load fetches: the entry and every chunk it imports statically (the loader in index.html
// modulepreloads them together), as Vite's manifest lists them. Lazy chunks (dynamic imports) are not in it.
const manifest = JSON.parse(read('.vite/manifest.json'));
const entry = manifest['index.html'];
const initialJs = new Set();
const visit = (key) => {
  const chunk = manifest[key];
  if (initialJs.has(chunk.file)) return;
  initialJs.add(chunk.file);
  (chunk.imports ?? []).forEach(visit);
};
visit('index.html');

// The manifest must say what index.html's loader really fetches (its `var hrefs`): a first load measured from a
// stale or different list would pass unseen.
const loader = /var hrefs = (\[[^\]]*\])/.exec(read('index.html'));
const fetched = loader ? JSON.parse(loader[1]).map((href) => href.replace(/^\//, '')) : [];
if (fetched.length !== initialJs.size || fetched.some((file) => !initialJs.has(file))) {
  throw new Error(`index.html's loader fetches ${JSON.stringify(fetched)}, the manifest's first load is ${JSON.stringify([...initialJs])}`);
}

export default [
  {
    name: `initial JS (${[...initialJs].map((file) => file.replace(/^assets\/|-[\w-]+\.js$/g, '')).join(' + ')})`,
    path: [...initialJs].map((file) => `dist/${file}`),
    limit: BUDGETS.js,
  },
  { name: 'CSS (the stylesheet, applied after the first frame)', path: entry.css.map((file) => `dist/${file}`), limit: BUDGETS.css },
  { name: 'index.html (the first screen: its markup, inline CSS and script)', path: 'dist/index.html', limit: BUDGETS.html },
];
