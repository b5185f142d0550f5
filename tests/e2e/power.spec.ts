import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { TASKS_KEY as KEY, type StoredTask } from './support/stored';

// Undo and redo, backup and rollover in the built app, in Chromium, as a visitor.
// The clock is fixed to Wednesday 25 November 2026 (timers still run).

const MON = '2026-11-23';
const TUE = '2026-11-24';
const WED = '2026-11-25';
const THU = '2026-11-26';

const task = (title: string, date: string, order: number, completed = false): StoredTask => ({
  id: `task-${title}`,
  title,
  date,
  completed,
  createdAt: 1_764_000_000_000 + order,
  order,
});
const SEED = [task('Alpha', MON, 0), task('Bravo', MON, 1), task('Charlie', MON, 2, true), task('Xray', TUE, 0)];

async function openPlanner(page: Page, tasks: StoredTask[] = SEED, extra: Record<string, string> = {}) {
  await page.clock.setFixedTime(new Date('2026-11-25T10:00:00'));
  // Seeded on the first load only, so a reload shows what the app saved.
  await page.addInitScript(
    ([key, value, more]) => {
      if (sessionStorage.getItem('seeded')) return;
      sessionStorage.setItem('seeded', '1');
      localStorage.setItem(key!, value!);
      for (const [name, setting] of Object.entries(JSON.parse(more!) as Record<string, string>)) localStorage.setItem(name, setting);
    },
    [KEY, JSON.stringify(tasks), JSON.stringify(extra)],
  );
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Nov 2026');
}

const stored = (page: Page) => page.evaluate((key) => localStorage.getItem(key), KEY);

/** Each stored day's titles in order (a ✓ for done ones). */
async function storedDays(page: Page): Promise<Record<string, string>> {
  const list = JSON.parse((await stored(page)) ?? '[]') as StoredTask[];
  const days: Record<string, string> = {};
  for (const date of [...new Set(list.map((t) => t.date))].sort()) {
    days[date] = list
      .filter((t) => t.date === date)
      .sort((a, b) => a.order - b.order)
      .map((t) => (t.completed ? `${t.title}✓` : t.title))
      .join(' ');
  }
  return days;
}
const expectStored = (page: Page, days: Record<string, string>) => expect.poll(() => storedDays(page)).toEqual(days);

const column = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const card = (page: Page, title: string) => page.getByRole('listitem').filter({ has: page.getByRole('button', { name: title, exact: true }) });
const UNDO = 'Control+z';
const REDO = 'Control+Shift+z';

async function centre(locator: Locator, dy = 0) {
  const box = (await locator.boundingBox())!;
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 + dy };
}

/** Focus on the page, not in a field: where the planner's own undo applies. */
const pressOnPage = async (page: Page, keys: string) => {
  await page.locator('body').focus();
  await page.keyboard.press(keys);
};

