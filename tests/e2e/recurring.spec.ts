import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { readFile } from 'node:fs/promises';
import { newDevice, signIn, subscribe } from './support/premium';

// Recurring tasks (issue 30) in the real build on the real server: typed phrases, the repeat mark, skipping one
// occurrence, undo, and the series kept across a reload under their own key. The clock is fixed to Wednesday
// 25 November 2026 (timers still run).

const TODAY = new Date(2026, 10, 25, 10, 0);

test.beforeEach(async ({ page }) => {
  await page.clock.setFixedTime(TODAY);
});

const column = (page: Page, name: string) => page.getByRole('region', { name });

async function add(page: Page, day: string, text: string) {
  const field = page.getByRole('textbox', { name: `New task for ${day}` });
  if (!(await field.isVisible())) await page.getByRole('button', { name: `Add task to ${day}` }).click();
  await field.fill(text);
  await field.press('Enter');
}

/** Adds one task and closes the add line, which stays open after Enter for the next task. */
async function addOne(page: Page, day: string, text: string) {
  await add(page, day, text);
  await page.getByRole('textbox', { name: `New task for ${day}` }).press('Escape');
}

test("quick-add phrases: a series every Monday, a task for tomorrow and one for Some Day", async ({ page }) => {
  await page.goto('/');
  await add(page, 'Wed 25 Nov', 'Water plants every monday');
  await expect(page.getByText('Added “Water plants”: Every Monday')).toBeVisible();
  await add(page, 'Wed 25 Nov', 'Call mum tomorrow');
  await expect(column(page, 'Thu 26 Nov').getByRole('button', { name: 'Call mum', exact: true })).toBeVisible();
  await add(page, 'Wed 25 Nov', 'Read someday');
  await expect(column(page, 'Some Day').getByRole('button', { name: 'Read', exact: true })).toBeVisible();
  // A series starts from today: this Monday has gone by.
  await expect(column(page, 'Mon 23 Nov').getByRole('listitem')).toHaveCount(0);

  await page.getByRole('button', { name: 'Next week' }).click();
  await expect(column(page, 'Mon 30 Nov').getByRole('button', { name: 'Water plants', exact: true })).toHaveAccessibleDescription('Every Monday');
  await page.getByRole('button', { name: 'Next week' }).click();
  await expect(column(page, 'Mon 7 Dec').getByRole('button', { name: 'Water plants', exact: true })).toBeVisible();
});

test("the toast's Undo takes a typed series away and gives back the literal text as a plain task", async ({ page }) => {
  await page.goto('/');
  await add(page, 'Wed 25 Nov', 'Review week every friday');
  await expect(column(page, 'Fri 27 Nov').getByRole('button', { name: 'Review week', exact: true })).toHaveAccessibleDescription('Every Friday');
  await page.getByRole('listitem').filter({ hasText: 'Added “Review week”: Every Friday' }).getByRole('button', { name: 'Undo' }).click();
  await expect(column(page, 'Fri 27 Nov').getByRole('listitem')).toHaveCount(0);
  await expect(column(page, 'Wed 25 Nov').getByRole('button', { name: 'Review week every friday', exact: true })).toBeVisible();
});

test('skips one occurrence and completes another, kept across a reload under their own key', async ({ page }) => {
  await page.goto('/');
  await add(page, 'Wed 25 Nov', 'Stretch every weekday');
  const stretch = (day: string) => column(page, day).getByRole('button', { name: 'Stretch', exact: true });
  await expect(stretch('Fri 27 Nov')).toHaveAccessibleDescription('Every weekday');
  await expect(stretch('Sat 28 Nov')).toHaveCount(0);

  await column(page, 'Thu 26 Nov').getByRole('button', { name: 'Delete "Stretch"' }).click();
  await expect(stretch('Thu 26 Nov')).toHaveCount(0);
  await column(page, 'Wed 25 Nov').getByRole('button', { name: 'Mark "Stretch" complete' }).click();
  await expect(column(page, 'Wed 25 Nov').getByRole('button', { name: 'Mark "Stretch" complete' })).toHaveAttribute('aria-pressed', 'true');

  const stored = await page.evaluate(() => ({ tasks: localStorage.getItem('weekly-planner-tasks'), series: JSON.parse(localStorage.getItem('weekly-planner-series')!) }));
  expect(stored.series.series).toHaveLength(1);
  expect(stored.series.exceptions).toHaveLength(2);
  expect(JSON.parse(stored.tasks ?? '[]')).toEqual([]);

  await page.reload();
  await expect(column(page, 'Wed 25 Nov').getByRole('button', { name: 'Mark "Stretch" complete' })).toHaveAttribute('aria-pressed', 'true');
  await expect(stretch('Fri 27 Nov')).toBeVisible();
  await expect(stretch('Thu 26 Nov')).toHaveCount(0);
});

