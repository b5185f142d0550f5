import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { column, EVERY_MONDAY, expectWeeks, openWithSeries, toast } from './support/series';

// Issue 42: every way into an occurrence follows one rule (docs/recurring.md): the change is made to this occurrence
// alone, at once, and a toast says so with 'Undo' and 'Not just this one…'. Each way in is tried on 'Water plants'
// every Monday, and the three weeks from 23 November are read after it.

const plants = (page: Page, day: string) => column(page, day).getByRole('button', { name: 'Water plants', exact: true });
const cardOf = (page: Page, day: string) => column(page, day).getByRole('listitem').filter({ has: page.getByRole('button', { name: 'Water plants', exact: true }) });
const dragLayer = (page: Page) => page.getByTestId('drag-layer');

async function centre(locator: Locator) {
  const box = (await locator.boundingBox())!;
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

test.describe('laptop', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("the card's delete skips this one, says so with Undo; 'Not just this one…' ends the series there", async ({ page }) => {
    await openWithSeries(page);
    await page.getByRole('button', { name: 'Next week' }).click();
    await column(page, 'Mon 30 Nov').getByRole('button', { name: 'Delete "Water plants"' }).click();
    const deleted = toast(page, 'Deleted “Water plants” on Mon 30 Nov, this one only');
    await expect(deleted).toBeVisible();
    await expectWeeks(page, { 'Mon 23 Nov': ['Water plants'], 'Mon 7 Dec': ['Water plants'] });

    await deleted.getByRole('button', { name: 'Not just this one…' }).click();
    const scopes = page.getByRole('dialog', { name: 'Delete which tasks?' });
    await expect(scopes).toHaveAccessibleDescription('“Water plants”, Mon 30 Nov');
    await scopes.getByRole('button', { name: 'This and following' }).click();
    await expect(scopes).toBeHidden();
    await expectWeeks(page, { 'Mon 23 Nov': ['Water plants'] });
    // One undo step: back to the series as it was before the deletion.
    await page.keyboard.press('Control+z');
    await expectWeeks(page, EVERY_MONDAY);
  });

  test("the toast's Undo brings a deleted occurrence back", async ({ page }) => {
    await openWithSeries(page);
    await column(page, 'Mon 23 Nov').getByRole('button', { name: 'Delete "Water plants"' }).click();
    await toast(page, 'Deleted “Water plants” on Mon 23 Nov, this one only').getByRole('button', { name: 'Undo' }).click();
    await expectWeeks(page, EVERY_MONDAY);
  });

  test("an inline rename is for this one, said in a toast; 'Not just this one…' → 'All' renames every week's", async ({ page }) => {
    await openWithSeries(page);
    await page.getByRole('button', { name: 'Next week' }).click();
    await plants(page, 'Mon 30 Nov').click();
    await column(page, 'Mon 30 Nov').getByRole('textbox', { name: 'Edit "Water plants"' }).fill('Water the herbs');
    await page.keyboard.press('Enter');
    const renamed = toast(page, 'Renamed “Water plants” to “Water the herbs” on Mon 30 Nov, this one only');
    await expect(renamed).toBeVisible();
    await expectWeeks(page, { 'Mon 23 Nov': ['Water plants'], 'Mon 30 Nov': ['Water the herbs'], 'Mon 7 Dec': ['Water plants'] });

    await renamed.getByRole('button', { name: 'Not just this one…' }).click();
    await page.getByRole('dialog', { name: 'Change which tasks?' }).getByRole('button', { name: 'All' }).click();
    await expectWeeks(page, { 'Mon 23 Nov': ['Water the herbs'], 'Mon 30 Nov': ['Water the herbs'], 'Mon 7 Dec': ['Water the herbs'] });
  });

  test('drags by mouse to another day, to Some Day, and to a day of next week by resting on its button', async ({ page }) => {
    await openWithSeries(page);
    const drag = async (from: Locator, to: () => Promise<void>) => {
      const start = await centre(from);
      await page.mouse.move(start.x, start.y);
      await page.mouse.down();
      await page.mouse.move(start.x + 20, start.y + 20, { steps: 5 });
      await expect(dragLayer(page)).toBeVisible();
      await to();
      await page.mouse.up();
      await expect(dragLayer(page)).toHaveCount(0);
    };
    const over = (target: Locator) => async () => {
      const point = await centre(target);
      await page.mouse.move(point.x, point.y, { steps: 12 });
    };

    await drag(cardOf(page, 'Mon 23 Nov'), over(column(page, 'Thu 26 Nov')));
    await expect(toast(page, 'Moved “Water plants” to Thu 26 Nov, this one only')).toBeVisible();
    await expectWeeks(page, { 'Thu 26 Nov': ['Water plants'], 'Mon 30 Nov': ['Water plants'], 'Mon 7 Dec': ['Water plants'] });

    await drag(cardOf(page, 'Thu 26 Nov'), over(column(page, 'Some Day')));
    await expectWeeks(page, { 'Some Day': ['Water plants'], 'Mon 30 Nov': ['Water plants'], 'Mon 7 Dec': ['Water plants'] });

    // Resting on 'Next week' turns the week under the drag; the occurrence then goes to a day of that week. The drag
    // keeps turning every WEEK_TURN_MS while it rests there, so the pointer leaves as soon as the week has turned,
    // for a point measured beforehand: Wednesday's column sits in the same place in every week. Waiting by
    // requestAnimationFrame, not expect's widening poll, keeps a loaded machine from resting long enough to turn twice.
    const wednesday = await centre(column(page, 'Wed 25 Nov'));
    await drag(cardOf(page, 'Some Day'), async () => {
      await over(page.getByRole('button', { name: 'Next week' }))();
      await page.waitForFunction(
        () =>
          [...document.querySelectorAll('main section[aria-labelledby]')].some(
            (section) => document.getElementById(section.getAttribute('aria-labelledby')!)?.textContent?.trim() === 'Wed 2 Dec',
          ),
        undefined,
        { polling: 'raf' },
      );
      await page.mouse.move(wednesday.x, wednesday.y, { steps: 4 });
      await expect(plants(page, 'Wed 2 Dec')).toBeVisible();
    });
    await expectWeeks(page, { 'Mon 30 Nov': ['Water plants'], 'Wed 2 Dec': ['Water plants'], 'Mon 7 Dec': ['Water plants'] });
  });

  test('drags by keyboard: Space on its grip, arrows to another day, Space; Escape cancels', async ({ page }) => {
    await openWithSeries(page);
    const grip = cardOf(page, 'Mon 23 Nov').getByRole('button', { name: 'Move task: Water plants' });
    await grip.focus();
    await page.keyboard.press('Space');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Escape');
    await expect(plants(page, 'Mon 23 Nov')).toBeVisible();

    await grip.focus();
    await page.keyboard.press('Space');
    // Keys pressed while the drag code still loads are replayed once it has (dragIntent.ts); stepping until the task
    // shows on Tuesday needs the drag to answer each arrow, so wait, as a person would, until it says it has begun.
    await expect(page.getByRole('status').filter({ hasText: 'Picked up Water plants' })).toBeAttached();
    for (let i = 0; i < 30 && (await plants(page, 'Tue 24 Nov').count()) === 0; i++) await page.keyboard.press('ArrowRight');
    await expect(plants(page, 'Tue 24 Nov')).toBeVisible();
    await page.keyboard.press('Space');
    await expect(toast(page, 'Moved “Water plants” to Tue 24 Nov, this one only')).toBeVisible();
    await expectWeeks(page, { 'Tue 24 Nov': ['Water plants'], 'Mon 30 Nov': ['Water plants'], 'Mon 7 Dec': ['Water plants'] });
  });

  test("'Move to…' on the card moves this one; 'Not just this one…' opens its details, where its repeat is", async ({ page }) => {
    await openWithSeries(page);
    await page.getByRole('button', { name: 'Next week' }).click();
    // With a mouse, 'Move to…' on a card is the keyboard's (a mouse drags): Tab reaches it.
    await column(page, 'Mon 30 Nov').getByRole('button', { name: 'Move "Water plants" to…' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: 'Move “Water plants” to…' }).getByRole('button', { name: 'Some Day' }).click();
    const moved = toast(page, 'Moved “Water plants” to Some Day, this one only');
    await expect(moved).toBeVisible();
    await expectWeeks(page, { 'Mon 23 Nov': ['Water plants'], 'Some Day': ['Water plants'], 'Mon 7 Dec': ['Water plants'] });
    await moved.getByRole('button', { name: 'Not just this one…' }).click();
    const details = page.getByRole('dialog', { name: 'Task details' });
    await expect(details.getByRole('combobox', { name: 'Repeat' })).toHaveValue('weekly');
  });

  test("the details show the series and delete this one alone, as the card does", async ({ page }) => {
    await openWithSeries(page);
    await page.getByRole('button', { name: 'Next week' }).click();
    await page.getByRole('button', { name: 'Next week' }).click();
    await column(page, 'Mon 7 Dec').getByRole('button', { name: 'Details of "Water plants"' }).click();
    const details = page.getByRole('dialog', { name: 'Task details' });
    await expect(details).toHaveAccessibleDescription('Every Monday');
    await expect(details.getByRole('combobox', { name: 'Repeat' })).toHaveValue('weekly');
    await expect(details.getByRole('checkbox', { name: 'Monday' })).toBeChecked();
    await expect(details.getByText('Occurrence 3')).toBeVisible();
    await expect(details.getByText('Mon 23 Nov 2026')).toBeVisible();
    await expect(details.getByText('None: it repeats on')).toBeVisible();
    await details.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(toast(page, 'Deleted “Water plants” on Mon 7 Dec, this one only')).toBeVisible();
    await expectWeeks(page, { 'Mon 23 Nov': ['Water plants'], 'Mon 30 Nov': ['Water plants'] });
  });
});

