import { test as base, type BrowserContext } from '@playwright/test';

/**
 * The browser tests' `test`: a worker keeps one browser context and its tab from test to test, wiped between them,
 * instead of a new context and tab per test. Chromium's browser process spends about 1 CPU-s creating a tab (a
 * new context or a new page in an old one costs the same), before the page loads anything; the suite has ~150
 * tests that take `page` or `context`.
 *
 * Playwright's own reuse (`reuseContext`, the mode its editor integrations use) does the wipe before each test:
 * the tab goes to about:blank and every other tab closes; cookies, the HTTP cache, localStorage, sessionStorage,
 * IndexedDB and OPFS of every origin the context visited are emptied and service workers unregistered; the clock,
 * init scripts, routes, exposed functions, the viewport, emulated media, user agent and extra headers are undone.
 * A context made with other options (isMobile, hasTouch, serviceWorkers, locale…) is not reused: a new one is made.
 * What that leaves, this fixture wipes after each test: the app's origin's Cache Storage (and everything else
 * `Storage.clearDataForOrigin` knows), permissions, and offline mode. `reuse.spec.ts` fails on a leak.
 *
 * A file that needs a fresh browser context per test says `test.use({ reuseContext: false })` (its tests then run
 * in workers of their own). Tests that open their own contexts (`browser.newContext()`: two devices, a throttled
 * first load) are not affected. `E2E_REUSE_CONTEXT=0` turns reuse off for a run: a test that passes only then has
 * found a leak.
 */
export const test = base.extend({
  reuseContext: [process.env.E2E_REUSE_CONTEXT !== '0', { scope: 'worker' }],
  context: async ({ context, reuseContext, baseURL }, run) => {
    await run(context);
    if (reuseContext) await wipeTheRest(context, baseURL);
  },
});

async function wipeTheRest(context: BrowserContext, baseURL: string | undefined): Promise<void> {
  await context.setOffline(false);
  await context.clearPermissions();
  const page = context.pages()[0];
  if (!page || !baseURL) return;
  const cdp = await context.newCDPSession(page);
  try {
    await cdp.send('Storage.clearDataForOrigin', { origin: new URL(baseURL).origin, storageTypes: 'all' });
  } finally {
    await cdp.detach();
  }
}

export { expect } from '@playwright/test';
