import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { openBoard } from './support/board';

// The '+' buttons on a 390×844 touch phone: the floating '+' adds 'New task' with its title open for typing, and that
// first rename reads '#name' and repeat phrases as a day's add box does; a later rename keeps the text as typed. A
// day's '+' opens its add box, which reads them too. The clock is Wed 25 Nov 2026.

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const today = (page: Page) => page.getByRole('region', { name: 'Wed 25 Nov', exact: true });
const card = (page: Page, day: string, title: string) =>
  page
    .getByRole('region', { name: day, exact: true })
    .getByRole('listitem')
    .filter({ has: page.getByRole('button', { name: `Mark "${title}" complete` }) });

async function typeAfterPlus(page: Page, text: string) {
  await page.getByRole('button', { name: 'Add task for today' }).tap();
  await expect(page.getByRole('textbox', { name: 'Edit "New task"' })).toBeFocused();
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
}

test("what is typed after '+' is read as an add box reads it: labels, a repeat; a later rename keeps '#'", async ({ page }) => {
  await openBoard(page);
  await typeAfterPlus(page, 'Pack for the trip #travel');
  const pack = card(page, 'Wed 25 Nov', 'Pack for the trip');
  await expect(pack.locator('.label-chip')).toHaveText(['travel']);
  await expect(today(page).getByRole('button', { name: /^Pack for the trip #travel/ })).toHaveCount(0);

  // A repeat phrase turns it into a series (labelled): occurrences on the weekdays from today.
  await typeAfterPlus(page, 'Standup every weekday #work');
  await expect(page.getByText('Added “Standup”: Every weekday')).toBeVisible();
  await expect(card(page, 'Thu 26 Nov', 'Standup').locator('.label-chip')).toHaveText(['work']);
  await expect(card(page, 'Wed 25 Nov', 'New task')).toHaveCount(0);
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('weekly-planner-tasks')!) as Array<{ title: string }>);
  expect(stored.map((task) => task.title)).not.toContain('New task');

  // A later rename of that task is its title as typed.
  await pack.getByRole('button', { name: /^Pack for the trip/ }).tap();
  const field = page.getByRole('textbox', { name: 'Edit "Pack for the trip"' });
  await field.fill('Pack bag #2 every monday');
  await field.press('Enter');
  await expect(card(page, 'Wed 25 Nov', 'Pack bag #2 every monday').locator('.label-chip')).toHaveText(['travel']);

  // Undo (the header's button) takes back the parsed rename: the task '+' made comes back as 'New task'.
  await page.getByRole('button', { name: 'Undo', exact: true }).first().tap();
  await expect(card(page, 'Wed 25 Nov', 'Pack for the trip')).toBeVisible();
  await page.getByRole('button', { name: 'Undo', exact: true }).first().tap();
  await expect(card(page, 'Wed 25 Nov', 'New task')).toBeVisible();
  await expect(card(page, 'Thu 26 Nov', 'Standup')).toHaveCount(0);
});

test("a day's '+' opens its add box, which reads '#name' too", async ({ page }) => {
  await openBoard(page);
  await page.getByRole('button', { name: 'Add task to Fri 27 Nov' }).tap();
  const input = page.getByRole('textbox', { name: 'New task for Fri 27 Nov' });
  await expect(input).toBeFocused();
  await page.keyboard.type('Book the train #travel');
  await page.keyboard.press('Enter');
  await expect(card(page, 'Fri 27 Nov', 'Book the train').locator('.label-chip')).toHaveText(['travel']);
});
