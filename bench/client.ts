import { chromium, type Browser } from '@playwright/test';
import { readFile, readdir, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { constants, gzipSync } from 'node:zlib';
import { build } from 'vite';
import { shiftWeek, toDayKey, weekDayKeys } from '../src/features/planner/week';
import type { Task } from '../src/features/tasks/types';
import { printDrag } from './drag';
import { printRuler } from './ruler';
import { gridWatchScript, seedScript, timePersistScript, timeTaskEventScript, type TaskEventKind } from './clientPage';

// The client half of `npm run bench`: bundle size, startup, event and persist times. Prints figures, asserts nothing.

const ROOT = path.resolve(import.meta.dirname, '..');
const STARTUP_RUNS = 9;
const EVENT_RUNS = 40;
const PERSIST_RUNS = 30;
const MANY = 5000;
const KB = 1000;

const median = (values: number[]) => percentile(values, 50);
function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}
const ms = (value: number) => `${value.toFixed(1)} ms`;
const row = (cells: Array<string | number>, widths: number[]) => '  ' + cells.map((cell, i) => String(cell).padEnd(widths[i] ?? 0)).join('  ');

async function buildApp(outDir: string, env: Record<string, string> = {}): Promise<void> {
  const saved = Object.fromEntries(Object.keys(env).map((key) => [key, process.env[key]]));
  Object.assign(process.env, env);
  try {
    await build({ root: ROOT, logLevel: 'silent', build: { outDir, emptyOutDir: true, sourcemap: false } });
  } finally {
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  }
}

/**
 * The entry script and its modulepreloads are what a visitor's first load fetches. index.html names them in its
 * inline loader (scripts/firstScreen.ts), not in script or link tags, so every quoted script path counts.
 */
