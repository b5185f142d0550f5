import type { Browser, BrowserContext, Page } from '@playwright/test';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { createAdaptorServer } from '@hono/node-server';
import { staticRoutes } from '../server/static';
import { precompressDir } from '../scripts/precompress';
import { FLOOR_HTML } from './floorPage';
import { printPhone } from './phone';

// The speed ruler's figures, from a real Chromium: the planner and a plain-DOM floor page that renders
// the same grid from the same stored tasks, benched back to back, as ratios (absolute times on a shared
// machine move by a quarter from run to run; a ratio taken in one run does not). Both are served by the
// app's own static server (server/static.ts), so the JS travels as it does in production.

const LOADS = 5;
// An empty week loads in ~0.1 s, and its ready moves by half from load to load (a fresh renderer's first layout,
// mostly font set-up): medians of 5 such loads put one build's ratio anywhere from 0.8 to 1.5.
const EMPTY_LOADS = 15;
// Toggles repeat on one card; renames and deletes each take another card, as many as fit on the screen (a
// renamed card takes two lines in the app: a ninth would be below it).
const TOGGLES = 24;
const EDITS = 8;
const MANY = 5000;
const KEY = 'weekly-planner-tasks';
const KB = 1000;

export const title = (i: number) => `Bench ${String(i).padStart(5, '0')}`;

/** A screen and CPU to load the pages on: the desktop the ruler's main figures use, or a phone (bench/phone.ts). */
export interface Profile {
  viewport: { width: number; height: number };
  /** Chromium's CPU slowdown (1: none). */
  cpu: number;
}
export const DESKTOP: Profile = { viewport: { width: 1600, height: 1000 }, cpu: 1 };

/**
 * Where a target text counts: inside the mounted app (#root) or the floor's grid, as compare.sh's --ready-within.
 * A copy of the app painted elsewhere would be first paint, not ready; index.html paints the app's own first screen
 * into #root and holds input until the app is live (scripts/firstScreen.ts).
 */
const READY_WITHIN = '#root, #grid';

/** N tasks round-robin over Mon–Sun of this week and Some Day (as the browser's local time sees it). */
export function seedJson(n: number): string {
  const two = (x: number) => String(x).padStart(2, '0');
  const key = (d: Date) => `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}`;
  const now = new Date();
  const monday = new Date(now.getFullYear(), now.getMonth(), now.getDate() - ((now.getDay() + 6) % 7));
  const dates = Array.from({ length: 7 }, (_, d) => key(new Date(monday.getFullYear(), monday.getMonth(), monday.getDate() + d)));
  dates.push('someday');
  const base = Date.now() - n * 1000;
  return JSON.stringify(
    Array.from({ length: n }, (_, i) => ({ id: `task-${base + i}-bench${i}`, title: title(i + 1), date: dates[i % 8], completed: false, createdAt: base + i, order: Math.floor(i / 8) })),
  );
}

// In-page code is plain JavaScript source: tsx would compile functions with helpers the page lacks.