test.describe('phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('drags by touch (a 250 ms press, then a move) into another day', async ({ page }) => {
    await openWithSeries(page);
    await page.evaluate(() => scrollTo(0, 0));
    await page.waitForLoadState('networkidle');
    const cdp = await page.context().newCDPSession(page);
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', point?: { x: number; y: number }) =>
      cdp.send('Input.dispatchTouchEvent', { type, touchPoints: point ? [point] : [] });
    const from = await centre(plants(page, 'Mon 23 Nov'));
    const to = await centre(column(page, 'Tue 24 Nov'));
    await touch('touchStart', from);
    await page.waitForTimeout(250);
    for (let i = 1; i <= 15; i++) await touch('touchMove', { x: from.x + ((to.x - from.x) * i) / 15, y: from.y + ((to.y - from.y) * i) / 15 });
    await expect(dragLayer(page)).toBeVisible();
    await expect(plants(page, 'Tue 24 Nov')).toBeVisible();
    await touch('touchEnd');
    await expect(toast(page, 'Moved “Water plants” to Tue 24 Nov, this one only')).toBeVisible();
    await expectWeeks(page, { 'Tue 24 Nov': ['Water plants'], 'Mon 30 Nov': ['Water plants'], 'Mon 7 Dec': ['Water plants'] });
  });
});
