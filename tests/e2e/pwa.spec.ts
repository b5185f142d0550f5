import { createHash } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { staticRoutes } from '../../server/static.ts';

// Installable and usable offline, in the real build: the manifest, the service worker's app shell,
// the API left to the network, and a new version that waits for the person's 'Reload'.

// The worker is what this file tests (the suite blocks it elsewhere: playwright.config.ts).
test.use({ serviceWorkers: 'allow' });
// A new browser context per test: a worker's install, its precache and its waiting update are what each test
// starts from nothing (support/test.ts wipes a shared tab, but a worker's unregistering waits on its clients).
test.use({ reuseContext: false });

const API_PATH = /^\/(?:auth\/v1|rest\/v1|functions\/v1|realtime\/v1|billing)(?:\/|$)|^\/config\.json$/;

/** Resolves once the service worker has precached the shell and controls the page. */
async function offlineReady(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated');
}

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Buffer): string {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

test('every page links the manifest, which names the app and has its icons (192, 512, maskable)', async ({ page, request }) => {
  for (const path of ['/', '/home', '/auth', '/no-such-page']) {
    await page.goto(path);
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
  }

  const response = await request.get('/manifest.webmanifest');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/^application\/manifest\+json/);
  const manifest = (await response.json()) as { icons: { src: string; sizes: string; type: string; purpose?: string }[] };
  expect(manifest).toMatchObject({
    name: 'Weekly Planner',
    short_name: 'Planner',
    start_url: '/',
    display: 'standalone',
    theme_color: '#4f46e5',
    background_color: '#f8fafc',
  });
  expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose ?? 'any'}`)).toEqual(
    expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']),
  );
  for (const icon of manifest.icons) {
    const image = await request.get(icon.src);
    expect(image.status(), icon.src).toBe(200);
    expect(image.headers()['content-type'], icon.src).toBe(icon.type);
    expect(pngSize(await image.body()), icon.src).toBe(icon.sizes);
  }

  // The worker script is revalidated on every check, or a new version could hide behind a cache.
  const worker = await request.get('/sw.js');
  expect(worker.status()).toBe(200);
  expect(worker.headers()['content-type']).toMatch(/javascript/);
  expect(worker.headers()['cache-control']).toMatch(/no-cache|no-store|max-age=0/);
});

test("Chromium finds the app installable (CDP's Page.getInstallabilityErrors is empty)", async ({ playwright, launchOptions, baseURL }) => {
  // Test contexts are off the record, where Chromium never offers installation: use a real profile.
  const profile = mkdtempSync(join(tmpdir(), 'planner-profile-'));
  const context = await playwright.chromium.launchPersistentContext(profile, { ...launchOptions, baseURL });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/');
    await offlineReady(page);
    const cdp = await context.newCDPSession(page);
    const manifest = await cdp.send('Page.getAppManifest');
    expect(manifest.errors).toEqual([]);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

test("after one visit the planner opens offline with the visitor's tasks, and they stay editable", async ({ page, context }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Add task to Some Day' }).click();
  await page.getByRole('textbox', { name: 'New task for Some Day' }).fill('Water the plants');
  await page.keyboard.press('Enter');
  const someDay = page.getByRole('region', { name: 'Some Day' });
  await expect(someDay.getByRole('listitem')).toHaveText(['Water the plants']);
  await offlineReady(page);

  await context.setOffline(true);
  await page.reload();
  await expect(someDay.getByRole('listitem')).toHaveText(['Water the plants']);

  await page.getByRole('button', { name: 'Add task to Some Day' }).click();
  await page.getByRole('textbox', { name: 'New task for Some Day' }).fill('Written offline');
  await page.keyboard.press('Enter');
  await someDay.getByRole('button', { name: 'Mark "Water the plants" complete' }).click();
  await expect(someDay.getByRole('listitem')).toHaveText(['Water the plants', 'Written offline']);
  // The lazily loaded parts (a dialog here) come from the cache too.
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'About' }).click();
  await expect(page.getByRole('dialog', { name: 'About Weekly Planner' })).toBeVisible();

  await page.reload();
  await expect(someDay.getByRole('listitem')).toHaveText(['Water the plants', 'Written offline']);
  await expect(someDay.getByRole('button', { name: 'Mark "Water the plants" complete', pressed: true })).toHaveAttribute('aria-pressed', 'true');
});

test('the landing page, sign-in and an unknown path open offline after one visit', async ({ page, context }) => {
  await page.goto('/');
  await offlineReady(page);
  await context.setOffline(true);

  await page.goto('/home');
  await expect(page.getByRole('heading', { level: 1, name: 'Plan Less. Achieve More.' })).toBeVisible();
  await page.goto('/auth');
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  await expect(page.getByPlaceholder('Enter your email')).toBeEditable();
  await page.goto('/somewhere/else');
  await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible();
});

test('the API is never answered or kept by the service worker', async ({ page, context }) => {
  await page.goto('/');
  await offlineReady(page);

  const apiResponses: { path: string; fromServiceWorker: boolean }[] = [];
  page.on('response', (response) => {
    const path = new URL(response.url()).pathname;
    if (API_PATH.test(path)) apiResponses.push({ path, fromServiceWorker: response.fromServiceWorker() });
  });
  // The sign-in page loads the client, which reads /config.json and asks auth for the session.
  await page.goto('/auth');
  await expect.poll(() => apiResponses.some((response) => response.path === '/config.json')).toBe(true);
  // A navigation to an API path reaches the server, not the app shell.
  const rest = await page.goto('/rest/v1/user_tasks');
  expect(rest?.fromServiceWorker()).toBe(false);
  expect(rest?.headers()['content-type']).toMatch(/json/);
  expect(apiResponses.filter((response) => response.fromServiceWorker)).toEqual([]);

  await page.goto('/');
  const cached = await page.evaluate(async () => {
    const paths: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) paths.push(new URL(request.url).pathname);
    }
    return paths;
  });
  expect(cached).toContain('/index.html');
  expect(cached.filter((path) => API_PATH.test(path))).toEqual([]);

  await context.setOffline(true);
  expect(await page.evaluate(() => fetch('/config.json').then(() => 'answered', () => 'failed'))).toBe('failed');
});

test('with the worker in charge, API requests skip it and go straight to the network', async ({ page }) => {
  await page.goto('/');
  await offlineReady(page);
  await page.reload();
  expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  // The planner fetches its dialogs' chunks in idle time (PlannerPage's HoverIconImages); once they are in, it
  // fetches nothing more of its own, so only this test's requests can wake a stopped worker below.
  await expect(page.locator('.icon-preload')).toBeAttached();
  await expect
    .poll(() => page.evaluate(() => performance.getEntriesByType('resource').filter((entry) => /\/(MoveTaskDialog|TaskDetailsWithChecklist)-[^/]*\.js$/.test(entry.name)).length))
    .toBe(2);
  // Their imports too: the count of resources stays put from one poll to the next.
  let seen = -1;
  await expect
    .poll(async () => {
      const before = seen;
      seen = await page.evaluate(() => performance.getEntriesByType('resource').length);
      return seen === before;
    })
    .toBe(true);

  // Playwright's route() sees only what the page sends to the network itself, never what a worker in charge
  // fetches for it: the static routes (public/sw-api-routes.js) are what let these through to it.
  const routed: string[] = [];
  await page.route((url) => API_PATH.test(url.pathname), (route) => {
    routed.push(new URL(route.request().url()).pathname);
    return route.fulfill({ status: 418, contentType: 'application/json', body: '{}' });
  });
  // Plain requests: Chromium 149 sends a keepalive one past route() (it reached the server, which answered 401),
  // 156 through it, worker or not. The app's keepalive writes are the stopped worker's check below.
  const statuses = await page.evaluate(() =>
    Promise.all([
      fetch('/rest/v1/rpc/append_task_events', { method: 'POST', body: '{}' }).then((res) => res.status),
      fetch('/auth/v1/user').then((res) => res.status),
      fetch('/functions/v1/check-subscription', { method: 'POST' }).then((res) => res.status),
      fetch('/config.json').then((res) => res.status),
    ]),
  );
  expect(statuses).toEqual([418, 418, 418, 418]);
  expect(routed.sort()).toEqual(['/auth/v1/user', '/config.json', '/functions/v1/check-subscription', '/rest/v1/rpc/append_task_events']);

  // A stopped worker is not woken by the API: the browser does not wait for it to start (static routes,
  // public/sw-api-routes.js), for the app's keepalive writes (src/lib/supabase.ts, an edit's upload) too. A file of
  // the app's own still wakes it and comes from its cache.
  const cdp = await page.context().newCDPSession(page);
  let running: string[] = [];
  cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
    running = versions.map((version) => version.runningStatus);
  });
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.stopAllWorkers');
  await expect.poll(() => running).toEqual(['stopped']);
  await page.unroute((url) => API_PATH.test(url.pathname));
  const answered = await page.evaluate(() =>
    Promise.all([
      fetch('/rest/v1/rpc/append_task_events', { method: 'POST', keepalive: true, body: '{}' }).then((res) => res.status),
      fetch('/auth/v1/settings').then((res) => res.status),
    ]),
  );
  expect(answered.every((status) => status >= 200 && status < 500)).toBe(true);
  expect(running).toEqual(['stopped']);
  expect(await page.evaluate(() => fetch('/manifest.webmanifest').then((res) => res.ok))).toBe(true);
  await expect.poll(() => running).toEqual(['running']);
});

test.describe('a new version', () => {
  // This test publishes a new build, so it serves a copy of dist/ with the server's own static routes.
  let root: string;
  let origin: string;
  let close: () => void;

  test.beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'planner-sw-'));
    cpSync('dist', root, { recursive: true });
    const server = serve({ fetch: staticRoutes(root).fetch, hostname: '127.0.0.1', port: 0 });
    await new Promise<void>((resolve) => server.once('listening', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => server.close();
  });

  test.afterAll(() => {
    close();
    rmSync(root, { recursive: true, force: true });
  });

  /** What a deploy does: a changed index.html, and a worker whose precache names its new revision. */
  function publishNewVersion() {
    const indexPath = join(root, 'index.html');
    const index = readFileSync(indexPath, 'utf8').replace('<head>', '<head>\n    <meta name="app-build" content="2" />');
    writeFileSync(indexPath, index);
    const revision = createHash('md5').update(index).digest('hex');
    const workerPath = join(root, 'sw.js');
    const worker = readFileSync(workerPath, 'utf8');
    const updated = worker.replace(/(url:"index\.html",revision:")[0-9a-f]+/, `$1${revision}`);
    expect(updated).not.toBe(worker);
    writeFileSync(workerPath, updated);
  }

  test('is announced with a prompt and swapped in only on Reload, in each open tab by its own choice', async ({ context }) => {
    const first = await context.newPage();
    await first.goto(`${origin}/`);
    await offlineReady(first);
    const second = await context.newPage();
    await second.goto(`${origin}/`);
    await offlineReady(second);
    for (const page of [first, second]) {
      await page.evaluate(() => {
        Object.assign(window, { sameDocument: true });
        navigator.serviceWorker.addEventListener('controllerchange', () => Object.assign(window, { controllerChanged: true }));
      });
    }
    // Someone is typing in the first tab when the new version arrives.
    await first.getByRole('button', { name: 'Add task to Some Day' }).click();
    await first.getByRole('textbox', { name: 'New task for Some Day' }).fill('Half-typed');

    publishNewVersion();
    await first.evaluate(async () => {
      await (await navigator.serviceWorker.getRegistration())?.update();
    });

    for (const page of [first, second]) {
      const prompt = page.getByRole('status').filter({ hasText: 'A new version is available' });
      await expect(prompt).toBeVisible();
      expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);
      await expect(page.locator('meta[name="app-build"]')).toHaveCount(0);
    }
    await expect(first.getByRole('textbox', { name: 'New task for Some Day' })).toHaveValue('Half-typed');
    const axe = await new AxeBuilder({ page: first }).include('[role="status"]').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).setLegacyMode().analyze();
    expect(axe.violations).toEqual([]);

    await first.getByRole('button', { name: 'Reload' }).click();
    await expect(first.locator('meta[name="app-build"]')).toHaveAttribute('content', '2');
    expect(await first.evaluate(() => 'sameDocument' in window)).toBe(false);
    await expect(first.getByText('A new version is available')).toHaveCount(0);

    // The other tab was not reloaded under its reader; its own prompt still brings the new version.
    await second.waitForFunction(() => 'controllerChanged' in window);
    await expect(second.getByText('A new version is available')).toBeVisible();
    expect(await second.evaluate(() => 'sameDocument' in window)).toBe(true);
    await second.getByRole('button', { name: 'Reload' }).click();
    await expect(second.locator('meta[name="app-build"]')).toHaveAttribute('content', '2');
    await expect(second.getByText('A new version is available')).toHaveCount(0);
  });
});
