import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { BOARD, openBoard } from './support/board';

// Search (issue 43.1) in the real build: a completed task of a past week, a word of a task's notes, a series found
// once with its next occurrence, accents ignored, the keyboard and the phone's sheet, offline, and a pasted page
// of text cut with a notice and nothing stored. The clock is Wednesday 25 November 2026 (support/board.ts).

const extra = [
  { id: 'task-100-past', title: 'Renew car insurance', date: '2026-10-14', completed: true, createdAt: 100, order: 0 },
  { id: 'task-101-notes', title: 'Visa appointment', date: '2026-12-16', completed: false, createdAt: 101, order: 0, notes: 'Bring the passport photos\nand the printed form' },
  { id: 'task-102-accent', title: 'Café with Anna', date: '2026-11-26', completed: false, createdAt: 102, order: 1 },
];
const SERIES = JSON.stringify({
  version: 1,
  series: [{ id: 'series-1-water', template: { title: 'Water the ferns', notes: '' }, firstDate: '2026-11-02', repeat: { kind: 'rule', rule: 'FREQ=WEEKLY;BYDAY=MO' }, createdAt: 1 }],
  exceptions: [],
});

async function open(page: Page) {
  await page.addInitScript((series) => {
    if (!sessionStorage.getItem('seeded')) localStorage.setItem('weekly-planner-series', series);
  }, SERIES);
  await openBoard(page, { tasks: [...BOARD, ...extra] });
}

const dialog = (page: Page) => page.getByRole('dialog', { name: 'Search tasks' });
const field = (page: Page) => page.getByRole('combobox', { name: 'Search tasks' });
const options = (page: Page) => dialog(page).getByRole('option');

test.describe('desktop', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("'/' finds a completed task of a past week; Enter shows its week with focus on the card, highlighted", async ({ page }) => {
    await open(page);
    await page.keyboard.press('/');
    await field(page).pressSequentially('insur');
    await expect(dialog(page).getByRole('group', { name: '12 – 18 Oct' }).getByRole('option')).toHaveText(['Renew car insuranceWed 14 OctDone']);
    await page.keyboard.press('Enter');
    await expect(dialog(page)).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Oct 2026');
    const title = page.getByRole('region', { name: 'Wed 14 Oct' }).getByRole('button', { name: 'Renew car insurance', exact: true });
    await expect(title).toBeFocused();
    await expect(page.locator('[data-found]')).toHaveCount(1);
    await expect(page.locator('[data-found]')).toHaveCount(0); // the highlight fades after a moment
  });

  test("a note's word, two words across title and notes, and accents and case ignored", async ({ page }) => {
    await open(page);
    await page.getByRole('button', { name: 'Search' }).click();
    await field(page).fill('PASSPORT');
    // A title's match ranks before a note's.
    await expect(options(page)).toHaveText(['Renew the passportThu 26 Nov', 'Visa appointmentBring the passport photosWed 16 Dec']);
    await field(page).fill('visa photos');
    await expect(options(page)).toHaveText(['Visa appointmentBring the passport photosWed 16 Dec']);
    await field(page).fill('cafe');
    await expect(options(page)).toHaveText(['Café with AnnaThu 26 Nov']);
    await expect(dialog(page).getByRole('status')).toHaveText('1 result');
    await field(page).fill('zzz');
    await expect(dialog(page).getByRole('status')).toHaveText('No tasks match “zzz”.');
  });

  test('a series is one result with its next occurrence; picking it focuses that occurrence in its week', async ({ page }) => {
    await open(page);
    await page.keyboard.press('Control+k');
    await field(page).pressSequentially('fern');
    await expect(options(page)).toHaveText(['Water the ferns↻Every Monday · next Mon 30 Nov']);
    await options(page).click();
    await expect(page.getByRole('region', { name: 'Mon 30 Nov' }).getByRole('button', { name: 'Water the ferns', exact: true })).toBeFocused();
  });

  test("shortcuts by event.key: AZERTY's '/' (Shift+:) and Ctrl+K on a Cyrillic layout; '/' typed in a field stays there", async ({ page }) => {
    await open(page);
    const press = (init: { key: string; code: string; shiftKey?: boolean; ctrlKey?: boolean }) => page.evaluate((init) => document.body.dispatchEvent(new KeyboardEvent('keydown', { bubbles: true, cancelable: true, ...init })), init);
    await press({ key: '/', code: 'Period', shiftKey: true });
    await expect(field(page)).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog(page)).toHaveCount(0);
    await press({ key: 'л', code: 'KeyK', ctrlKey: true });
    await expect(field(page)).toBeFocused();
    await page.keyboard.press('Escape');
    // Focus went back to the page; in an add field '/' is a character.
    await page.getByRole('button', { name: 'Add task to Wed 25 Nov' }).click();
    await page.keyboard.type('1/2 kg flour');
    await expect(page.getByRole('textbox', { name: 'New task for Wed 25 Nov' })).toHaveValue('1/2 kg flour');
    await expect(dialog(page)).toHaveCount(0);
  });

  test('a pasted page of text is cut to 200 characters with a notice, and nothing is stored', async ({ page }) => {
    await open(page);
    const storedBefore = await page.evaluate(() => JSON.stringify({ ...localStorage }));
    await page.keyboard.press('/');
    await field(page).fill('x'.repeat(10_000));
    await expect(field(page)).toHaveValue('x'.repeat(200));
    await expect(dialog(page).getByRole('status')).toHaveText('A search holds at most 200 characters: the rest was left out. No tasks match “' + 'x'.repeat(200) + '”.');
    await page.keyboard.press('Escape');
    await page.reload();
    await page.getByRole('button', { name: 'Buy groceries', exact: true }).waitFor();
    expect(await page.evaluate(() => JSON.stringify({ ...localStorage }))).toBe(storedBefore);
  });

  test.describe('with the service worker (the suite blocks it elsewhere)', () => {
    test.use({ serviceWorkers: 'allow' });

    test('works offline after one visit: its code comes from the service worker', async ({ page, context }) => {
      await open(page);
      await page.evaluate(() => navigator.serviceWorker.ready);
      await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated');
      await context.setOffline(true);
      await page.keyboard.press('/');
      await field(page).pressSequentially('groc');
      await expect(options(page)).toHaveText(['Buy groceriesTue 24 Nov']);
    });
  });
});

test.describe('phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('a full-screen sheet: a completed past task, a note and a series, each tapped to its card', async ({ page }) => {
    await open(page);
    await page.getByRole('button', { name: 'Search' }).tap();
    await expect(field(page)).toBeFocused();
    expect(await dialog(page).boundingBox()).toEqual({ x: 0, y: 0, width: 390, height: 844 });

    await field(page).fill('insurance');
    await options(page).tap();
    await expect(page.getByRole('button', { name: 'Renew car insurance', exact: true })).toBeFocused();

    await page.getByRole('button', { name: 'Search' }).tap();
    await field(page).fill('printed form');
    await options(page).tap();
    await expect(page.getByRole('button', { name: 'Visa appointment', exact: true })).toBeFocused();
    await expect(page.getByRole('button', { name: 'Visa appointment', exact: true })).toBeInViewport();

    await page.getByRole('button', { name: 'Search' }).tap();
    await field(page).fill('ferns');
    await expect(options(page)).toHaveText(['Water the ferns↻Every Monday · next Mon 30 Nov']);
    await options(page).tap();
    await expect(page.getByRole('region', { name: 'Mon 30 Nov' }).getByRole('button', { name: 'Water the ferns', exact: true })).toBeFocused();
  });
});
