// The cloud-sync half of `npm run bench` (docs/sync.md): the event log measured as people and servers meet it.
// - Live sync: one subscriber on two browser contexts (two devices) in Debian's Chromium against the real build
//   and server on PGlite; a click on device A (completing a task) to the card changing on device B, median and p95.
// - Bytes on the wire for one edit: the append request's body (one event), next to what the old whole-list
//   upload sent for the same edit with 5,000 tasks.
// - Catch-up: device B closed, 10,000 events appended meanwhile by another device; B opened again until it
//   shows the last of them (from navigation, and from its first catch-up read).
// - Appends per second: 50 concurrent subscribers, batches of 10 events, load from a separate process
//   (bench/server-load.mjs), on PGlite and (with BENCH_DATABASE_URL or TEST_DATABASE_URL) on PostgreSQL.
// Prints figures, asserts nothing.
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, type RunningServer } from '../server/app.ts';
import { NO_LIMITS, onFreshDatabase, runLoad } from './server.ts';

const LIVE_SAMPLES = Number(process.env.BENCH_SYNC_SAMPLES ?? 30);
const BEHIND = 10_000;
const CLIENTS = 50;
const BATCH = 10;
const PASSWORD = 'bench-password-1';


const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
const ms = (value: number) => `${value.toFixed(0)} ms`;

interface Session {
  id: string;
  token: string;
}

