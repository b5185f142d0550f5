import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { BOARD, openBoard } from './support/board';

// Keys typed the moment a lazily loaded field is asked for: '/' then a search, '+ New list' then a name and Enter.
// The field's code is a chunk of its own, fetched on that first press; here it is held back 700 ms, so every key
// lands before it comes (the old code lost them: the letters before the field, or the name and its Enter). Found by
// hand on the real build, where a press and four letters at typing speed lost 'mi' of 'milk' or all of it.

async function holdBack(page: Page, chunk: RegExp) {
  let held = 0;
  await page.route(chunk, async (route) => {
    held++;
    await new Promise((resolve) => setTimeout(resolve, 700));
    await route.continue();
  });
  return () => held;
}

test.use({ viewport: { width: 1280, height: 800 } });

test("'/' and a search typed at once, before search's code has come: every letter is the search", async ({ page }) => {
  const held = await holdBack(page, /\/SearchContainer-[^/]*\.js$/);
  await openBoard(page, { tasks: [...BOARD, { id: 'task-1-milk', title: 'Pour the milk', date: '2026-11-25', completed: false, createdAt: 1, order: 9 }] });
  await page.keyboard.press('/');
  await page.keyboard.type('mi');
  await page.keyboard.press('Backspace');
  await page.keyboard.type('ilk');
  const field = page.getByRole('combobox', { name: 'Search tasks' });
  await expect(field).toHaveValue('milk');
  expect(held()).toBe(1);
  // The caret is after the held letters: the next key adds to them.
  await page.keyboard.type(' b');
  await expect(field).toHaveValue('milk b');
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Backspace');
  await expect(page.getByRole('dialog', { name: 'Search tasks' }).getByRole('option')).toHaveCount(1);
});

test("'+ New list' and a name with Enter typed at once, before the form's code has come: the list is made once", async ({ page }) => {
  const held = await holdBack(page, /\/ListColumns-[^/]*\.js$/);
  await openBoard(page);
  await page.getByRole('button', { name: '+ New list' }).click();
  await page.keyboard.type('Errands');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('region', { name: 'Errands', exact: true })).toBeVisible();
  expect(held()).toBe(1);
  const lists = await page.evaluate(() => (JSON.parse(localStorage.getItem('weekly-planner-catalog') ?? '{"lists":[]}') as { lists: Array<{ name: string }> }).lists);
  expect(lists.map((list) => list.name)).toEqual(['Errands']);
  // The form stays for the next name, empty, and typing carries on in it.
  await page.getByRole('button', { name: '+ New list' }).click();
  await page.keyboard.type('Books');
  await expect(page.getByRole('textbox', { name: "New list's name" })).toHaveValue('Books');
});

test("'+ New list' typed into, then Escape before the form's code has come: nothing is made, and the next opening starts empty", async ({ page }) => {
  await holdBack(page, /\/ListColumns-[^/]*\.js$/);
  await openBoard(page);
  await page.getByRole('button', { name: '+ New list' }).click();
  await page.keyboard.type('Oops');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: '+ New list' })).toBeFocused();
  await page.getByRole('button', { name: '+ New list' }).click();
  await expect(page.getByRole('textbox', { name: "New list's name" })).toHaveValue('');
  await page.waitForTimeout(800);
  await expect(page.getByRole('textbox', { name: "New list's name" })).toHaveValue('');
  expect(await page.evaluate(() => localStorage.getItem('weekly-planner-catalog'))).toBeNull();
});