test.describe('undo and redo', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('Ctrl+Z and Ctrl+Shift+Z over add, rename and complete', async ({ page }) => {
    await openPlanner(page);
    const thursday = column(page, 'Thu 26 Nov');
    await page.getByRole('button', { name: 'Add task to Thu 26 Nov' }).click();
    await page.getByRole('textbox', { name: 'New task for Thu 26 Nov' }).fill('Dentist');
    await page.getByRole('textbox', { name: 'New task for Thu 26 Nov' }).press('Enter');
    await expect(thursday.getByRole('listitem')).toHaveText(['Dentist']);

    await page.getByRole('button', { name: 'Dentist', exact: true }).click();
    const editor = page.getByRole('textbox', { name: 'Edit "Dentist"' });
    await editor.fill('Dentist at 10');
    // Inside the field Ctrl+Z is the browser's text undo, not the planner's.
    await editor.press(UNDO);
    await expect(editor).toHaveValue('Dentist');
    await editor.fill('Dentist at 10');
    await editor.press('Enter');
    await page.getByRole('button', { name: 'Mark "Dentist at 10" complete' }).click();
    await expectStored(page, { [MON]: 'Alpha Bravo Charlie✓', [TUE]: 'Xray', [THU]: 'Dentist at 10✓' });

    await pressOnPage(page, UNDO);
    await expectStored(page, { [MON]: 'Alpha Bravo Charlie✓', [TUE]: 'Xray', [THU]: 'Dentist at 10' });
    await pressOnPage(page, UNDO);
    await expect(thursday.getByRole('listitem')).toHaveText(['Dentist']);
    await pressOnPage(page, UNDO);
    await expect(thursday.getByRole('listitem')).toHaveCount(0);
    await expectStored(page, { [MON]: 'Alpha Bravo Charlie✓', [TUE]: 'Xray' });

    await pressOnPage(page, REDO);
    await pressOnPage(page, REDO);
    await pressOnPage(page, 'Control+y');
    await expectStored(page, { [MON]: 'Alpha Bravo Charlie✓', [TUE]: 'Xray', [THU]: 'Dentist at 10✓' });
    await page.reload();
    await expect(thursday.getByRole('listitem')).toHaveText(['Dentist at 10']);
  });

  test('a mouse drag across two days is one step', async ({ page }) => {
    await openPlanner(page);
    const from = await centre(card(page, 'Alpha'));
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    // Across Tuesday (moved there live) and on into Wednesday.
    await page.mouse.move(...xy(await centre(card(page, 'Xray'), -4)), { steps: 12 });
    await expect(column(page, 'Tue 24 Nov').getByRole('listitem')).toHaveText(['Alpha', 'Xray']);
    await page.mouse.move(...xy(await centre(column(page, 'Wed 25 Nov'))), { steps: 12 });
    await expect(column(page, 'Wed 25 Nov').getByRole('listitem')).toHaveText(['Alpha']);
    await page.mouse.up();
    await expectStored(page, { [MON]: 'Bravo Charlie✓', [TUE]: 'Xray', [WED]: 'Alpha' });

    await pressOnPage(page, UNDO);
    await expect(column(page, 'Mon 23 Nov').getByRole('listitem')).toHaveText(['Alpha', 'Bravo', 'Charlie']);
    await expectStored(page, { [MON]: 'Alpha Bravo Charlie✓', [TUE]: 'Xray' });
    await expect(page.getByRole('button', { name: 'Undo' })).toBeDisabled();
    await pressOnPage(page, REDO);
    await expectStored(page, { [MON]: 'Bravo Charlie✓', [TUE]: 'Xray', [WED]: 'Alpha' });
  });

  test("delete: Ctrl+Z brings the task back in its place, and so does the toast's 'Undo'", async ({ page }) => {
    await openPlanner(page);
    await card(page, 'Bravo').hover();
    await page.getByRole('button', { name: 'Delete "Bravo"' }).click();
    await expectStored(page, { [MON]: 'Alpha Charlie✓', [TUE]: 'Xray' });
    await pressOnPage(page, UNDO);
    await expect(column(page, 'Mon 23 Nov').getByRole('listitem')).toHaveText(['Alpha', 'Bravo', 'Charlie']);
    await expectStored(page, { [MON]: 'Alpha Bravo Charlie✓', [TUE]: 'Xray' });

    await card(page, 'Alpha').hover();
    await page.getByRole('button', { name: 'Delete "Alpha"' }).click();
    const toast = page.getByRole('listitem').filter({ hasText: 'Deleted “Alpha”' });
    await toast.getByRole('button', { name: 'Undo' }).click();
    await expect(column(page, 'Mon 23 Nov').getByRole('listitem')).toHaveText(['Alpha', 'Bravo', 'Charlie']);
    await expectStored(page, { [MON]: 'Alpha Bravo Charlie✓', [TUE]: 'Xray' });
  });
});

const xy = (point: { x: number; y: number }) => [point.x, point.y] as const;

async function openSettings(page: Page) {
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function importFile(page: Page, dialog: Locator, name: string, contents: string) {
  const chooser = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: 'Import' }).click();
  await (await chooser).setFiles({ name, mimeType: 'application/json', buffer: Buffer.from(contents) });
}

