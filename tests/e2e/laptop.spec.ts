import { expect, test } from './support/test';
import { BOARD, openBoard, wordsBrokenIn } from './support/board';

// Laptops: eight columns, titles that wrap between words only, and card controls that leave the title its width.

for (const width of [1280, 1366, 1440, 1536]) {
  test.describe(`${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test('eight columns; every title wraps between words and has the card but its check and grip', async ({ page }) => {
      await openBoard(page);
      const columns = page.getByRole('region');
      await expect(columns).toHaveCount(8);
      const tops = await columns.evaluateAll((all) => all.map((column) => Math.round(column.getBoundingClientRect().top)));
      expect(new Set(tops).size, 'one row of columns').toBe(1);

      const titles = page.locator('.task-title');
      await expect(titles).toHaveCount(BOARD.length);
      expect(await wordsBrokenIn(titles)).toEqual([]);
      // The grip (12 px), the check (20 px) and a 4 px gap on the left, 6 px of padding and the border on the right.
      const spare = await titles.evaluateAll((all) => all.map((title) => title.closest('li')!.getBoundingClientRect().width - title.getBoundingClientRect().width));
      for (const px of spare) expect(px).toBeLessThanOrEqual(44);
    });

    test('the hidden delete shows over the title on hover and deletes; the keyboard reaches it and Move to…', async ({ page }) => {
      await openBoard(page);
      const card = page.getByRole('listitem').filter({ hasText: 'Buy groceries' });
      const remove = card.getByRole('button', { name: 'Delete "Buy groceries"' });
      await card.hover();
      await expect(remove).toBeVisible();
      const [title, button] = await Promise.all([card.locator('.task-title').boundingBox(), remove.boundingBox()]);
      expect(button!.x + button!.width).toBeLessThanOrEqual(title!.x + title!.width + 0.5);
      await remove.click();
      await expect(card).toHaveCount(0);

      await page.getByRole('button', { name: 'Pay the electricity bill', exact: true }).focus();
      await page.keyboard.press('Tab');
      await expect(page.getByRole('button', { name: 'Move "Pay the electricity bill" to…' })).toBeFocused();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Move “Pay the electricity bill” to…' });
      await dialog.getByRole('group', { name: 'This week' }).getByRole('button', { name: 'Thu 26 Nov' }).click();
      await expect(page.getByRole('region', { name: 'Thu 26 Nov' }).getByRole('listitem')).toHaveText(['Renew the passport', 'Pay the electricity bill']);
    });
  });
}