async function printBundleSizes(outDir: string): Promise<void> {
  const html = await readFile(path.join(outDir, 'index.html'), 'utf8');
  const initial = new Set([...html.matchAll(/"\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]!));
  const files = (await readdir(path.join(outDir, 'assets'))).filter((file) => /\.(js|css)$/.test(file)).map((file) => `assets/${file}`);
  const chunks = await Promise.all(
    files.map(async (file) => {
      const raw = await readFile(path.join(outDir, file));
      return { file, raw: raw.length, gzip: gzipSync(raw, { level: constants.Z_BEST_COMPRESSION }).length, initial: initial.has(file) };
    }),
  );
  const js = chunks.filter((chunk) => chunk.file.endsWith('.js')).sort((a, b) => Number(b.initial) - Number(a.initial) || b.gzip - a.gzip);
  const widths = [Math.max(5, ...js.map((chunk) => chunk.file.length)), 9, 9, 7];
  console.log('\nJS chunks (production build, gzip level 9, 1 kB = 1000 bytes)');
  console.log(row(['chunk', 'raw kB', 'gzip kB', 'initial'], widths));
  for (const chunk of js) console.log(row([chunk.file, (chunk.raw / KB).toFixed(1), (chunk.gzip / KB).toFixed(1), chunk.initial ? 'yes' : 'no'], widths));
  const total = (list: typeof chunks) => list.reduce((sum, chunk) => sum + chunk.gzip, 0) / KB;
  console.log(`  initial JS total: ${total(js.filter((chunk) => chunk.initial)).toFixed(1)} kB gzip (target ≤ 120 kB); all JS: ${total(js).toFixed(1)} kB`);
  const css = chunks.filter((chunk) => chunk.file.endsWith('.css'));
  if (css.length > 0) console.log(`  CSS: ${total(css).toFixed(1)} kB gzip`);
}

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml', '.json': 'application/json' };

/** A tiny static server for the built app (SPA fallback to index.html), so the bench needs no app server. */
async function serve(dir: string) {
  const server = createServer(async (request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    const file = path.join(dir, path.normalize(pathname));
    const body = file.startsWith(dir) ? await readFile(file).catch(() => null) : null;
    response.writeHead(200, { 'content-type': body ? (TYPES[path.extname(file)] ?? 'application/octet-stream') : 'text/html' });
    response.end(body ?? (await readFile(path.join(dir, 'index.html'))));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** 5,000 tasks as a long-time user holds them: most in the displayed week and Some Day, the rest in nearby weeks. */
function seedTasks(count: number, days: string[]): Task[] {
  const nearby = [-3, -2, -1, 1, 2, 3].flatMap((weeks) => weekDayKeys(shiftWeek(days[0]!, weeks)));
  const dates = [...days, 'someday'];
  const orders = new Map<string, number>();
  return Array.from({ length: count }, (_, i) => {
    const date = i % 5 === 4 ? nearby[i % nearby.length]! : dates[i % dates.length]!;
    const order = orders.get(date) ?? 0;
    orders.set(date, order + 1);
    const createdAt = 1_780_000_000_000 + i * 1000;
    return { id: `task-${createdAt}-seed${i.toString(36)}`, title: `Task ${i + 1}: review notes`, date, completed: i % 3 === 0, createdAt, order };
  });
}

async function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
}

/** One visit in a fresh browser context: navigation start (0) to the grid laid out, and to the next frame. */
async function timeStartup(browser: Browser, url: string, tasksJson: string | null) {
  const context = await browser.newContext({ viewport: { width: 1600, height: 1000 } });
  try {
    if (tasksJson !== null) await context.addInitScript(seedScript(tasksJson));
    await context.addInitScript(gridWatchScript);
    const page = await context.newPage();
    await page.goto(url);
    await page.waitForFunction('window.__gridFrameAt !== undefined', undefined, { timeout: 60_000 });
    return (await page.evaluate('({ visible: window.__gridVisibleAt, frame: window.__gridFrameAt })')) as { visible: number; frame: number };
  } finally {
    await context.close();
  }
}

async function printStartup(browser: Browser, url: string, manyJson: string): Promise<void> {
  console.log(`\nNavigation start → week grid visible (median of ${STARTUP_RUNS} visits, each in a fresh context, after one warm-up)`);
  const widths = [13, 16, 12];
  console.log(row(['stored tasks', 'grid laid out', 'next frame'], widths));
  for (const [label, json] of [['0', null], [MANY.toLocaleString('en'), manyJson]] as const) {
    await timeStartup(browser, url, json);
    const runs = [];
    for (let i = 0; i < STARTUP_RUNS; i++) runs.push(await timeStartup(browser, url, json));
    console.log(row([label, ms(median(runs.map((r) => r.visible))), ms(median(runs.map((r) => r.frame)))], widths));
  }
}

async function printEventsAndPersist(browser: Browser, url: string, manyJson: string, day: string): Promise<void> {
  const context = await browser.newContext({ viewport: { width: 1600, height: 1000 } });
  try {
    await context.addInitScript(seedScript(manyJson));
    await context.addInitScript(gridWatchScript);
    const page = await context.newPage();
    await page.goto(url);
    await page.waitForFunction('window.__gridFrameAt !== undefined && window.__plannerStore !== undefined', undefined, { timeout: 60_000 });

    console.log(`\nTask event dispatched → DOM update committed, ${MANY.toLocaleString('en')} stored tasks (${EVENT_RUNS} runs each)`);
    const widths = [26, 10, 10];
    console.log(row(['event', 'median', 'p95'], widths));
    const events: Array<[TaskEventKind, string]> = [['toggle', 'taskCompletionSet'], ['rename', 'taskRenamed'], ['add', 'taskAdded']];
    for (const [kind, name] of events) {
      const times: number[] = [];
      for (let run = 0; run < EVENT_RUNS; run++) times.push((await page.evaluate(`(${timeTaskEventScript})(${JSON.stringify({ kind, day, run })})`)) as number);
      console.log(row([name, ms(median(times)), ms(percentile(times, 95))], widths));
    }

    const { results, bytes } = (await page.evaluate(`(${timePersistScript})(${JSON.stringify({ runs: PERSIST_RUNS, day })})`)) as {
      results: Array<{ total: number; setItem: number }>;
      bytes: number;
    };
    console.log(`\nPersist write, ${MANY.toLocaleString('en')} tasks (${(bytes / KB).toFixed(0)} kB of JSON), median of ${PERSIST_RUNS}`);
    console.log(`  serialize + localStorage.setItem (persistor.flush): ${ms(median(results.map((r) => r.total)))}`);
    console.log(`  of which localStorage.setItem: ${ms(median(results.map((r) => r.setItem)))}`);
  } finally {
    await context.close();
  }
}

export async function benchClient(): Promise<void> {
  // Figures move with machine load; print it so a reader can judge them.
  console.log(`== Client (load average ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} CPUs)`);
  const outDir = await mkdtemp(path.join(tmpdir(), 'planner-bench-'));
  const benchDir = await mkdtemp(path.join(tmpdir(), 'planner-bench-hook-'));
  let browser: Browser | undefined;
  let server: Awaited<ReturnType<typeof serve>> | undefined;
  try {
    await buildApp(outDir);
    await printBundleSizes(outDir);

    browser = await launch();
    await printRuler(browser, outDir);
    await printDrag(browser, outDir);

    // The browser figures use a build that exposes the store (one line in main.tsx); otherwise the same bundle.
    await buildApp(benchDir, { VITE_EXPOSE_STORE: '1' });
    server = await serve(benchDir);
    const days = weekDayKeys(toDayKey(new Date()));
    const manyJson = JSON.stringify(seedTasks(MANY, days));
    console.log(`\nChromium ${browser.version()} headless; ${MANY.toLocaleString('en')} tasks seeded: ~${Math.round((MANY * 0.8) / 8)} on each displayed day and Some Day, the rest in nearby weeks`);
    await printStartup(browser, server.url, manyJson);
    await printEventsAndPersist(browser, server.url, manyJson, days[2]!);
  } finally {
    await browser?.close();
    await server?.close();
    await rm(outDir, { recursive: true, force: true });
    await rm(benchDir, { recursive: true, force: true });
  }
}