test('Ctrl+Z undoes a skip', async ({ page }) => {
  await page.goto('/');
  await add(page, 'Wed 25 Nov', 'Stretch every weekday');
  // The add line stays open and focused after Enter; in it, Ctrl+Z would be the field's own undo.
  await page.getByRole('textbox', { name: 'New task for Wed 25 Nov' }).press('Escape');
  const thursday = column(page, 'Thu 26 Nov').getByRole('button', { name: 'Stretch', exact: true });
  await column(page, 'Thu 26 Nov').getByRole('button', { name: 'Delete "Stretch"' }).click();
  await expect(thursday).toHaveCount(0);
  await page.keyboard.press('Control+z');
  await expect(thursday).toBeVisible();
});

test('two devices of a Premium user show each occurrence once, and a completion on one shows live on the other', async ({ browser }) => {
  test.setTimeout(120_000);
  // Today as the planner labels it; this test runs on the real clock, as sign-in and checkout need.
  const today = new Date().toLocaleDateString('en-GB', { weekday: 'short', day: 'numeric', month: 'short' }).replace(',', '');
  const email = `series-sync-${Date.now()}@example.com`;
  const a = await newDevice(browser);
  const b = await newDevice(browser);
  try {
    await subscribe(a.page, email);
    await signIn(b.page, email);
    await a.page.goto('/');
    await add(a.page, today, 'Stretch every day');
    const stretch = (page: Page) => column(page, today).getByRole('button', { name: 'Stretch', exact: true });
    await expect(stretch(a.page)).toHaveAccessibleDescription('Every day');
    await expect(stretch(b.page)).toHaveCount(1, { timeout: 10_000 });

    await column(a.page, today).getByRole('button', { name: 'Mark "Stretch" complete' }).click();
    await expect(column(b.page, today).getByRole('button', { name: 'Mark "Stretch" complete' })).toHaveAttribute('aria-pressed', 'true', { timeout: 10_000 });
    // Each device replays the one log: still one occurrence after a reload, done.
    await b.page.reload();
    await expect(column(b.page, today).getByRole('button', { name: 'Mark "Stretch" complete' })).toHaveAttribute('aria-pressed', 'true');
    await expect(stretch(b.page)).toHaveCount(1);
    await expect(stretch(a.page)).toHaveCount(1);
  } finally {
    await a.context.close();
    await b.context.close();
  }
});

test("a task's details: notes with a link, marked on the card and kept across a reload", async ({ page }) => {
  await page.goto('/');
  await addOne(page, 'Wed 25 Nov', 'Book flights');
  await column(page, 'Wed 25 Nov').getByRole('button', { name: 'Details of "Book flights"' }).click();
  const details = page.getByRole('dialog', { name: 'Task details' });
  await details.getByRole('textbox', { name: 'Notes' }).fill('Window seat\nhttps://example.com/flights');
  await expect(details.getByRole('link', { name: 'https://example.com/flights' })).toHaveAttribute('target', '_blank');
  await details.getByRole('button', { name: 'Save' }).click();
  await expect(details).toBeHidden();
  await expect(column(page, 'Wed 25 Nov').getByRole('img', { name: 'Has notes' })).toBeVisible();

  await page.reload();
  await column(page, 'Wed 25 Nov').getByRole('button', { name: 'Details of "Book flights"' }).click();
  await expect(details.getByRole('textbox', { name: 'Notes' })).toHaveValue('Window seat\nhttps://example.com/flights');
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('weekly-planner-tasks')!) as Array<{ notes?: string }>);
  expect(stored.map((task) => task.notes)).toEqual(['Window seat\nhttps://example.com/flights']);
});