/** Before any page script: seed the tasks once per context, then note FCP and when each target text is laid out. */
const probeScript = (json: string | null, targets: Record<string, string>) => `(() => {
  try {
    if (${JSON.stringify(json)} !== null && !sessionStorage.getItem('__seeded')) {
      sessionStorage.setItem('__seeded', '1');
      localStorage.setItem(${JSON.stringify(KEY)}, ${JSON.stringify(json)});
    }
  } catch (e) {}
  const P = (window.__probe = { fcp: null, at: {} });
  new PerformanceObserver((list) => { for (const e of list.getEntries()) if (e.name === 'first-contentful-paint') P.fcp = e.startTime; })
    .observe({ type: 'paint', buffered: true });
  const pending = new Map(Object.entries(${JSON.stringify(targets)}));
  const found = new Map();
  const element = (text) => {
    const hits = document.evaluate("//*[text()='" + text + "']", document, null, 7, null);
    for (let i = 0; i < hits.snapshotLength; i++) if (hits.snapshotItem(i).closest(${JSON.stringify(READY_WITHIN)})) return hits.snapshotItem(i);
    return null;
  };
  let queued = false;
  const check = () => {
    queued = false;
    for (const [name, text] of found) {
      const el = element(text);
      if (el && el.getClientRects().length > 0) { P.at[name] = performance.now(); found.delete(name); }
    }
    if (found.size) queue();
  };
  const queue = () => { if (!queued) { queued = true; requestAnimationFrame(check); } };
  const observer = new MutationObserver((records) => {
    for (const record of records) for (const node of record.addedNodes) {
      const text = node.textContent;
      if (!text) continue;
      for (const [name, t] of pending) if (text.includes(t)) { pending.delete(name); found.set(name, t); }
    }
    if (found.size) queue();
    if (!pending.size) observer.disconnect();
  });
  observer.observe(document, { childList: true, subtree: true });
})()`;

/** Arms the toggle probe on the card titled \`text\`: resolves window.__toggle with click → DOM and click → next frame. */
const armToggleScript = (text: string) => `(() => {
  const el = document.evaluate("//*[text()='${text}']", document, null, 9, null).singleNodeValue;
  const card = el && el.closest('li');
  const control = card && [...card.querySelectorAll('button, [role="button"]')].find((b) => /complete|toggle/i.test(b.getAttribute('aria-label') || ''));
  if (!control) return null;
  window.__toggle = new Promise((resolve) => {
    let clickAt = null;
    const onClick = (event) => { clickAt = event.timeStamp; };
    addEventListener('click', onClick, true);
    const observer = new MutationObserver(() => {
      if (clickAt === null) return;
      const dom = performance.now();
      observer.disconnect();
      removeEventListener('click', onClick, true);
      requestAnimationFrame(() => { document.body.getBoundingClientRect(); resolve({ dom: dom - clickAt, frame: performance.now() - clickAt }); });
    });
    observer.observe(card, { subtree: true, attributes: true, childList: true, characterData: true });
  });
  const box = control.getBoundingClientRect();
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
})()`;

/**
 * Arms a probe on the card titled `text` for a delete (click on its delete control → the card leaves the DOM)
 * or a rename (Enter in its title field → the card shows the new title): resolves window.__edit with
 * event → DOM and event → next frame. Returns where to click (the delete control, or the title to edit).
 */
const armEditScript = (text: string, kind: 'delete' | 'rename') => `(() => {
  const el = document.evaluate("//*[text()='${text}']", document, null, 9, null).singleNodeValue;
  const card = el && el.closest('li');
  const target = card && (${JSON.stringify(kind)} === 'delete' ? [...card.querySelectorAll('button, [role="button"]')].find((b) => /^delete/i.test(b.getAttribute('aria-label') || '')) : el);
  if (!target) return null;
  window.__edit = new Promise((resolve) => {
    let at = null;
    const type = ${JSON.stringify(kind)} === 'delete' ? 'click' : 'keydown';
    const onEvent = (event) => { if (type === 'click' || event.key === 'Enter') at = event.timeStamp; };
    addEventListener(type, onEvent, true);
    const observer = new MutationObserver(() => {
      if (at === null) return;
      if (${JSON.stringify(kind)} === 'delete' ? card.isConnected : !card.textContent.includes('${text} renamed')) return;
      const dom = performance.now();
      observer.disconnect();
      removeEventListener(type, onEvent, true);
      requestAnimationFrame(() => { document.body.getBoundingClientRect(); resolve({ dom: dom - at, frame: performance.now() - at }); });
    });
    observer.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
  });
  const box = target.getBoundingClientRect();
  return { x: box.x + Math.min(box.width / 2, 20), y: box.y + box.height / 2 };
})()`;

