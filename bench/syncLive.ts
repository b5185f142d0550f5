// Live sync (part of `npm run bench -- sync`): one subscriber on two browser contexts (two devices) in Debian's
// Chromium against the real build and server; a click on device A (completing a task) to the card changing on
// device B, median and p95. With the PWA's worker in charge of both pages (as people use the app), the same with
// A's worker stopped before each click (a live edit must not wait for it to start: issue 31.4), and with workers
// blocked; each at rest and with the production build (`npm run build`'s tsc and vite build) looping beside it.
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RunningServer } from '../server/app.ts';
import { benchCatchUp } from './syncCatchUp.ts';
import { makeSubscriber, PASSWORD, signUp } from './syncAccounts.ts';

const SAMPLES = Number(process.env.BENCH_SYNC_SAMPLES ?? 30);
const TITLE = 'Measured task';

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
const ms = (value: number) => `${value.toFixed(0)} ms`;

interface Device {
  context: BrowserContext;
  page: Page;
}

async function signIn(page: Page, email: string) {
  await page.goto('/auth');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByText('Successfully signed in!').waitFor();
  await page.goto('/');
}

/**
 * Adds a task through Some Day's add line, found by its label: the same in every layout, whether '+' adds
 * 'New task' or opens a line for typing, and whether Enter closes the line or keeps it open for the next task.
 */
async function addTask(page: Page, title: string) {
  await page.getByRole('button', { name: 'Add task to Some Day' }).click();
  const input = page.getByRole('textbox', { name: 'New task for Some Day' });
  await input.fill(title);
  await input.press('Enter');
  await page.getByRole('button', { name: title, exact: true }).waitFor();
  if (await input.isVisible()) await input.press('Escape');
}

/** Until the PWA's worker controls the page, as it does for a person on every load after the first. */
async function workerInCharge(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/** Starts or stops the page's service worker (the browser stops an idle one) and tells whether it ran since. */
async function workerSwitch(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  let statuses: string[] = [];
  let woke = false;
  cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
    statuses = versions.map((version) => version.runningStatus);
    if (statuses.some((status) => status !== 'stopped')) woke = true;
  });
  await cdp.send('ServiceWorker.enable');
  return {
    async stop() {
      await cdp.send('ServiceWorker.stopAllWorkers');
      while (statuses.length === 0 || statuses.some((status) => status !== 'stopped')) await page.waitForTimeout(20);
      woke = false;
    },
    /** Wakes it as a file of the app's own does (the worker answers it from its cache). */
    async start() {
      await page.evaluate(`fetch('/manifest.webmanifest').then(() => undefined)`);
      for (let waited = 0; !statuses.includes('running'); waited += 20) {
        if (waited > 5000) throw new Error("A's service worker did not start for a file of the app's own");
        await page.waitForTimeout(20);
      }
    },
    get woke() {
      return woke;
    },
  };
}

/** Clicks A's check once; how long until B shows the change (the frame after it). */
async function clickOnce(a: Page, b: Page) {
  const done = (await a.getByRole('button', { name: `Mark "${TITLE}" complete`, pressed: true }).count()) === 0;
  // The check keeps its name; aria-pressed says whether the task is done.
  const wanted = `[aria-label='Mark "${TITLE}" complete'][aria-pressed='${done}']`;
  // A string, not a function: tsx's helpers (__name) do not exist in the page. timeOrigin + now is the epoch
  // on one clock for both pages.
  const seen = b.evaluate(`new Promise((resolveSeen, rejectSeen) => {
    // A figure or a reason, never a hang: a bench waiting on a name the app no longer shows waited forever.
    setTimeout(() => rejectSeen(new Error('device B did not show ' + ${JSON.stringify(wanted)} + ' within 10 s')), 10000);
    const check = () => {
      if (!document.querySelector(${JSON.stringify(wanted)})) return;
      observer.disconnect();
      const at = performance.timeOrigin + performance.now();
      requestAnimationFrame(() => setTimeout(() => resolveSeen(at), 0));
    };
    const observer = new MutationObserver(check);
    observer.observe(document.body, { subtree: true, attributes: true, childList: true, attributeFilter: ['aria-pressed', 'aria-label'] });
    check();
  })`) as Promise<number>;
  seen.catch(() => undefined); // awaited below; a rejection during the click must not count as unhandled
  await a.getByRole('button', { name: `Mark "${TITLE}" complete`, pressed: !done }).click();
  const seenAt = await seen;
  const latency = seenAt - ((await a.evaluate('window.__clickAt')) as number);
  // A pause longer than the upload window (150 ms): each click is a first edit after a quiet moment.
  await a.waitForTimeout(300);
  return latency;
}

function report(label: string, latencies: number[], note = '') {
  const sorted = [...latencies].sort((x, y) => x - y);
  console.log(
    `  live, ${label}: click on device A → card changed on device B: median ${ms(percentile(sorted, 50))}, p95 ${ms(percentile(sorted, 95))} (n=${sorted.length}${note}; load average ${loadavg()[0]!.toFixed(2)} on ${cpus().length} cores; target median ≤ 100 ms)`,
  );
}

