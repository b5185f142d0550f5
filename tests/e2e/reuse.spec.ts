import type { Page } from '@playwright/test';
import { expect, test } from './support/test';

// A worker's tests share one browser tab (support/test.ts): whatever a test leaves behind must be gone when the
// next one starts. The first test leaves everything it can; the second, in the same tab, must find none of it.
// Serial: the second runs right after the first, in the same worker.
test.describe.configure({ mode: 'serial' });

// A plain file of the app's origin: a document that runs none of the app, which writes storage of its own.
const PLAIN = '/print.css';
const NOW = Date.now();
let tab: string | undefined;

async function targetId(page: Page): Promise<string> {
  const cdp = await page.context().newCDPSession(page);
  try {
    return (await cdp.send('Target.getTargetInfo')).targetInfo.targetId;
  } finally {
    await cdp.detach();
  }
}

test('a test leaves storage, cookies, caches, a clock, an init script, a permission and offline mode behind', async ({ page, context, reuseContext }) => {
  test.skip(!reuseContext, 'reuse is off (E2E_REUSE_CONTEXT=0)');
  tab = await targetId(page);
  await page.goto(PLAIN);
  await page.evaluate(async () => {
    localStorage.setItem('leak', '1');
    sessionStorage.setItem('leak', '1');
    document.cookie = 'leak=1; max-age=3600; path=/';
    await new Promise((resolve, reject) => {
      const open = indexedDB.open('leak');
      open.onupgradeneeded = () => open.result.createObjectStore('store');
      open.onsuccess = () => resolve(open.result.close());
      open.onerror = () => reject(open.error);
    });
    await (await caches.open('leak')).put('/leak', new Response('1'));
  });
  await context.grantPermissions(['geolocation']);
  await page.clock.setFixedTime(new Date(2001, 0, 1));
  await page.addInitScript(() => Object.assign(window, { leak: true }));
  await context.setOffline(true);
});

test('the next test in the same tab finds none of it', async ({ page, reuseContext }) => {
  test.skip(!reuseContext, 'reuse is off (E2E_REUSE_CONTEXT=0)');
  // The same tab as the test before, or this test would prove nothing.
  expect(await targetId(page)).toBe(tab);
  await page.goto(PLAIN); // offline, this fails
  const found = await page.evaluate(async () => ({
    localStorage: localStorage.length,
    sessionStorage: sessionStorage.length,
    cookie: document.cookie,
    indexedDB: (await indexedDB.databases()).map((db) => db.name),
    caches: await caches.keys(),
    geolocation: (await navigator.permissions.query({ name: 'geolocation' })).state,
    initScript: 'leak' in window,
    now: Date.now(),
  }));
  expect(found).toEqual({
    localStorage: 0,
    sessionStorage: 0,
    cookie: '',
    indexedDB: [],
    caches: [],
    geolocation: 'prompt',
    initScript: false,
    now: expect.any(Number),
  });
  // The real clock, not the one fixed in 2001.
  expect(Math.abs(found.now - NOW)).toBeLessThan(10 * 60_000);
});
