import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { card, dialog, newDevice, signIn, subscribe, type Device } from './support/premium';
import { storedTasks, type StoredTask } from './support/stored';

// Undo, import and rollover for a subscriber on two devices (two browser contexts) against the real
// build and server: each is ordinary events, so it shows on the other device like any edit; each
// device's history is its own; two devices rolling over the same tasks move each of them once.

const email = `power-${Date.now()}@example.com`;

/** One day's titles in order, as the device keeps them. */
const storedDay = async (page: Page, date: string) =>
  (await storedTasks(page))
    .filter((task) => task.date === date)
    .sort((a, b) => a.order - b.order)
    .map((task) => task.title);

const dayKey = (daysFromToday: number) => {
  const day = new Date();
  day.setDate(day.getDate() + daysFromToday);
  return `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
};

async function openSettings(page: Page) {
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  await expect(dialog(page, 'Settings')).toBeVisible();
  return dialog(page, 'Settings');
}

const pressOnPage = async (page: Page, keys: string) => {
  await page.locator('body').focus();
  await page.keyboard.press(keys);
};

test.describe.configure({ mode: 'serial' });

let a: Device;
let b: Device;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  a = await newDevice(browser);
  b = await newDevice(browser);
  await subscribe(a.page, email);
  await signIn(b.page, email);
});

test.afterAll(async () => {
  await a?.context.close();
  await b?.context.close();
});

/** '+' adds 'New task' to today and opens its title for typing; Escape leaves it as it is. */
async function addNewTask(page: Page) {
  await page.getByRole('button', { name: 'Add task for today' }).click();
  const input = page.getByRole('textbox', { name: 'Edit "New task"' });
  await expect(input).toBeFocused();
  await input.press('Escape');
  await expect(card(page, 'New task')).toBeVisible();
}

test("an undo and a redo on one device show on the other; the other device's history is its own", async () => {
  const today = dayKey(0);
  await addNewTask(a.page);
  await expect(card(b.page, 'New task')).toBeVisible({ timeout: 5000 });
  await card(a.page, 'New task').hover();
  await a.page.getByRole('button', { name: 'Delete "New task"' }).click();
  await expect(card(b.page, 'New task')).toHaveCount(0, { timeout: 5000 });

  await pressOnPage(a.page, 'Control+z');
  await expect(card(b.page, 'New task')).toBeVisible({ timeout: 5000 });
  // B made no change: nothing to undo there, and its keys do not undo A's edits.
  await expect(b.page.getByRole('button', { name: 'Undo' })).toBeDisabled();
  await pressOnPage(b.page, 'Control+z');
  await pressOnPage(a.page, 'Control+Shift+z');
  await expect(card(b.page, 'New task')).toHaveCount(0, { timeout: 5000 });
  await expect.poll(() => storedDay(b.page, today)).toEqual([]);
});

test('an imported backup shows on the other device, and its undo too', async () => {
  const backup: StoredTask[] = [
    { id: 'task-1764000000001-imp1', title: 'Imported one', date: 'someday', completed: false, createdAt: 1764000000001, order: 0 },
    { id: 'task-1764000000002-imp2', title: 'Imported two', date: 'someday', completed: true, createdAt: 1764000000002, order: 1 },
  ];
  const settings = await openSettings(a.page);
  const chooser = a.page.waitForEvent('filechooser');
  await settings.getByRole('button', { name: 'Import' }).click();
  await (await chooser).setFiles({ name: 'backup.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(backup)) });
  await settings.getByRole('button', { name: 'Merge' }).click();
  await settings.getByRole('button', { name: 'Close' }).click();
  await expect.poll(() => storedDay(b.page, 'someday'), { timeout: 5000 }).toEqual(['Imported one', 'Imported two']);
  await pressOnPage(a.page, 'Control+z');
  await expect.poll(() => storedDay(b.page, 'someday'), { timeout: 5000 }).toEqual([]);
});

test('rollover on two devices moves each unfinished past task once, to the end of today', async () => {
  const today = dayKey(0);
  const past: StoredTask[] = [
    { id: 'task-1764000000010-old', title: 'Two days ago', date: dayKey(-2), completed: false, createdAt: 1764000000010, order: 0 },
    { id: 'task-1764000000011-yes', title: 'Yesterday', date: dayKey(-1), completed: false, createdAt: 1764000000011, order: 0 },
    { id: 'task-1764000000012-don', title: 'Done yesterday', date: dayKey(-1), completed: true, createdAt: 1764000000012, order: 1 },
  ];
  const settings = await openSettings(a.page);
  const chooser = a.page.waitForEvent('filechooser');
  await settings.getByRole('button', { name: 'Import' }).click();
  await (await chooser).setFiles({ name: 'backup.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(past)) });
  await settings.getByRole('button', { name: 'Merge' }).click();
  await expect.poll(() => storedDay(b.page, dayKey(-1)), { timeout: 5000 }).toEqual(['Yesterday', 'Done yesterday']);

  // B rolls over while offline: its event waits in its outbox.
  await b.context.setOffline(true);
  const bSettings = await openSettings(b.page);
  await bSettings.getByRole('switch', { name: 'Move unfinished tasks to today' }).click();
  await expect.poll(() => storedDay(b.page, today)).toEqual(['Two days ago', 'Yesterday']);

  // A rolls over too, then adds a task at the end of today.
  await settings.getByRole('switch', { name: 'Move unfinished tasks to today' }).click();
  await settings.getByRole('button', { name: 'Close' }).click();
  await addNewTask(a.page);
  await expect.poll(() => storedDay(a.page, today)).toEqual(['Two days ago', 'Yesterday', 'New task']);

  // B's rollover reaches the log after A's: the tasks were already moved, so nothing moves again.
  await b.context.setOffline(false);
  await b.page.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect.poll(() => storedDay(b.page, today), { timeout: 10_000 }).toEqual(['Two days ago', 'Yesterday', 'New task']);
  await a.page.waitForTimeout(1500);
  expect(await storedDay(a.page, today)).toEqual(['Two days ago', 'Yesterday', 'New task']);
  expect(await storedDay(a.page, dayKey(-1))).toEqual(['Done yesterday']);
  await bSettings.getByRole('button', { name: 'Close' }).click();
});