test.describe('backup', () => {
  test('Export downloads the stored array, named for today', async ({ page }) => {
    await openPlanner(page);
    const dialog = await openSettings(page);
    const download = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Export' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('weekly-planner-backup-2026-11-25.json');
    const saved = JSON.parse(await readFile((await file.path())!, 'utf8')) as StoredTask[];
    expect(saved).toEqual(JSON.parse((await stored(page))!));
    expect(saved).toHaveLength(4);
  });

  test('Import of a real file restores it, and one undo takes it back', async ({ page }) => {
    await openPlanner(page);
    let dialog = await openSettings(page);
    const download = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Export' }).click();
    const backup = await readFile((await (await download).path())!, 'utf8');
    await dialog.getByRole('button', { name: 'Close' }).click();

    // Things change after the backup was taken...
    await card(page, 'Alpha').hover();
    await page.getByRole('button', { name: 'Delete "Alpha"' }).click();
    await page.getByRole('button', { name: 'Mark "Xray" complete' }).click();
    await expectStored(page, { [MON]: 'Bravo Charlie✓', [TUE]: 'Xray✓' });

    // ...and replacing with the backup brings it back as it was.
    dialog = await openSettings(page);
    await importFile(page, dialog, 'weekly-planner-backup-2026-11-25.json', backup);
    await expect(dialog.getByRole('group', { name: /This file holds 4 tasks/ })).toBeVisible();
    await dialog.getByRole('button', { name: 'Replace' }).click();
    await expect(dialog.getByRole('status')).toHaveText('Replaced your tasks with 4 tasks from the backup. Ctrl+Z undoes it.');
    await expectStored(page, { [MON]: 'Alpha Bravo Charlie✓', [TUE]: 'Xray' });
    await dialog.getByRole('button', { name: 'Close' }).click();

    await pressOnPage(page, UNDO);
    await expectStored(page, { [MON]: 'Bravo Charlie✓', [TUE]: 'Xray✓' });
  });

  test('a garbage file shows the error and leaves storage byte for byte as it was', async ({ page }) => {
    await openPlanner(page);
    await expect(card(page, 'Alpha')).toBeVisible();
    const before = await stored(page);
    const dialog = await openSettings(page);
    await importFile(page, dialog, 'holiday.json', '\u0000\u0001 not a backup at all {[');
    await expect(dialog.getByRole('alert')).toHaveText('This file is not a Weekly Planner backup. It does not hold JSON.');
    await importFile(page, dialog, 'other-app.json', JSON.stringify({ todos: [{ text: 'x' }] }));
    await expect(dialog.getByRole('alert')).toHaveText('This file is not a Weekly Planner backup. It does not hold a list of tasks.');
    await expect(dialog.getByRole('button', { name: 'Merge' })).toHaveCount(0);
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 300)));
    expect(await stored(page)).toBe(before);
  });

  test('imports 5,000 tasks, every one of them on the board (the time is a test annotation: speed is for npm run bench, not a pass mark)', async ({ page }) => {
    await openPlanner(page);
    const many = Array.from({ length: 5000 }, (_, n) => ({ ...task(`Imported ${n}`, n % 8 === 7 ? 'someday' : `2026-11-${23 + (n % 7)}`, Math.floor(n / 8)), id: `task-${1_764_000_000_000 + n}-i${n}` }));
    const dialog = await openSettings(page);
    await importFile(page, dialog, 'big.json', JSON.stringify(many));
    await expect(dialog.getByRole('group', { name: /This file holds 5,000 tasks/ })).toBeVisible();
    // Clicked and timed inside the page, so no locator work of the test runs on its main thread meanwhile:
    // from the click to the first frame in which the last imported card is in the DOM.
    const took = await dialog.getByRole('button', { name: 'Merge' }).evaluate(
      (button) =>
        new Promise<number>((resolve) => {
          const root = document.getElementById('root')!;
          const clickedAt = performance.now();
          (button as HTMLButtonElement).click();
          const check = () => (root.textContent!.includes('Imported 4999') ? resolve(performance.now() - clickedAt) : requestAnimationFrame(check));
          requestAnimationFrame(check);
        }),
    );
    await expect(dialog.getByRole('status')).toContainText('Merged 5,000 tasks');
    // A figure for the report, not for the console: a passing run prints only test names.
    test.info().annotations.push({ type: 'import of 5,000 tasks, click to the last card in the DOM', description: `${took.toFixed(0)} ms` });
    const cards = await page.evaluate(() => [...document.querySelectorAll('#root [role="listitem"]')].filter((node) => /^Imported \d+/.test(node.textContent ?? '')).length);
    expect(cards).toBe(5000);
  });
});

