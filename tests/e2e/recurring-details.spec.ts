import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { column, openWithSeries, toast } from './support/series';

// Issue 42: nothing typed in the details is lost. Closing them by the × button, Escape or a click outside saves what
// changed, as Save does (an occurrence's change is for this one, said in its toast); a refused repeat keeps them
// open with the reason.

const CLOSINGS: Array<[string, (page: Page) => Promise<void>]> = [
  ['its × button', (page) => page.getByRole('dialog', { name: 'Task details' }).getByRole('button', { name: 'Close' }).click()],
  ['Escape', (page) => page.keyboard.press('Escape')],
  // The backdrop: a press that starts and ends outside the dialog's box.
  ['a click outside', (page) => page.mouse.click(5, 5)],
];

test.use({ viewport: { width: 1280, height: 800 } });

for (const [way, close] of CLOSINGS) {
  test(`notes typed in an occurrence's details are kept when they close by ${way}`, async ({ page }) => {
    await openWithSeries(page);
    const monday = column(page, 'Mon 23 Nov');
    await monday.getByRole('button', { name: 'Details of "Water plants"' }).click();
    const details = page.getByRole('dialog', { name: 'Task details' });
    await details.getByRole('textbox', { name: 'Notes' }).fill('The fern needs less');
    await close(page);
    await expect(details).toBeHidden();
    await expect(toast(page, 'Changed the notes of “Water plants” on Mon 23 Nov, this one only')).toBeVisible();
    await expect(monday.getByRole('img', { name: 'Has notes' })).toBeVisible();
    // This one only: next Monday's has none.
    await page.getByRole('button', { name: 'Next week' }).click();
    await expect(column(page, 'Mon 30 Nov').getByRole('img', { name: 'Has notes' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Previous week' }).click();

    await page.reload();
    await monday.getByRole('button', { name: 'Details of "Water plants"' }).click();
    await expect(details.getByRole('textbox', { name: 'Notes' })).toHaveValue('The fern needs less');
  });
}

test("a plain task's notes are kept on Escape, and a repeat the validator refuses keeps the details open", async ({ page }) => {
  await openWithSeries(page);
  await page.getByRole('button', { name: 'Add task to Wed 25 Nov' }).click();
  await page.getByRole('textbox', { name: 'New task for Wed 25 Nov' }).fill('Book flights');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Escape');
  const wednesday = column(page, 'Wed 25 Nov');
  await wednesday.getByRole('button', { name: 'Details of "Book flights"' }).click();
  const details = page.getByRole('dialog', { name: 'Task details' });
  await details.getByRole('textbox', { name: 'Notes' }).fill('Window seat');
  await details.getByRole('combobox', { name: 'Repeat' }).selectOption('Every week on chosen days');
  await details.getByRole('spinbutton', { name: 'Every how many weeks' }).fill('10000');
  await details.getByRole('checkbox', { name: 'Friday' }).check();
  await page.keyboard.press('Escape');
  // Refused: still open, with the reason and what was typed.
  await expect(details.getByRole('alert')).toContainText('too far apart');
  await expect(details).toBeVisible();
  await expect(details.getByRole('textbox', { name: 'Notes' })).toHaveValue('Window seat');
  await details.getByRole('combobox', { name: 'Repeat' }).selectOption('Does not repeat');
  await page.keyboard.press('Escape');
  await expect(details).toBeHidden();
  await expect(wednesday.getByRole('img', { name: 'Has notes' })).toBeVisible();
});
