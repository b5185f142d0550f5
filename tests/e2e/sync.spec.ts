import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { addTask, card, type Device, newDevice, signIn, subscribe } from './support/premium';

// Premium sync end to end: one subscriber on two browser contexts (two devices) against the real
// build and server. Edits show live on the other device, offline edits on both merge, concurrent
// adds and a delete against an offline rename converge, and a reload sends what was queued.

const email = `sync-${Date.now()}@example.com`;

async function rename(page: Page, from: string, to: string) {
  await card(page, from).click();
  const input = page.getByRole('textbox', { name: `Edit "${from}"` });
  await input.fill(to);
  await input.press('Enter');
  await expect(card(page, to)).toBeVisible();
}

/** The stored list's titles and orders for one day, as the device keeps them. */
const storedDay = (page: Page, date: string) =>
  page.evaluate((day) => {
    const tasks = JSON.parse(localStorage.getItem('weekly-planner-tasks') ?? '[]') as Array<{ title: string; date: string; order: number }>;
    return tasks
      .filter((task) => task.date === day)
      .sort((a, b) => a.order - b.order)
      .map((task) => `${task.order}:${task.title}`);
  }, date);

test.describe.configure({ mode: 'serial' });

let a: Device;
let b: Device;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  // A's requests are intercepted below; B runs as a person's browser would, its worker in charge.
  a = await newDevice(browser, { watched: true });
  b = await newDevice(browser);
  await subscribe(a.page, email);
  await signIn(b.page, email);
});

test.afterAll(async () => {
  await a?.context.close();
  await b?.context.close();
});

test('add, rename, complete, move and delete show on the other device without a reload', async () => {
  await addTask(a.page, 'Live one');
  await expect(card(b.page, 'Live one')).toBeVisible({ timeout: 5000 });
  await rename(a.page, 'Live one', 'Live renamed');
  await expect(card(b.page, 'Live renamed')).toBeVisible({ timeout: 5000 });
  await b.page.getByRole('button', { name: 'Mark "Live renamed" complete' }).click();
  await expect(a.page.getByRole('button', { name: 'Mark "Live renamed" complete', pressed: true })).toHaveAttribute('aria-pressed', 'true', { timeout: 5000 });
  // A keyboard drag to the next column on device A.
  // The day's heading, read on each device (element ids differ between devices).
  const dayRegionOf = (page: Page, title: string) =>
    card(page, title).evaluate((node) => {
      const region = node.closest('[aria-labelledby]');
      return region ? document.getElementById(region.getAttribute('aria-labelledby')!)?.textContent : null;
    });
  const before = await dayRegionOf(b.page, 'Live renamed');
  await a.page.getByRole('button', { name: 'Move task: Live renamed' }).focus();
  await a.page.keyboard.press('Space');
  await expect(a.page.getByRole('status').filter({ hasText: 'Picked up Live renamed' })).toBeAttached();
  for (let press = 0; press < 200 && (await dayRegionOf(a.page, 'Live renamed')) === before; press++) await a.page.keyboard.press('ArrowRight');
  await a.page.keyboard.press('Space');
  const moved = await dayRegionOf(a.page, 'Live renamed');
  expect(moved).not.toBe(before);
  await expect.poll(() => dayRegionOf(b.page, 'Live renamed'), { timeout: 5000 }).toBe(moved);
  await a.page.getByRole('button', { name: 'Delete "Live renamed"' }).click();
  await expect(card(b.page, 'Live renamed')).toBeHidden({ timeout: 5000 });
});

test('a device open since before another’s edit keeps both tasks when it edits', async () => {
  // B does not hear of A's add before its own (its socket is cut), yet nothing is replaced.
  await b.context.setOffline(true);
  await addTask(a.page, 'Stale A');
  await addTask(b.page, 'Stale B');
  await b.context.setOffline(false);
  for (const page of [a.page, b.page]) {
    await expect(card(page, 'Stale A')).toBeVisible({ timeout: 15_000 });
    await expect(card(page, 'Stale B')).toBeVisible({ timeout: 15_000 });
  }
});

test('offline edits on both devices merge when they come back', async () => {
  await addTask(a.page, 'Shared');
  await expect(card(b.page, 'Shared')).toBeVisible({ timeout: 5000 });
  await a.context.setOffline(true);
  await b.context.setOffline(true);
  await rename(a.page, 'Shared', 'Shared, renamed on A');
  await b.page.getByRole('button', { name: 'Mark "Shared" complete' }).click();
  await addTask(b.page, 'New on B');
  await a.context.setOffline(false);
  await b.context.setOffline(false);
  for (const page of [a.page, b.page]) {
    await expect(page.getByRole('button', { name: 'Mark "Shared, renamed on A" complete', pressed: true })).toBeVisible({ timeout: 15_000 });
    await expect(card(page, 'New on B')).toBeVisible({ timeout: 15_000 });
  }
});

