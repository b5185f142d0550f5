import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { BOARD, openBoard } from './support/board';

// A 390×844 touch phone and a 768×1024 tablet, tried as a person would: the agenda opens on today, the strip and
// 'Today' jump, '+' shows the new task ready to type, 'Move to…' moves without dragging, every control is
// finger-sized and in reach, and a toast leaves the header and the '+' alone.

const headerBottom = (page: Page) => page.locator('header').first().evaluate((header) => header.getBoundingClientRect().bottom);
const topOf = (page: Page, name: string) => page.getByRole('region', { name }).evaluate((region) => region.getBoundingClientRect().top);

/**
 * Each visible control's box, and whether a tap at its centre reaches it. A control whose centre lies under the
 * header (or a day's stuck heading) or under the '+' and its bar along the bottom is out of view (it scrolls
 * there), so it only needs its size.
 */
function controls(page: Page) {
  return page.evaluate(() => {
    const plus = document.querySelector('button[aria-label="Add task for today"]')!;
    const bar = plus.parentElement!;
    const page = document.querySelector('header')!;
    const headerBottom = page.getBoundingClientRect().bottom;
    // A day's heading stuck under the header covers its tasks as they scroll by, as the header does.
    const stuck = [...document.querySelectorAll('section > header')].filter((heading) => {
      const box = heading.getBoundingClientRect();
      return box.top <= headerBottom + 1.5 && box.bottom > headerBottom;
    });
    const top = Math.max(headerBottom, ...stuck.map((heading) => heading.getBoundingClientRect().bottom));
    const bottom = Math.min(bar.getBoundingClientRect().top, plus.getBoundingClientRect().top);
    return [...document.querySelectorAll<HTMLElement>('button, a[href], input')]
      .filter((element) => element.checkVisibility() && element.getBoundingClientRect().height > 0 && !element.closest('.icon-preload'))
      .map((element) => {
        const box = element.getBoundingClientRect();
        const x = box.left + box.width / 2;
        const y = box.top + box.height / 2;
        const fixed = page.contains(element) || bar.contains(element);
        const inView = fixed || (y > (element.closest('section > header') ? headerBottom : top) && y < bottom);
        const hit = inView ? document.elementFromPoint(x, y) : null;
        return { name: element.getAttribute('aria-label') ?? element.textContent ?? '', width: box.width, height: box.height, reached: !inView || (!!hit && element.contains(hit)) };
      });
  });
}