/** A labelled task, a checklist with one item ticked, and a labelled weekly series, as a visitor's storage holds them. */
const ORGANIZED = {
  tasks: [
    { ...task('Alpha', MON, 0), labels: ['label-work'] },
    {
      ...task('Bravo', TUE, 0),
      checklist: [
        { id: 'item-passport', text: 'Passport', done: true },
        { id: 'item-charger', text: 'Charger', done: false },
      ],
    },
  ],
  catalog: { version: 1, labels: [{ id: 'label-work', name: 'Work', colour: 'blue', createdAt: 1 }], lists: [], aliases: {} },
  series: {
    version: 1,
    series: [{ id: 'series-standup', template: { title: 'Standup', notes: '', labels: ['label-work'] }, firstDate: MON, repeat: { kind: 'rule', rule: 'FREQ=WEEKLY;BYDAY=TH' }, createdAt: 1_764_000_000_000 }],
    exceptions: [],
  },
};

const cardOf = (page: Page, day: string, title: string) =>
  column(page, day)
    .getByRole('listitem')
    .filter({ has: page.getByRole('button', { name: `Mark "${title}" complete` }) });

/** The labelled task, the checklist's progress and the labelled series' occurrence, on screen. */
async function expectOrganized(page: Page) {
  await expect(cardOf(page, 'Mon 23 Nov', 'Alpha').locator('.label-chip')).toHaveText(['Work']);
  await expect(cardOf(page, 'Tue 24 Nov', 'Bravo').getByRole('img', { name: 'Checklist: 1 of 2 done' })).toHaveText('1/2');
  await expect(cardOf(page, 'Thu 26 Nov', 'Standup').locator('.label-chip')).toHaveText(['Work']);
}

test.describe('backup with labels and checklists', () => {
  test("exported from the user menu, imported by Merge and by Replace in a fresh visitor's browser: labels and ticks intact", async ({ page, browser }) => {
    await openPlanner(page, ORGANIZED.tasks, { 'weekly-planner-catalog': JSON.stringify(ORGANIZED.catalog), 'weekly-planner-series': JSON.stringify(ORGANIZED.series) });
    await expectOrganized(page);
    const dialog = await openSettings(page);
    const download = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Export' }).click();
    const text = await readFile((await (await download).path())!, 'utf8');
    const backup = JSON.parse(text) as { tasks: Array<{ title: string; labels?: string[] }>; series: Array<{ template: { labels?: string[] } }>; catalog: { labels: Array<{ name: string }> } };
    expect(backup.tasks.find((one) => one.title === 'Alpha')!.labels).toEqual(['label-work']);
    expect(backup.series[0]!.template.labels).toEqual(['label-work']);
    expect(backup.catalog.labels.map((label) => label.name)).toEqual(['Work']);

    const other = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    try {
      const fresh = await other.newPage();
      await openPlanner(fresh, []);
      // This browser has a label of the same name (another id) and a task of its own.
      await fresh.getByRole('button', { name: 'Add task to Wed 25 Nov' }).click();
      await fresh.getByRole('textbox', { name: 'New task for Wed 25 Nov' }).fill('Mine #work');
      await fresh.getByRole('textbox', { name: 'New task for Wed 25 Nov' }).press('Enter');
      await expect(cardOf(fresh, 'Wed 25 Nov', 'Mine').locator('.label-chip')).toHaveText(['work']);

      let settings = await openSettings(fresh);
      await importFile(fresh, settings, 'backup.json', text);
      await settings.getByRole('button', { name: 'Merge' }).click();
      await expect(settings.getByRole('status')).toContainText('Merged');
      await settings.getByRole('button', { name: 'Close' }).click();
      // Merged: the file's 'Work' is this browser's 'work' (one label), on the file's task and series as on this one's.
      await expect(cardOf(fresh, 'Mon 23 Nov', 'Alpha').locator('.label-chip')).toHaveText(['work']);
      await expect(cardOf(fresh, 'Thu 26 Nov', 'Standup').locator('.label-chip')).toHaveText(['work']);
      await expect(cardOf(fresh, 'Tue 24 Nov', 'Bravo').getByRole('img', { name: 'Checklist: 1 of 2 done' })).toBeVisible();
      await expect(cardOf(fresh, 'Wed 25 Nov', 'Mine').locator('.label-chip')).toHaveText(['work']);
      const names = await fresh.evaluate(() => (JSON.parse(localStorage.getItem('weekly-planner-catalog')!) as { labels: Array<{ name: string }> }).labels.map((label) => label.name));
      expect(names).toEqual(['work']);

      // Replace: the file's tasks, series and labels only.
      settings = await openSettings(fresh);
      await importFile(fresh, settings, 'backup.json', text);
      await settings.getByRole('button', { name: 'Replace' }).click();
      await expect(settings.getByRole('status')).toContainText('Replaced');
      await settings.getByRole('button', { name: 'Close' }).click();
      await expectOrganized(fresh);
      await expect(cardOf(fresh, 'Wed 25 Nov', 'Mine')).toHaveCount(0);
      await fresh.reload();
      await expectOrganized(fresh);
      const ticks = await fresh.evaluate(() => (JSON.parse(localStorage.getItem('weekly-planner-tasks')!) as Array<{ title: string; checklist?: Array<{ text: string; done: boolean }> }>).find((one) => one.title === 'Bravo')!.checklist);
      expect(ticks).toEqual([
        { id: 'item-passport', text: 'Passport', done: true },
        { id: 'item-charger', text: 'Charger', done: false },
      ]);
    } finally {
      await other.close();
    }
  });

  test('a backup from before labels and checklists still imports next to them', async ({ page }) => {
    await openPlanner(page, ORGANIZED.tasks, { 'weekly-planner-catalog': JSON.stringify(ORGANIZED.catalog), 'weekly-planner-series': JSON.stringify(ORGANIZED.series) });
    await expectOrganized(page);
    // The spec's plain array, as every version before series wrote it, and a version 2 file from before labels.
    const plain = [task('Old plain', WED, 0)];
    const beforeLabels = { format: 'weekly-planner-backup', version: 2, tasks: [task('Old series file', THU, 0)], series: [], exceptions: [] };
    const dialog = await openSettings(page);
    await importFile(page, dialog, 'old.json', JSON.stringify(plain));
    await dialog.getByRole('button', { name: 'Merge' }).click();
    await expect(dialog.getByRole('status')).toContainText('Merged');
    await importFile(page, dialog, 'older.json', JSON.stringify(beforeLabels));
    await dialog.getByRole('button', { name: 'Merge' }).click();
    await expect(dialog.getByRole('status')).toContainText('Merged');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(cardOf(page, 'Wed 25 Nov', 'Old plain')).toBeVisible();
    await expect(cardOf(page, 'Thu 26 Nov', 'Old series file')).toBeVisible();
    // What was here keeps its labels and ticks.
    await expectOrganized(page);
  });
});

