import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { card, newDevice, signIn, subscribe } from './support/premium';

// Two real tabs of one browser (one context, two pages) as a visitor: each tab's edits show in the
// other at once, and storage keeps the merge, so a reload of both keeps every task.

const TODAY = new Date(2026, 10, 25, 10, 0);
const column = (page: Page, name: string) => page.getByRole('region', { name });

async function add(page: Page, day: string, title: string) {
  await page.getByRole('button', { name: `Add task to ${day}` }).click();
  await page.getByRole('textbox', { name: `New task for ${day}` }).fill(title);
  await page.keyboard.press('Enter');
}

// The test's own tab is the first of the two: the worker keeps it from test to test (support/test.ts), and a new
// tab costs Chromium's browser process about 1 CPU-s.
test('two visitor tabs: each shows the other\'s edits, and a reload of both keeps both tasks', async ({ context, page: first }) => {
  const [a, b] = [first, await context.newPage()];
  for (const page of [a, b]) {
    await page.clock.setFixedTime(TODAY);
    await page.goto('/');
    await expect(page.getByText('No tasks yet')).toHaveCount(8);
  }

  await add(a, 'Mon 23 Nov', 'Dentist');
  await expect(column(b, 'Mon 23 Nov').getByRole('listitem')).toHaveText(['Dentist'], { timeout: 1000 });
  await add(b, 'Tue 24 Nov', 'Groceries');
  await expect(column(a, 'Tue 24 Nov').getByRole('listitem')).toHaveText(['Groceries'], { timeout: 1000 });

  // An edit in one tab shows in the other.
  await b.getByRole('button', { name: 'Mark "Dentist" complete' }).click();
  await expect(a.getByRole('button', { name: 'Mark "Dentist" complete' })).toHaveAttribute('aria-pressed', 'true', { timeout: 1000 });

  // Storage holds the merge: both tasks, the completion included, whichever tab wrote last.
  await expect
    .poll(() => a.evaluate(() => (JSON.parse(localStorage.getItem('weekly-planner-tasks') ?? '[]') as Array<{ title: string }>).map((t) => t.title).sort()))
    .toEqual(['Dentist', 'Groceries']);
  await Promise.all([a.reload(), b.reload()]);
  for (const page of [a, b]) {
    await expect(column(page, 'Mon 23 Nov').getByRole('listitem')).toHaveText(['Dentist']);
    await expect(column(page, 'Tue 24 Nov').getByRole('listitem')).toHaveText(['Groceries']);
    await expect(page.getByRole('button', { name: 'Mark "Dentist" complete' })).toHaveAttribute('aria-pressed', 'true');
  }
});

test('two tabs without a channel between them still merge through storage', async ({ context, page: first }) => {
  // No BroadcastChannel: the storage event alone must bring the other tab's edit, and no write loses one.
  await context.addInitScript(() => {
    delete (globalThis as { BroadcastChannel?: unknown }).BroadcastChannel;
  });
  const [a, b] = [first, await context.newPage()];
  for (const page of [a, b]) {
    await page.clock.setFixedTime(TODAY);
    await page.goto('/');
    await expect(page.getByText('No tasks yet')).toHaveCount(8);
  }
  await add(a, 'Mon 23 Nov', 'Dentist');
  await add(b, 'Tue 24 Nov', 'Groceries');
  for (const page of [a, b]) {
    await expect(column(page, 'Mon 23 Nov').getByRole('listitem')).toHaveText(['Dentist']);
    await expect(column(page, 'Tue 24 Nov').getByRole('listitem')).toHaveText(['Groceries']);
  }
  await Promise.all([a.reload(), b.reload()]);
  for (const page of [a, b]) {
    await expect(column(page, 'Mon 23 Nov').getByRole('listitem')).toHaveText(['Dentist']);
    await expect(column(page, 'Tue 24 Nov').getByRole('listitem')).toHaveText(['Groceries']);
  }
});

test('two tabs of a subscriber show each other\'s edits offline, and the log gets both once back online', async ({ browser }) => {
  const device = await newDevice(browser);
  const a = device.page;
  const email = `tabs-${Date.now()}@example.com`;
  await subscribe(a, email);
  const b = await device.context.newPage();
  await b.goto('/');
  // Both tabs syncing: B knows it is a subscriber, and then a task of A reaches it (a syncing tab takes its
  // list from the log, not from storage, so B has its log loaded).
  await b.getByRole('button', { name: 'User menu' }).click();
  await expect(b.getByRole('menuitem', { name: 'Billing' })).toBeVisible();
  await b.keyboard.press('Escape');
  await add(a, 'Some Day', 'Warm-up');
  await expect(card(b, 'Warm-up')).toBeVisible();

  // Offline: no server between the tabs, only the browser.
  await device.context.setOffline(true);
  await add(a, 'Some Day', 'Dentist');
  await expect(card(b, 'Dentist')).toBeVisible({ timeout: 1000 });
  await b.getByRole('button', { name: 'Mark "Dentist" complete' }).click();
  await expect(a.getByRole('button', { name: 'Mark "Dentist" complete' })).toHaveAttribute('aria-pressed', 'true', { timeout: 1000 });

  await device.context.setOffline(false);
  const other = await newDevice(browser);
  await signIn(other.page, email);
  await other.page.goto('/');
  await expect(card(other.page, 'Dentist')).toBeVisible();
  await expect(other.page.getByRole('button', { name: 'Mark "Dentist" complete' })).toHaveAttribute('aria-pressed', 'true');
  await Promise.all([a.reload(), b.reload()]);
  for (const page of [a, b]) await expect(page.getByRole('button', { name: 'Mark "Dentist" complete' })).toHaveAttribute('aria-pressed', 'true');
  await other.context.close();
  await device.context.close();
});