/** Adds through Some Day's own input, which another device's adds never get in the way of. */
async function addToSomeDay(page: Page, title: string) {
  await page.getByRole('button', { name: 'Add task to Some Day' }).click();
  await page.getByRole('textbox', { name: 'New task for Some Day' }).fill(title);
  await page.keyboard.press('Enter');
  await expect(card(page, title)).toBeVisible();
}

test('four concurrent adds to one day converge, numbered 0..n-1 the same way on both', async () => {
  await Promise.all([
    (async () => {
      await addToSomeDay(a.page, 'Concurrent A1');
      await addToSomeDay(a.page, 'Concurrent A2');
    })(),
    (async () => {
      await addToSomeDay(b.page, 'Concurrent B1');
      await addToSomeDay(b.page, 'Concurrent B2');
    })(),
  ]);
  for (const page of [a.page, b.page]) for (const title of ['Concurrent A1', 'Concurrent A2', 'Concurrent B1', 'Concurrent B2']) await expect(card(page, title)).toBeVisible({ timeout: 10_000 });
  const both = async () => {
    const [onA, onB] = [await storedDay(a.page, 'someday'), await storedDay(b.page, 'someday')];
    return onA.length === 4 && JSON.stringify(onA) === JSON.stringify(onB);
  };
  await expect.poll(both, { timeout: 10_000 }).toBe(true);
  const day = await storedDay(a.page, 'someday');
  expect(day).toHaveLength(4);
  expect(day.map((entry) => Number(entry.split(':')[0]))).toEqual(day.map((_, i) => i));
});

test('a delete against an offline rename converges on deleted', async () => {
  await addTask(a.page, 'Doomed');
  await expect(card(b.page, 'Doomed')).toBeVisible({ timeout: 5000 });
  await b.context.setOffline(true);
  await rename(b.page, 'Doomed', 'Doomed, renamed offline');
  await a.page.getByRole('button', { name: 'Delete "Doomed"' }).click();
  await b.context.setOffline(false);
  await expect(card(b.page, 'Doomed, renamed offline')).toBeHidden({ timeout: 15_000 });
  await expect(card(a.page, 'Doomed, renamed offline')).toBeHidden();
});

test('a reload with unsent events sends them', async () => {
  await a.page.route('**/rest/v1/rpc/append_task_events', (route) => route.abort());
  await addTask(a.page, 'Queued before reload');
  await a.page.unroute('**/rest/v1/rpc/append_task_events');
  await a.page.reload();
  await expect(card(a.page, 'Queued before reload')).toBeVisible();
  await expect(card(b.page, 'Queued before reload')).toBeVisible({ timeout: 15_000 });
});

test('after an outage longer than the backoff, edits reach the other device within 2 s of the way back', async ({ browser }) => {
  // A third device of the same user, whose clock the test runs: 45 s of outage take moments, not 45 s of waiting.
  // Time flows as usual otherwise (clock.install), so it signs in and syncs like the others.
  const c = await newDevice(browser, { watched: true });
  try {
    await c.context.clock.install();
    await signIn(c.page, email);
    await addTask(c.page, 'Before the outage');
    await expect(card(b.page, 'Before the outage')).toBeVisible({ timeout: 5000 });
    const tries: number[] = [];
    c.page.on('requestfailed', (request) => {
      if (request.method() === 'POST' && request.url().includes('/rest/v1/rpc/append_task_events')) tries.push(Date.now());
    });
    await c.context.setOffline(true);
    await addTask(c.page, 'Made during the outage');
    // 45 s without the server, a second at a time: C's retries back off to their 30 s ceiling (1, 2, 4, 8, 16, 30 s).
    for (let second = 0; second < 45; second++) await c.page.clock.runFor(1000);
    // The first try and its retries at 1, 3, 7, 15 and 31 s, the next one not due before 61 s: six, or fewer when
    // a failure took a few of the test's seconds to come back (the next wait starts from it). Not a retry a second.
    expect(tries.length).toBeGreaterThanOrEqual(4);
    expect(tries.length).toBeLessThanOrEqual(6);
    await c.context.setOffline(false);
    const back = Date.now();
    await expect(card(b.page, 'Made during the outage')).toBeVisible({ timeout: 2000 });
    test.info().annotations.push({ type: 'after a 45 s outage, on the other device', description: `${Date.now() - back} ms after the way back` });
  } finally {
    await c.context.close();
  }
});