export const median = (values: number[]) => {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Serves a built page for the bench. Cross-origin isolated (COOP and COEP), as both the floor's and the app's pages
 * are: Chromium then gives performance.now() and event time stamps 5 µs steps instead of 100 µs ones, which a click
 * of ~1-3 ms needs (a floor at 1.1 or 1.2 ms moved the app's ratio by 9%).
 */
export async function serveDir(dir: string) {
  const routes = staticRoutes(dir, { sourceMaps: false });
  const server = createAdaptorServer({
    fetch: async (request: Request) => {
      const response = await routes.fetch(request);
      const headers = new Headers(response.headers);
      headers.set('Cross-Origin-Opener-Policy', 'same-origin');
      headers.set('Cross-Origin-Embedder-Policy', 'require-corp');
      return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

export interface Load {
  fcp: number;
  at: Record<string, number>;
  /** Script responses: URL path → bytes on the wire. */
  scripts: Map<string, number>;
}

export async function coldLoad(
  browser: Browser,
  url: string,
  n: number,
  targets: Record<string, string>,
  keep = false,
  profile: Profile = DESKTOP,
): Promise<Load & { context?: BrowserContext }> {
  const context = await browser.newContext({ viewport: profile.viewport, serviceWorkers: 'block' });
  await context.addInitScript(probeScript(n > 0 ? seedJson(n) : null, targets));
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  if (profile.cpu > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpu });
  const urls = new Map<string, string>();
  const scripts = new Map<string, number>();
  cdp.on('Network.responseReceived', (e) => {
    if (e.type === 'Script') urls.set(e.requestId, new URL(e.response.url).pathname);
  });
  cdp.on('Network.loadingFinished', (e) => {
    const file = urls.get(e.requestId);
    if (file) scripts.set(file, e.encodedDataLength);
  });
  await cdp.send('Network.enable');
  try {
    await page.goto(url);
    const names = Object.keys(targets);
    await page.waitForFunction(`${JSON.stringify(names)}.every((name) => window.__probe.at[name] !== undefined)`, undefined, { timeout: 60_000 });
    await page.waitForLoadState('networkidle', { timeout: 3000 }).catch(() => {});
    const probe = (await page.evaluate('window.__probe')) as { fcp: number | null; at: Record<string, number> };
    return { fcp: probe.fcp ?? Number.NaN, at: probe.at, scripts, context: keep ? context : undefined };
  } finally {
    if (!keep) await context.close();
  }
}

type Side = 'floor' | 'app';
export type Probe = { dom: number; frame: number };

/**
 * The two pages open side by side, their clicks taken one by one in turn (floor then app, then app then floor): the
 * machine's load moves within seconds on these hosts, and a session of one page's clicks, then one of the other's,
 * took its changes on one side only (the floor's own toggle median moved between 1.1 and 1.6 ms from run to run).
 */
export async function alternating(
  browser: Browser,
  urls: Record<Side, string>,
  targets: Record<string, string>,
  count: number,
  click: (page: Page, i: number, url: string) => Promise<Probe>,
  sessions = 1,
  { n = MANY, profile = DESKTOP }: { n?: number; profile?: Profile } = {},
): Promise<Record<Side, Probe>> {
  const sides: Side[] = ['floor', 'app'];
  const results = { floor: { dom: [] as number[], frame: [] as number[] }, app: { dom: [] as number[], frame: [] as number[] } };
  for (let session = 0; session < sessions; session++) {
    const contexts: BrowserContext[] = [];
    try {
      const pages = {} as Record<Side, Page>;
      for (const side of sides) {
        const { context } = await coldLoad(browser, urls[side], n, targets, true, profile);
        contexts.push(context!);
        pages[side] = context!.pages()[0]!;
        if (!(await pages[side].evaluate('crossOriginIsolated'))) throw new Error(`${urls[side]} is not cross-origin isolated: its clicks would be timed in 100 µs steps`);
      }
      await sleep(1000);
      for (let i = 0; i < count; i++) {
        for (const side of (i + session) % 2 === 0 ? sides : [...sides].reverse()) {
          const result = await click(pages[side], i, urls[side]);
          results[side].dom.push(result.dom);
          results[side].frame.push(result.frame);
        }
      }
    } finally {
      for (const context of contexts) await context.close();
    }
  }
  const medians = (side: Side) => ({ dom: median(results[side].dom), frame: median(results[side].frame) });
  return { floor: medians('floor'), app: medians('app') };
}

/** Completes and reopens Monday's first task, TOGGLES times a side. */
export const toggle = async (page: Page, _i: number, url: string): Promise<Probe> => {
  const point = (await page.evaluate(armToggleScript(title(1)))) as { x: number; y: number } | null;
  if (!point) throw new Error(`no complete control on the card "${title(1)}" at ${url}`);
  await page.mouse.move(point.x, point.y);
  await sleep(300); // hover effects and the previous toggle's idle work are done
  await page.mouse.click(point.x, point.y);
  return shown(page, 'window.__toggle', `the toggle of "${title(1)}" at ${url}`);
};

/** What a probe resolved with, or a clear error when the page never showed the change (rather than a bench that waits forever). */
async function shown(page: Page, probe: string, what: string): Promise<Probe> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not show within 20 s`)), 20_000);
  });
  try {
    return await Promise.race([page.evaluate(probe) as Promise<Probe>, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Deletes or renames a different task each time (Monday's first ones, every 8th title). */
const edit =
  (kind: 'delete' | 'rename') =>
  async (page: Page, i: number, url: string): Promise<Probe> => {
    const text = title(1 + 8 * i);
    const point = (await page.evaluate(armEditScript(text, kind))) as { x: number; y: number } | null;
    if (!point) throw new Error(`no ${kind} control on the card "${text}" at ${url}`);
    await page.mouse.move(point.x, point.y);
    await sleep(300);
    await page.mouse.click(point.x, point.y);
    if (kind === 'rename') {
      await page.keyboard.press('End');
      await page.keyboard.type(' renamed');
      await sleep(300);
      await page.keyboard.press('Enter');
    }
    return shown(page, 'window.__edit', `the ${kind} of "${text}" at ${url}`);
  };

interface Figures {
  ready0: number;
  fcp0: number;
  fcp5000: number;
  all5000: number;
  toggleDom: number;
  toggleFrame: number;
  renameDom: number;
  /** The same renames against a floor that drops focus (see floorPage.ts). */
  renameDropDom: number;
  deleteDom: number;
  scripts: Map<string, number>;
}

/**
 * Both pages' figures, taken in lockstep: each cold load of the floor is followed by the same load of the app, and the
 * clicks alternate one by one between the two pages (see alternating), so a change in machine load during the run lands on
 * both sides of a ratio instead of on one (measured one after the other, a minute apart, ratios moved by 30%).
 */
async function measurePair(browser: Browser, urls: { floor: string; app: string }): Promise<{ floor: Figures; app: Figures }> {
  const empty = { ready: 'Some Day' };
  const many: Record<string, string> = {};
  // The last task of each of the 8 columns.
  for (let c = 0; c < 8; c++) many[`col${c}`] = title(c + 8 * Math.floor((MANY - 1 - c) / 8) + 1);
  const sides = ['floor', 'app'] as const;
  const zero = { floor: [] as Load[], app: [] as Load[] };
  const full = { floor: [] as Load[], app: [] as Load[] };
  for (const side of sides) await coldLoad(browser, urls[side], 0, empty); // warm-up
  for (let i = 0; i < EMPTY_LOADS; i++) for (const side of sides) zero[side].push(await coldLoad(browser, urls[side], 0, empty));
  for (const side of sides) await coldLoad(browser, urls[side], MANY, many);
  for (let i = 0; i < LOADS; i++) for (const side of sides) full[side].push(await coldLoad(browser, urls[side], MANY, many));
  const toggled = await alternating(browser, urls, many, TOGGLES, toggle);
  // Two sessions each, on freshly loaded pages: the cards a session edits are those on the screen.
  const rename = await alternating(browser, urls, many, EDITS, edit('rename'), 2);
  const renameDrop = await alternating(browser, { ...urls, floor: `${urls.floor}?rename=drop` }, many, EDITS, edit('rename'), 2);
  const remove = await alternating(browser, urls, many, EDITS, edit('delete'), 2);
  const figures = (side: (typeof sides)[number]): Figures => ({
    renameDom: rename[side].dom,
    renameDropDom: renameDrop[side].dom,
    deleteDom: remove[side].dom,
    ready0: median(zero[side].map((l) => l.at.ready!)),
    fcp0: median(zero[side].map((l) => l.fcp)),
    fcp5000: median(full[side].map((l) => l.fcp)),
    all5000: median(full[side].map((l) => Math.max(...Object.values(l.at)))),
    toggleDom: toggled[side].dom,
    toggleFrame: toggled[side].frame,
    scripts: zero[side][0]!.scripts,
  });
  return { floor: figures('floor'), app: figures('app') };
}

/** Prints the ruler's figures for the production build in appDir (precompressed by the build) next to the floor's. */
export async function printRuler(browser: Browser, appDir: string): Promise<void> {
  const floorDir = await mkdtemp(path.join(tmpdir(), 'planner-floor-'));
  await writeFile(path.join(floorDir, 'index.html'), FLOOR_HTML);
  await precompressDir(floorDir);
  const floor = await serveDir(floorDir);
  const app = await serveDir(appDir);
  try {
    const { floor: f, app: a } = await measurePair(browser, { floor: floor.url, app: app.url });
    // Initial JS is what the first screen needs: the entry and the chunks it imports statically (Vite's manifest, as
    // .size-limit.mjs counts it). The rest of what a first load fetches comes in idle time or on demand.
    const manifest = JSON.parse(await readFile(path.join(appDir, '.vite', 'manifest.json'), 'utf8')) as Record<string, { file: string; imports?: string[] }>;
    const initial = new Set<string>();
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (!chunk || initial.has(`/${chunk.file}`)) return;
      initial.add(`/${chunk.file}`);
      (chunk.imports ?? []).forEach(visit);
    };
    visit('index.html');
    let br = 0;
    let gzip = 0;
    let laterBr = 0;
    let later = 0;
    for (const [file, wire] of a.scripts) {
      if (!initial.has(file)) {
        laterBr += wire;
        later++;
        continue;
      }
      br += wire;
      gzip += (await stat(path.join(appDir, `${file}.gz`)).catch(() => stat(path.join(appDir, file)))).size;
    }
    const inline = (await readFile(path.join(floorDir, 'index.html'), 'utf8')).length;

    console.log(`\nThe speed ruler: the plain-DOM floor and the planner, same Chromium, same run, taken in lockstep (medians of ${EMPTY_LOADS} cold loads of the empty week and ${LOADS} with 5,000 tasks, ${TOGGLES} toggles, ${2 * EDITS} renames twice (against a floor that keeps focus on the title, as the app does, and one that drops it) and ${2 * EDITS} deletes, the two pages' clicks taken in turn)`);
    console.log('  Absolute times move with machine load; the ratio app/floor is the figure (lower is better, < 1 beats plain DOM).');
    const widths = [34, 10, 10, 10, 22];
    const line = (cells: string[]) => console.log('  ' + cells.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join(''));
    const ms = (v: number) => `${v.toFixed(1)} ms`;
    line(['figure', 'floor', 'app', 'app/floor', 'target']);
    const rows: Array<[string, number, number, string]> = [
      ['ready (in the app), no tasks', f.ready0, a.ready0, '≤ 1.5'],
      ['first paint, no tasks', f.fcp0, a.fcp0, '≤ 1.0'],
      ['first paint, 5,000 tasks', f.fcp5000, a.fcp5000, '≤ 0.15'],
      ['every column laid out, 5,000', f.all5000, a.all5000, '≤ 0.6'],
      ['toggle @5,000: click → DOM', f.toggleDom, a.toggleDom, '≤ 2'],
      ['toggle @5,000: click → next frame', f.toggleFrame, a.toggleFrame, '≤ 2'],
      ['rename @5,000: Enter → DOM', f.renameDom, a.renameDom, '≤ 2'],
      ['  vs a floor dropping focus', f.renameDropDom, a.renameDropDom, '(reference)'],
      ['delete @5,000: click → DOM', f.deleteDom, a.deleteDom, '≤ 2'],
    ];
    for (const [name, floorValue, appValue, target] of rows) line([name, ms(floorValue), ms(appValue), (appValue / floorValue).toFixed(2), target]);
    line(['initial JS, brotli on the wire', `${(inline / KB).toFixed(1)} kB*`, `${(br / KB).toFixed(1)} kB`, '', '≤ 100 kB']);
    line(['initial JS, gzip', `${(inline / KB).toFixed(1)} kB*`, `${(gzip / KB).toFixed(1)} kB`, '', '']);
    line(['then in idle time, brotli', '', `${(laterBr / KB).toFixed(1)} kB`, '', '']);
    console.log(`  * the floor's whole page, script inline; the app's initial JS is the ${a.scripts.size - later} script files the first screen needs (entry and static imports, as .size-limit.mjs counts them; on the wire, headers included); ${later} more came before the network was idle (dialogs, menus, lists: fetched in idle time).`);
    await printPhone(browser, { floor: floor.url, app: app.url }, { ready0: a.ready0 / f.ready0, fcp0: a.fcp0 / f.fcp0, toggle5000: a.toggleDom / f.toggleDom });
  } finally {
    await app.close();
    await floor.close();
    await rm(floorDir, { recursive: true, force: true });
  }
}

/** `npm run bench -- ruler`: on a fresh production build, or on BENCH_APP_DIR (already built, e.g. to compare two builds). */
/**
 * Runs a bench on its own: Debian's Chromium and a fresh production build (or BENCH_APP_DIR, already built), its
 * heading printed with the browser's version and the machine's load.
 */
export async function withBuiltApp(heading: string, run: (browser: Browser, appDir: string) => Promise<void>): Promise<void> {
  const { chromium } = await import('@playwright/test');
  const { build } = await import('vite');
  const given = process.env.BENCH_APP_DIR;
  const outDir = given ?? (await mkdtemp(path.join(tmpdir(), 'planner-bench-')));
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    if (!given) await build({ root: path.resolve(import.meta.dirname, '..'), logLevel: 'silent', build: { outDir, emptyOutDir: true, sourcemap: false } });
    console.log(`== ${heading} (Chromium ${browser.version()}, load average ${loadavg()[0]!.toFixed(1)})`);
    await run(browser, outDir);
  } finally {
    await browser.close();
    if (!given) await rm(outDir, { recursive: true, force: true });
  }
}

export const benchRuler = (): Promise<void> => withBuiltApp('Speed ruler', printRuler);

/** `npm run bench -- phone`: the phone profile alone (bench/phone.ts), without the desktop's ratios beside it. */
export const benchPhone = (): Promise<void> =>
  withBuiltApp('Speed ruler, phone profile', async (browser, appDir) => {
    const floorDir = await mkdtemp(path.join(tmpdir(), 'planner-floor-'));
    await writeFile(path.join(floorDir, 'index.html'), FLOOR_HTML);
    await precompressDir(floorDir);
    const floor = await serveDir(floorDir);
    const app = await serveDir(appDir);
    try {
      await printPhone(browser, { floor: floor.url, app: app.url });
    } finally {
      await app.close();
      await floor.close();
      await rm(floorDir, { recursive: true, force: true });
    }
  });