test.describe('phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("opens on today's heading right under a one-row header and the week's title; an empty day is one line", async ({ page }) => {
    await openBoard(page);
    const under = await headerBottom(page);
    expect(Math.abs((await topOf(page, 'Wed 25 Nov')) - under - 8)).toBeLessThanOrEqual(2);
    const rows = await page.locator('header').first().locator('button').evaluateAll((buttons) => new Set(buttons.filter((b) => !b.closest('nav') && b.checkVisibility()).map((b) => Math.round(b.getBoundingClientRect().top))).size);
    expect(rows, 'the header is one row (and the strip under it)').toBe(1);
    const title = page.getByRole('heading', { level: 1 });
    expect(await title.evaluate((h1) => h1.scrollWidth <= h1.clientWidth), 'the week title is not cut').toBe(true);
    // The longest titles are a week across two months (or years): beside the buttons it read 'Nov – D…'.
    await page.getByRole('button', { name: 'Next week' }).click();
    await expect(title).toHaveText('Nov – Dec 2026');
    expect(await title.evaluate((h1) => h1.scrollWidth <= h1.clientWidth), 'a two-month title is not cut').toBe(true);
    await page.setViewportSize({ width: 320, height: 700 });
    expect(await title.evaluate((h1) => h1.scrollWidth <= h1.clientWidth), 'nor at 320 px').toBe(true);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'Previous week' }).click();
    const sunday = await page.getByRole('region', { name: 'Sun 29 Nov' }).boundingBox();
    expect(sunday!.height).toBeLessThanOrEqual(60);
    // Days pass under the header once the page scrolls: it blurs them (at the top there is nothing to blur).
    const blur = () => page.locator('header').first().evaluate((header) => getComputedStyle(header).backdropFilter);
    await expect.poll(blur).toBe('blur(8px)');
    await page.evaluate(() => scrollTo(0, 0));
    await expect.poll(blur).toBe('none');
  });

  test('the strip jumps to a day, Today comes back; a day heading stays in sight while its 30 tasks scroll', async ({ page }) => {
    const many = Array.from({ length: 30 }, (_, i) => ({ id: `task-many-${i}`, title: `Errand ${i + 1}`, date: '2026-11-26', completed: false, createdAt: 100 + i, order: 1 + i }));
    await openBoard(page, { tasks: [...BOARD, ...many] });
    const strip = page.getByRole('navigation', { name: 'Days' });
    await expect(strip.getByRole('button', { name: 'Wed 25 Nov' })).toHaveAttribute('aria-current', 'date');
    await strip.getByRole('button', { name: 'Sat 28 Nov' }).tap();
    expect(Math.abs((await topOf(page, 'Sat 28 Nov')) - (await headerBottom(page)) - 8)).toBeLessThanOrEqual(2);

    await strip.getByRole('button', { name: 'Thu 26 Nov' }).tap();
    await page.mouse.wheel(0, 900);
    await expect(page.getByRole('button', { name: 'Errand 20', exact: true })).toBeInViewport();
    const heading = page.getByRole('heading', { name: 'Thu 26 Nov' });
    await expect(heading).toBeInViewport();
    const headingTop = await heading.evaluate((h) => h.getBoundingClientRect().top);
    expect(headingTop).toBeGreaterThanOrEqual((await headerBottom(page)) - 1);

    await page.getByRole('button', { name: 'Next week' }).tap();
    await page.getByRole('button', { name: 'Today', exact: true }).tap();
    await expect.poll(async () => Math.abs((await topOf(page, 'Wed 25 Nov')) - (await headerBottom(page)) - 8)).toBeLessThanOrEqual(2);
  });

  test("'+' shows the new task in view, ready to type over 'New task'", async ({ page }) => {
    await openBoard(page);
    await page.getByRole('navigation', { name: 'Days' }).getByRole('button', { name: 'Some Day' }).tap();
    await page.getByRole('button', { name: 'Add task for today' }).tap();
    const field = page.getByRole('textbox', { name: 'Edit "New task"' });
    await expect(field).toBeFocused();
    await expect(field).toBeInViewport();
    await page.keyboard.type('Water the plants');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('region', { name: 'Wed 25 Nov' }).getByRole('listitem').last()).toHaveText('Water the plants');
  });

  test("'Move to…' by touch moves a task to next week as one step, and Undo brings it back", async ({ page }) => {
    await openBoard(page);
    await page.getByRole('button', { name: 'Move "Dentist at 10" to…' }).tap();
    const dialog = page.getByRole('dialog', { name: 'Move “Dentist at 10” to…' });
    await expect(dialog.getByRole('button', { name: 'Wed 25 Nov' })).toBeDisabled();
    await dialog.getByRole('group', { name: 'Next week' }).getByRole('button', { name: 'Tue 1 Dec' }).tap();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: 'Dentist at 10', exact: true })).toHaveCount(0);
    await page.getByRole('button', { name: 'Next week' }).tap();
    await expect(page.getByRole('region', { name: 'Tue 1 Dec' }).getByRole('listitem')).toHaveText(['Dentist at 10']);
    await page.getByRole('button', { name: 'Undo' }).tap();
    await page.getByRole('button', { name: 'Today', exact: true }).tap();
    await expect(page.getByRole('region', { name: 'Wed 25 Nov' }).getByRole('listitem').first()).toHaveText('Dentist at 10');
  });

  test('every control is at least 44×44 and none lies under the floating + as the agenda scrolls', async ({ page }) => {
    await openBoard(page);
    for (const y of [0, 300, 600, 900, 2000]) {
      await page.evaluate((top) => scrollTo(0, top), y);
      const found = await controls(page);
      expect(found.filter((c) => c.width < 44 || c.height < 44).map((c) => `${c.name} ${c.width}×${c.height}`)).toEqual([]);
      expect(found.filter((c) => !c.reached).map((c) => c.name)).toEqual([]);
    }
  });
});

for (const [width, height, touch] of [
  [390, 844, true],
  [768, 1024, true],
  [768, 1024, false],
  [1280, 800, false],
] as const) {
  test.describe(`${width}×${height}${touch ? ' touch' : ''}`, () => {
    test.use({ viewport: { width, height }, isMobile: touch, hasTouch: touch });

    test("a deletion's toast covers neither the header's controls nor the +, and its Undo works", async ({ page }) => {
      await openBoard(page);
      await page.getByRole('button', { name: 'Delete "Buy groceries"' }).click();
      const toast = page.locator('[data-sonner-toast]');
      const undo = toast.getByRole('button', { name: 'Undo' });
      await expect(undo).toBeVisible();
      await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
      // Measured at once, then Undo pressed: the toast stays about 5 s.
      const [box, undoBox] = [(await toast.boundingBox())!, (await undo.boundingBox())!];
      if (touch) await undo.tap();
      else await undo.click();
      if (touch) expect(undoBox.height).toBeGreaterThanOrEqual(44);
      const overlaps = (other: { x: number; y: number; width: number; height: number }) =>
        box.x < other.x + other.width && other.x < box.x + box.width && box.y < other.y + other.height && other.y < box.y + box.height;
      for (const control of await page.locator('header').first().getByRole('button').all()) {
        if (await control.isVisible()) expect(overlaps((await control.boundingBox())!), (await control.getAttribute('aria-label')) ?? 'a header button').toBe(false);
      }
      expect(overlaps((await page.getByRole('button', { name: 'Add task for today' }).boundingBox())!)).toBe(false);
      await expect(page.getByRole('button', { name: 'Buy groceries', exact: true })).toBeVisible();
    });
  });
}