test("an occurrence's rename in its details is for this one; the toast's 'All' renames every week's, the done one keeps its name", async ({ page }) => {
  await page.goto('/');
  await addOne(page, 'Wed 25 Nov', 'Stretch every day');
  await column(page, 'Wed 25 Nov').getByRole('button', { name: 'Mark "Stretch" complete' }).click();
  await column(page, 'Thu 26 Nov').getByRole('button', { name: 'Details of "Stretch"' }).click();
  const details = page.getByRole('dialog', { name: 'Task details' });
  await expect(details).toHaveAccessibleDescription('Every day');
  await details.getByRole('textbox', { name: 'Title' }).fill('Stretch and breathe');
  await details.getByRole('button', { name: 'Save' }).click();
  await expect(details).toBeHidden();
  await expect(column(page, 'Fri 27 Nov').getByRole('button', { name: 'Stretch', exact: true })).toBeVisible();
  await page.getByRole('listitem').filter({ hasText: 'this one only' }).getByRole('button', { name: 'Not just this one…' }).click();
  await page.getByRole('dialog', { name: 'Change which tasks?' }).getByRole('button', { name: 'All' }).click();
  await expect(column(page, 'Thu 26 Nov').getByRole('button', { name: 'Stretch and breathe', exact: true })).toBeVisible();
  await expect(column(page, 'Fri 27 Nov').getByRole('button', { name: 'Stretch and breathe', exact: true })).toBeVisible();
  await expect(column(page, 'Wed 25 Nov').getByRole('button', { name: 'Stretch', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Next week' }).click();
  await expect(column(page, 'Mon 30 Nov').getByRole('button', { name: 'Stretch and breathe', exact: true })).toBeVisible();
});

test("the repeat picker: a plain task repeats every Monday and Wednesday, in this week and the next", async ({ page }) => {
  await page.goto('/');
  await addOne(page, 'Wed 25 Nov', 'Water plants');
  await column(page, 'Wed 25 Nov').getByRole('button', { name: 'Details of "Water plants"' }).click();
  const details = page.getByRole('dialog', { name: 'Task details' });
  await details.getByRole('combobox', { name: 'Repeat' }).selectOption('Every week on chosen days');
  // An interval beyond reason is refused with the validator's words, and nothing is stored.
  await details.getByRole('spinbutton', { name: 'Every how many weeks' }).fill('10000');
  await details.getByRole('checkbox', { name: 'Monday' }).check();
  await details.getByRole('button', { name: 'Save' }).click();
  await expect(details.getByRole('alert')).toContainText('too far apart');
  expect(await page.evaluate(() => localStorage.getItem('weekly-planner-series'))).toBeNull();

  await details.getByRole('spinbutton', { name: 'Every how many weeks' }).fill('1');
  await details.getByRole('checkbox', { name: 'Wednesday' }).check();
  await details.getByRole('button', { name: 'Save' }).click();
  await expect(details).toBeHidden();
  const plants = (day: string) => column(page, day).getByRole('button', { name: 'Water plants', exact: true });
  await expect(plants('Wed 25 Nov')).toHaveAccessibleDescription(/Monday.*Wednesday/);
  await expect(plants('Mon 23 Nov')).toHaveCount(0);
  await expect(column(page, 'Wed 25 Nov').getByRole('listitem')).toHaveCount(1);
  await page.getByRole('button', { name: 'Next week' }).click();
  await expect(plants('Mon 30 Nov')).toHaveAccessibleDescription(/Monday.*Wednesday/);
  await expect(plants('Wed 2 Dec')).toBeVisible();
  await expect(plants('Tue 1 Dec')).toHaveCount(0);
  // One undo step gives the plain task back.
  await page.getByRole('button', { name: 'Previous week' }).click();
  await page.keyboard.press('Control+z');
  await expect(column(page, 'Wed 25 Nov').getByRole('button', { name: 'Water plants', exact: true })).not.toHaveAccessibleDescription(/Monday/);
  await page.getByRole('button', { name: 'Next week' }).click();
  await expect(plants('Mon 30 Nov')).toHaveCount(0);
});

test("a new rule from an occurrence's details: the days before keep the old rule, from there on the new one", async ({ page }) => {
  await page.goto('/');
  await addOne(page, 'Wed 25 Nov', 'Stretch every day');
  await column(page, 'Fri 27 Nov').getByRole('button', { name: 'Details of "Stretch"' }).click();
  const details = page.getByRole('dialog', { name: 'Task details' });
  await details.getByRole('combobox', { name: 'Repeat' }).selectOption('Every weekday (Mon–Fri)');
  // A new rule is never for one occurrence alone: it is for this one and the following, as the toast says.
  await details.getByRole('button', { name: 'Save' }).click();
  await expect(details).toBeHidden();
  await expect(page.getByText('Changed the repeat of “Stretch” from Fri 27 Nov on')).toBeVisible();
  const stretch = (day: string) => column(page, day).getByRole('button', { name: 'Stretch', exact: true });
  await expect(stretch('Thu 26 Nov')).toHaveAccessibleDescription('Every day');
  await expect(stretch('Fri 27 Nov')).toHaveAccessibleDescription('Every weekday');
  await expect(stretch('Sat 28 Nov')).toHaveCount(0);
  await expect(stretch('Sun 29 Nov')).toHaveCount(0);
  await page.getByRole('button', { name: 'Next week' }).click();
  await expect(stretch('Mon 30 Nov')).toHaveAccessibleDescription('Every weekday');
  await expect(stretch('Sat 5 Dec')).toHaveCount(0);
});

test("'Move to…' in an occurrence's details moves that one to next week and back: shown where it is, not where it came from", async ({ page }) => {
  await page.goto('/');
  await addOne(page, 'Wed 25 Nov', 'Review week every friday');
  const review = (day: string) => column(page, day).getByRole('button', { name: 'Review week', exact: true });
  await column(page, 'Fri 27 Nov').getByRole('button', { name: 'Details of "Review week"' }).click();
  await page.getByRole('dialog', { name: 'Task details' }).getByRole('button', { name: 'Move to…' }).click();
  const move = page.getByRole('dialog', { name: 'Move “Review week” to…' });
  await expect(move.getByRole('button', { name: 'Fri 27 Nov' })).toBeDisabled();
  await move.getByRole('button', { name: 'Mon 30 Nov' }).click();
  await expect(move).toBeHidden();
  await expect(review('Fri 27 Nov')).toHaveCount(0);

  await page.getByRole('button', { name: 'Next week' }).click();
  await expect(review('Mon 30 Nov')).toHaveAccessibleDescription('Every Friday');
  await expect(review('Fri 4 Dec')).toBeVisible();
  // One undo step puts it back on its Friday; redo moves it again.
  await page.keyboard.press('Control+z');
  await expect(review('Mon 30 Nov')).toHaveCount(0);
  await page.keyboard.press('Control+Shift+z');
  await expect(review('Mon 30 Nov')).toBeVisible();

  await page.reload();
  await expect(column(page, 'Fri 27 Nov').getByRole('listitem')).toHaveCount(0);
  await page.getByRole('button', { name: 'Next week' }).click();
  await expect(review('Mon 30 Nov')).toBeVisible();

  // And back, from the week it went to: on its own Friday again, and gone from Monday.
  await column(page, 'Mon 30 Nov').getByRole('button', { name: 'Details of "Review week"' }).click();
  await page.getByRole('dialog', { name: 'Task details' }).getByRole('button', { name: 'Move to…' }).click();
  await move.getByRole('button', { name: 'Fri 27 Nov' }).click();
  await expect(move).toBeHidden();
  await expect(review('Mon 30 Nov')).toHaveCount(0);
  await expect(review('Fri 4 Dec')).toBeVisible();
  await page.getByRole('button', { name: 'Previous week' }).click();
  await expect(review('Fri 27 Nov')).toBeVisible();
});

test("'Delete' in an occurrence's details deletes that one; the toast's 'This and following' ends the series the day before", async ({ page }) => {
  await page.goto('/');
  await addOne(page, 'Wed 25 Nov', 'Stretch every day');
  await column(page, 'Fri 27 Nov').getByRole('button', { name: 'Details of "Stretch"' }).click();
  const details = page.getByRole('dialog', { name: 'Task details' });
  await details.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(details).toBeHidden();
  const stretch = (day: string) => column(page, day).getByRole('button', { name: 'Stretch', exact: true });
  await expect(stretch('Fri 27 Nov')).toHaveCount(0);
  await expect(stretch('Sat 28 Nov')).toBeVisible();
  await page.getByRole('listitem').filter({ hasText: 'Deleted “Stretch” on Fri 27 Nov, this one only' }).getByRole('button', { name: 'Not just this one…' }).click();
  await page.getByRole('dialog', { name: 'Delete which tasks?' }).getByRole('button', { name: 'This and following' }).click();
  await expect(stretch('Thu 26 Nov')).toBeVisible();
  await expect(stretch('Sat 28 Nov')).toHaveCount(0);
  await expect(stretch('Sun 29 Nov')).toHaveCount(0);
  await page.getByRole('button', { name: 'Next week' }).click();
  await expect(stretch('Mon 30 Nov')).toHaveCount(0);
  // One undo step brings the following back.
  await page.keyboard.press('Control+z');
  await expect(stretch('Mon 30 Nov')).toBeVisible();
});

test("rollover after two weeks away: a daily series gives one task today, a weekly one moves only its latest missed occurrence", async ({ page }) => {
  await page.goto('/');
  await add(page, 'Wed 25 Nov', 'Stretch every day');
  await addOne(page, 'Wed 25 Nov', 'Water plants every monday');
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Settings' });
  await settings.getByRole('switch', { name: 'Move unfinished tasks to today' }).click();
  await settings.getByRole('button', { name: 'Close' }).click();

  // Back on Wednesday 9 December, nothing done meanwhile.
  await page.clock.setFixedTime(new Date(2026, 11, 9, 10, 0));
  await page.reload();
  // A day's occurrences come in series order (ids are random): the titles, sorted.
  const titles = async (day: string) => {
    const names = await column(page, day).locator('button.task-title').allTextContents();
    return names.sort();
  };
  const shows = (day: string, expected: string[]) => expect.poll(() => titles(day)).toEqual(expected);
  await shows('Wed 9 Dec', ['Stretch', 'Water plants']);
  await shows('Mon 7 Dec', ['Stretch']);
  await shows('Tue 8 Dec', ['Stretch']);
  // The older missed ones stay where they were: they do not pile up on today.
  await page.getByRole('button', { name: 'Previous week' }).click();
  await shows('Mon 30 Nov', ['Stretch', 'Water plants']);
  await shows('Sun 6 Dec', ['Stretch']);
});

test('export and import: a backup holds the tasks and the series, and brings both back in another browser', async ({ page, browser }) => {
  await page.goto('/');
  await add(page, 'Wed 25 Nov', 'Stretch every weekday');
  await addOne(page, 'Wed 25 Nov', 'Buy milk');
  await column(page, 'Thu 26 Nov').getByRole('button', { name: 'Delete "Stretch"' }).click();
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('dialog', { name: 'Settings' }).getByRole('button', { name: 'Export' }).click();
  const backup = JSON.parse(await readFile((await (await download).path())!, 'utf8')) as { tasks: unknown[]; series: unknown[]; exceptions: unknown[] };
  expect([backup.tasks.length, backup.series.length, backup.exceptions.length]).toEqual([1, 1, 1]);

  const other = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const fresh = await other.newPage();
  await fresh.clock.setFixedTime(TODAY);
  await fresh.goto('/');
  await fresh.getByRole('button', { name: 'User menu' }).click();
  await fresh.getByRole('menuitem', { name: 'Settings' }).click();
  const settings = fresh.getByRole('dialog', { name: 'Settings' });
  const chooser = fresh.waitForEvent('filechooser');
  await settings.getByRole('button', { name: 'Import' }).click();
  await (await chooser).setFiles({ name: 'backup.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(backup)) });
  await settings.getByRole('button', { name: 'Replace' }).click();
  await settings.getByRole('button', { name: 'Close' }).click();
  await expect(column(fresh, 'Wed 25 Nov').getByRole('button', { name: 'Buy milk', exact: true })).toBeVisible();
  await expect(column(fresh, 'Fri 27 Nov').getByRole('button', { name: 'Stretch', exact: true })).toHaveAccessibleDescription('Every weekday');
  await expect(column(fresh, 'Thu 26 Nov').getByRole('button', { name: 'Stretch', exact: true })).toHaveCount(0);
  await other.close();
});