async function signUp(server: RunningServer, email: string): Promise<Session> {
  const res = await fetch(`${server.url}/auth/v1/signup`, {
    method: 'POST',
    headers: { apikey: server.ctx.config.anonKey, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  const body = (await res.json()) as { access_token: string; user: { id: string } };
  if (!res.ok) throw new Error(`sign-up failed: ${JSON.stringify(body)}`);
  return { id: body.user.id, token: body.access_token };
}

/** Bench set-up only: a year of Premium written as the billing webhook would (the append path itself is measured as is). */
async function makeSubscriber(server: RunningServer, user: Session, email: string) {
  await server.ctx.db.query(
    `insert into public.subscribers (user_id, email, subscribed, subscription_tier, subscription_end)
     values ($1, $2, true, 'monthly', now() + interval '1 year')
     on conflict (user_id) do update set subscribed = true, subscription_end = excluded.subscription_end`,
    [user.id, email],
  );
}

async function append(server: RunningServer, user: Session, clientId: string, events: Array<{ client_seq: number; event: unknown }>) {
  const res = await fetch(`${server.url}/rest/v1/rpc/append_task_events`, {
    method: 'POST',
    headers: { apikey: server.ctx.config.anonKey, authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ p_client_id: clientId, p_events: events }),
  });
  if (!res.ok) throw new Error(`append failed: ${res.status} ${await res.text()}`);
}

async function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
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

/**
 * Live sync with the PWA's worker in charge of both pages ('allow', as people use the app) or blocked; the
 * catch-up and bytes figures once, with the first.
 */
async function benchLive(browser: Browser, server: RunningServer, workers: 'allow' | 'block', catchUp: boolean) {
  const email = `bench-live-${randomBytes(4).toString('hex')}@example.com`;
  const user = await signUp(server, email);
  await makeSubscriber(server, user, email);
  const devices: Array<{ context: BrowserContext; page: Page }> = [];
  for (let i = 0; i < 2; i++) {
    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1400, height: 900 }, serviceWorkers: workers });
    devices.push({ context, page: await context.newPage() });
  }
  const [a, b] = devices as [(typeof devices)[0], (typeof devices)[0]];
  try {
    for (const { page } of devices) await signIn(page, email);
    if (workers === 'allow') for (const { page } of devices) await workerInCharge(page);
    const title = 'Measured task';
    await addTask(a.page, title);
    await b.page.getByRole('button', { name: title, exact: true }).waitFor({ timeout: 10_000 });

    // Device A: when the click happened; device B: the frame after the card changed (timeOrigin + now is
    // the epoch on one clock for both pages).
    await a.page.evaluate(`document.addEventListener('click', () => { window.__clickAt = performance.timeOrigin + performance.now(); }, true)`);
    const appendBodies: number[] = [];
    a.page.on('request', (request) => {
      if (request.url().includes('/rest/v1/rpc/append_task_events')) appendBodies.push(Buffer.byteLength(request.postData() ?? ''));
    });
    const latencies: number[] = [];
    for (let i = 0; i < LIVE_SAMPLES; i++) {
      const done = i % 2 === 0;
      // The check keeps its name; aria-pressed says whether the task is done.
      const wanted = `[aria-label='Mark "${title}" complete'][aria-pressed='${done}']`;
      // A string, not a function: tsx's helpers (__name) do not exist in the page.
      const seen = b.page.evaluate(`new Promise((resolveSeen, rejectSeen) => {
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
      await a.page.getByRole('button', { name: `Mark "${title}" complete`, pressed: !done }).click();
      const seenAt = await seen;
      const clickAt = (await a.page.evaluate('window.__clickAt')) as number;
      latencies.push(seenAt - clickAt);
      // A pause longer than the upload window (150 ms): each click is a first edit after a quiet moment.
      await a.page.waitForTimeout(300);
    }
    latencies.sort((x, y) => x - y);
    const label = workers === 'allow' ? 'service workers in charge' : 'service workers blocked';
    console.log(`  live (${label}): click on device A → card changed on device B: median ${ms(percentile(latencies, 50))}, p95 ${ms(percentile(latencies, 95))} (n=${latencies.length}; load average ${loadavg()[0]!.toFixed(2)} on ${cpus().length} cores; target median ≤ 100 ms)`);
    if (!catchUp) return;
    const single = percentile([...appendBodies].sort((x, y) => x - y), 50);
    // What the whole-list sync sent for the same edit: the list as JSON (5,000 tasks of this shape).
    const list = Array.from({ length: 5000 }, (_, i) => ({ id: `task-1780000000000-${i.toString(36).padStart(6, '0')}`, title: `Task ${i + 1}: review notes`, date: '2026-11-23', completed: false, createdAt: 1_780_000_000_000 + i, order: i }));
    console.log(`  bytes per edit on the wire: ${single.toLocaleString('en')} B request body (one event; the whole-list upload sent ${Buffer.byteLength(JSON.stringify({ tasks: list })).toLocaleString('en')} B at 5,000 tasks)`);

    // Catch-up: B closes; another device appends 10,000 events; B opens again.
    await b.page.close();
    const clientId = `bench-${randomBytes(4).toString('hex')}`;
    const day = new Date();
    const today = `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
    const adds = 2000;
    const events = Array.from({ length: BEHIND }, (_, i) => {
      const id = `task-${1_790_000_000_000 + (i % adds)}-bench${(i % adds).toString(36)}`;
      if (i < adds) return { type: 'tasks/taskAdded', payload: { id, title: `Caught up ${i}`, date: i % 2 ? today : 'someday', createdAt: 1_790_000_000_000 + i } };
      if (i === BEHIND - 1) return { type: 'tasks/taskRenamed', payload: { id, title: 'The last of ten thousand' } };
      return i % 2
        ? { type: 'tasks/taskRenamed', payload: { id, title: `Caught up ${i}` } }
        : { type: 'tasks/taskCompletionSet', payload: { id, completed: i % 4 === 0 } };
    });
    for (let start = 0; start < BEHIND; start += 500) {
      await append(server, user, clientId, events.slice(start, start + 500).map((event, k) => ({ client_seq: start + k + 1, event })));
    }
    const page = await b.context.newPage();
    let firstRead = 0;
    page.on('request', (request) => {
      if (!firstRead && request.url().includes('/rest/v1/task_events')) firstRead = Date.now();
    });
    const opened = Date.now();
    await page.goto('/');
    // Checked each frame with textContent: a role query over thousands of cards would itself cost seconds here.
    // A function, not a string: the app's CSP forbids the eval a string predicate needs.
    await page.waitForFunction(() => document.body.textContent?.includes('The last of ten thousand'), undefined, { polling: 'raf', timeout: 60_000 });
    const shown = Date.now();
    console.log(
      `  catch-up: a device ${BEHIND.toLocaleString('en')} events behind is current ${ms(shown - opened)} after navigation, ${firstRead ? ms(shown - firstRead) : 'n/a'} after its first log read (target ≤ 1 s)`,
    );
  } finally {
    for (const { context } of devices) await context.close();
  }
}

async function benchAppends(name: string, server: RunningServer, target: number) {
  const users = [];
  for (let i = 0; i < CLIENTS; i++) {
    const email = `bench-append-${i}-${randomBytes(4).toString('hex')}@example.com`;
    const user = await signUp(server, email);
    await makeSubscriber(server, user, email);
    users.push({ ...user, email, password: PASSWORD });
  }
  const result = await runLoad(server, users, { kind: 'append', batch: BATCH, concurrency: users.length });
  const f = (v: number | null) => (v === null ? 'n/a' : `${v.toFixed(1)} ms`);
  console.log(
    `  appends on ${name}: ${(result.perSecond * BATCH).toFixed(0)} events/s (${CLIENTS} subscribers, batches of ${BATCH}; batch median ${f(result.median)}, p99 ${f(result.p99)}; ${result.count} batches${result.errors ? `, ${result.errors} FAILED` : ''}; target ≥ ${target})`,
  );
}

export async function benchSync(): Promise<void> {
  console.log(`Cloud sync through the event log: loopback, ${cpus().length} CPUs`);
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-sync-'));
  // The bench signs up and signs in many users from one address: the per-address limits are for people.
  const common = { port: 0, host: '127.0.0.1', env: {}, rateLimits: NO_LIMITS, jwtSecret: randomBytes(32).toString('hex') };
  try {
    if (existsSync('dist/index.html')) {
      const server = await startServer({ ...common, dataDir: join(dataDir, 'live'), staticDir: 'dist' });
      const browser = await launch();
      try {
        await benchLive(browser, server, 'allow', true);
        await benchLive(browser, server, 'block', false);
      } finally {
        await browser.close();
        await server.close();
      }
    } else {
      console.log('  live sync and catch-up: skipped (no build: run `npx vite build` first)');
    }
    const pglite = await startServer({ ...common, dataDir: join(dataDir, 'pglite'), staticDir: join(dataDir, 'none') });
    try {
      await benchAppends('PGlite', pglite, 300);
    } finally {
      await pglite.close();
    }
    const adminUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
    if (adminUrl) {
      await onFreshDatabase(adminUrl, async (databaseUrl) => {
        const server = await startServer({ ...common, dataDir: join(dataDir, 'postgres'), databaseUrl, staticDir: join(dataDir, 'none') });
        try {
          await benchAppends('PostgreSQL', server, 1000);
        } finally {
          await server.close();
        }
      });
    } else {
      console.log('  appends on PostgreSQL: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL)');
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1]?.endsWith('bench/sync.ts')) await benchSync();