/** A subscriber signed in on two devices (A, B) sharing one task; workers in charge of both pages, or blocked. */
async function openPair(browser: Browser, server: RunningServer, workers: 'allow' | 'block') {
  const email = `bench-live-${randomBytes(4).toString('hex')}@example.com`;
  const user = await signUp(server, email);
  await makeSubscriber(server, user, email);
  const devices: Device[] = [];
  for (let i = 0; i < 2; i++) {
    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1400, height: 900 }, serviceWorkers: workers });
    devices.push({ context, page: await context.newPage() });
  }
  const [a, b] = devices as [Device, Device];
  for (const { page } of devices) await signIn(page, email);
  if (workers === 'allow') for (const { page } of devices) await workerInCharge(page);
  await addTask(a.page, TITLE);
  await b.page.getByRole('button', { name: TITLE, exact: true }).waitFor({ timeout: 10_000 });
  await a.page.evaluate(`document.addEventListener('click', () => { window.__clickAt = performance.timeOrigin + performance.now(); }, true)`);
  const appendBodies: number[] = [];
  a.page.on('request', (request) => {
    if (request.url().includes('/rest/v1/rpc/append_task_events')) appendBodies.push(Buffer.byteLength(request.postData() ?? ''));
  });
  return { a, b, user, appendBodies, close: () => Promise.all(devices.map(({ context }) => context.close())) };
}

type Pair = Awaited<ReturnType<typeof openPair>>;

/**
 * The three rows in turns, one click of each per round, so each row meets the same load (on a shared machine
 * the load swings more between minutes than the rows differ): workers in charge (A's running), A's worker
 * stopped just before the click, workers blocked.
 */
async function rounds(inCharge: Pair, blocked: Pair, beside: string) {
  const worker = await workerSwitch(inCharge.a.page);
  const rows = { inCharge: [] as number[], stopped: [] as number[], blocked: [] as number[] };
  let woke = 0;
  for (let i = 0; i < SAMPLES; i++) {
    await worker.start();
    rows.inCharge.push(await clickOnce(inCharge.a.page, inCharge.b.page));
    await worker.stop();
    rows.stopped.push(await clickOnce(inCharge.a.page, inCharge.b.page));
    if (worker.woke) woke += 1;
    rows.blocked.push(await clickOnce(blocked.a.page, blocked.b.page));
  }
  report(`service workers in charge (A's running), beside: ${beside}`, rows.inCharge);
  report(`A's service worker stopped before each click, beside: ${beside}`, rows.stopped, `; the worker started during ${woke} of them`);
  report(`service workers blocked, beside: ${beside}`, rows.blocked);
}

/** `npm run build`'s work (tsc, then vite build into a scratch directory, not dist/) over and over until stopped. */
function startBuildLoop(): { stop: () => Promise<string> } {
  const outDir = mkdtempSync(join(tmpdir(), 'bench-build-'));
  const script = `while :; do node_modules/.bin/tsc -p tsconfig.json --noEmit && node_modules/.bin/vite build --logLevel silent --emptyOutDir --outDir "$0" && echo built || exit 1; done`;
  const child = spawn('sh', ['-c', script, outDir], { detached: true, stdio: ['ignore', 'pipe', 'inherit'] });
  const started = Date.now();
  let builds = 0;
  child.stdout.on('data', (chunk: Buffer) => (builds += chunk.toString().split('built').length - 1));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    async stop() {
      const failed = child.exitCode;
      // The whole group: the loop and the build it is running.
      if (failed === null) process.kill(-child.pid!, 'SIGTERM');
      await exited;
      rmSync(outDir, { recursive: true, force: true });
      // A loop that died early would label quiet figures as loaded: say so.
      if (failed !== null) return `the build loop FAILED (exit ${failed}): the last three figures ran without it`;
      return `the build loop ran ${((Date.now() - started) / 1000).toFixed(0)} s beside the last three rows (${builds} builds completed)`;
    },
  };
}

export async function benchLiveSync(server: RunningServer) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const inCharge = await openPair(browser, server, 'allow');
    const blocked = await openPair(browser, server, 'block');
    await rounds(inCharge, blocked, 'nothing');
    const builds = startBuildLoop();
    try {
      await rounds(inCharge, blocked, 'a build looping');
    } finally {
      console.log(`  (${await builds.stop()})`);
    }
    await blocked.close();
    const single = percentile([...inCharge.appendBodies].sort((x, y) => x - y), 50);
    // What the whole-list sync sent for the same edit: the list as JSON (5,000 tasks of this shape).
    const list = Array.from({ length: 5000 }, (_, i) => ({ id: `task-1780000000000-${i.toString(36).padStart(6, '0')}`, title: `Task ${i + 1}: review notes`, date: '2026-11-23', completed: false, createdAt: 1_780_000_000_000 + i, order: i }));
    console.log(`  bytes per edit on the wire: ${single.toLocaleString('en')} B request body (one event; the whole-list upload sent ${Buffer.byteLength(JSON.stringify({ tasks: list })).toLocaleString('en')} B at 5,000 tasks)`);
    await inCharge.b.page.close();
    await benchCatchUp(server, inCharge.user, inCharge.b.context);
  } finally {
    await browser.close();
  }
}