test.describe('rollover', () => {
  const PAST = [task('Old open', MON, 0), task('Old done', MON, 1, true), task('Tue open', TUE, 0), task('Today', WED, 0), { ...task('Whenever', 'someday', 0) }];

  test('off (the default): past tasks stay where they are', async ({ page }) => {
    await openPlanner(page, PAST);
    await expect(column(page, 'Mon 23 Nov').getByRole('listitem')).toHaveText(['Old open', 'Old done']);
    const dialog = await openSettings(page);
    await expect(dialog.getByRole('switch', { name: 'Move unfinished tasks to today' })).not.toBeChecked();
    await expectStored(page, { [MON]: 'Old open Old done✓', [TUE]: 'Tue open', [WED]: 'Today', someday: 'Whenever' });
  });

  test('on: only unfinished past tasks move to the end of today, and it is remembered', async ({ page }) => {
    await openPlanner(page, PAST);
    const dialog = await openSettings(page);
    await dialog.getByRole('switch', { name: 'Move unfinished tasks to today' }).click();
    await expect(dialog.getByRole('switch', { name: 'Move unfinished tasks to today' })).toBeChecked();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(column(page, 'Wed 25 Nov').getByRole('listitem')).toHaveText(['Today', 'Old open', 'Tue open']);
    await expect(column(page, 'Mon 23 Nov').getByRole('listitem')).toHaveText(['Old done']);
    await expectStored(page, { [MON]: 'Old done✓', [WED]: 'Today Old open Tue open', someday: 'Whenever' });

    // A day later, on a fresh load: the setting holds and today's unfinished task moves on.
    await page.clock.setFixedTime(new Date('2026-11-26T09:00:00'));
    await page.reload();
    await expect(column(page, 'Thu 26 Nov').getByRole('listitem')).toHaveText(['Today', 'Old open', 'Tue open']);
    await expect((await openSettings(page)).getByRole('switch', { name: 'Move unfinished tasks to today' })).toBeChecked();
  });
});
