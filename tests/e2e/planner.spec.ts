import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { TASKS_KEY, type StoredTask } from './support/stored';

// The planner's non-drag flows in the real build, served by the real server.
// The clock is fixed to Wednesday 25 November 2026 (timers still run), so week titles are known.

const TODAY = new Date(2026, 10, 25, 10, 0);

test.beforeEach(async ({ page }) => {
  await page.clock.setFixedTime(TODAY);
});

const column = (page: Page, name: string) => page.getByRole('region', { name });
const dayHeadings = (page: Page) => page.getByRole('heading', { level: 2 });

async function storedTasks(page: Page): Promise<unknown> {
  return page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? 'null'), TASKS_KEY);
}

/** Seeds the stored tasks before the app's first load in this tab only, so a reload shows what the app saved. */
async function seed(page: Page, tasks: StoredTask[]) {
  await page.addInitScript(
    ([key, value]) => {
      if (sessionStorage.getItem('seeded')) return;
      sessionStorage.setItem('seeded', '1');
      localStorage.setItem(key!, value!);
    },
    [TASKS_KEY, JSON.stringify(tasks)],
  );
}

const task = (fields: Partial<StoredTask> & Pick<StoredTask, 'id' | 'title' | 'date'>): StoredTask => ({
  completed: false,
  createdAt: 1,
  order: 0,
  ...fields,
});

test('shows the week Monday first with Some Day, and moves between weeks', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Nov 2026');
  await expect(dayHeadings(page)).toHaveText(['Mon 23 Nov', 'Tue 24 Nov', 'Wed 25 Nov', 'Thu 26 Nov', 'Fri 27 Nov', 'Sat 28 Nov', 'Sun 29 Nov', 'Some Day']);
  await expect(page.locator('section[aria-current="date"]')).toHaveCount(1);
  await expect(column(page, 'Wed 25 Nov')).toHaveAttribute('aria-current', 'date');
  await expect(page.getByText('No tasks yet')).toHaveCount(8);

  await page.getByRole('button', { name: 'Next week' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Nov – Dec 2026');
  await expect(dayHeadings(page)).toHaveText(['Mon 30 Nov', 'Tue 1 Dec', 'Wed 2 Dec', 'Thu 3 Dec', 'Fri 4 Dec', 'Sat 5 Dec', 'Sun 6 Dec', 'Some Day']);
  await expect(page.locator('section[aria-current="date"]')).toHaveCount(0);

  await page.getByRole('button', { name: 'Previous week' }).click();
  await page.getByRole('button', { name: 'Previous week' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Nov 2026');
  await expect(dayHeadings(page).first()).toHaveText('Mon 16 Nov');

  await page.getByRole('button', { name: 'Today', exact: true }).click();
  await expect(dayHeadings(page).first()).toHaveText('Mon 23 Nov');
  await expect(column(page, 'Wed 25 Nov')).toHaveAttribute('aria-current', 'date');
});

test('adds tasks with a column plus button: Enter or blur adds, Escape or empty text cancels', async ({ page }) => {
  await page.goto('/');
  const thursday = column(page, 'Thu 26 Nov');
  const plus = page.getByRole('button', { name: 'Add task to Thu 26 Nov' });
  const input = page.getByRole('textbox', { name: 'New task for Thu 26 Nov' });

  await plus.click();
  await expect(input).toBeFocused();
  await input.fill('  Dentist at 10  ');
  await input.press('Enter');
  // The line stays open, empty and focused for the next task; Escape closes it.
  await expect(thursday.getByRole('listitem')).toHaveText(['Dentist at 10']);
  await expect(input).toBeFocused();
  await expect(input).toHaveValue('');
  await input.press('Escape');
  await expect(input).toBeHidden();
  await expect(plus).toBeFocused();

  await plus.click();
  await input.fill('Pick up parcel');
  await page.getByRole('heading', { level: 1 }).click(); // blur
  await expect(thursday.getByRole('listitem')).toHaveText(['Dentist at 10', 'Pick up parcel']);

  await plus.click();
  await input.fill('Never mind');
  await input.press('Escape');
  await expect(input).toBeHidden();
  await plus.click();
  await input.fill('   ');
  await page.getByRole('heading', { level: 1 }).click();
  await expect(input).toBeHidden();
  await plus.click();
  await input.press('Enter');
  await expect(input).toBeHidden();
  await expect(thursday.getByRole('listitem')).toHaveCount(2);

  await page.getByRole('button', { name: 'Add task to Some Day' }).click();
  await page.getByRole('textbox', { name: 'New task for Some Day' }).fill('Learn the cello');
  await page.keyboard.press('Enter');
  await expect(column(page, 'Some Day').getByRole('listitem')).toHaveText(['Learn the cello']);

  await expect
    .poll(() => storedTasks(page))
    .toEqual([
      expect.objectContaining({ title: 'Dentist at 10', date: '2026-11-26', order: 0, completed: false }),
      expect.objectContaining({ title: 'Pick up parcel', date: '2026-11-26', order: 1, completed: false }),
      expect.objectContaining({ title: 'Learn the cello', date: 'someday', order: 0, completed: false }),
    ]);
});

test('edits a title inline, completes and deletes tasks', async ({ page }) => {
  await seed(page, [task({ id: 'task-1-a', title: 'Buy milk', date: '2026-11-24' }), task({ id: 'task-2-b', title: 'Call mum', date: '2026-11-24', order: 1 })]);
  await page.goto('/');
  const tuesday = column(page, 'Tue 24 Nov');
  await expect(tuesday.getByRole('listitem')).toHaveText(['Buy milk', 'Call mum']);

  // Enter commits the trimmed title.
  await tuesday.getByRole('button', { name: 'Buy milk', exact: true }).click();
  const edit = tuesday.getByRole('textbox', { name: 'Edit "Buy milk"' });
  await expect(edit).toBeFocused();
  await edit.fill('  Buy oat milk ');
  await edit.press('Enter');
  await expect(tuesday.getByRole('button', { name: 'Buy oat milk', exact: true })).toBeFocused();

  // Escape reverts; an empty title is not saved; blur commits.
  await tuesday.getByRole('button', { name: 'Call mum', exact: true }).click();
  await tuesday.getByRole('textbox').fill('Call dad');
  await tuesday.getByRole('textbox').press('Escape');
  await expect(tuesday.getByRole('listitem')).toHaveText(['Buy oat milk', 'Call mum']);
  await tuesday.getByRole('button', { name: 'Call mum', exact: true }).click();
  await tuesday.getByRole('textbox').fill('  ');
  await tuesday.getByRole('textbox').press('Enter');
  await expect(tuesday.getByRole('listitem')).toHaveText(['Buy oat milk', 'Call mum']);
  await tuesday.getByRole('button', { name: 'Call mum', exact: true }).click();
  await tuesday.getByRole('textbox').fill('Call mum back');
  await page.getByRole('heading', { level: 1 }).click();
  await expect(tuesday.getByRole('listitem')).toHaveText(['Buy oat milk', 'Call mum back']);

  // Completing fades the card and strikes the title through; again undoes it.
  const check = tuesday.getByRole('button', { name: 'Mark "Buy oat milk" complete' });
  await check.click();
  const uncheck = tuesday.getByRole('button', { name: 'Mark "Buy oat milk" complete', pressed: true });
  await expect(uncheck).toHaveAttribute('aria-pressed', 'true');
  await expect(tuesday.getByRole('button', { name: 'Buy oat milk', exact: true })).toHaveCSS('text-decoration-line', 'line-through');
  // Faded by a muted colour (a11y.spec.ts holds it to 4.5:1 contrast), not by opacity.
  const titleColour = (name: string) => tuesday.getByRole('button', { name, exact: true }).evaluate((node) => getComputedStyle(node).color);
  expect(await titleColour('Buy oat milk')).not.toBe(await titleColour('Call mum back'));
  await uncheck.click();
  await expect(check).toHaveAttribute('aria-pressed', 'false');
  await expect(tuesday.getByRole('button', { name: 'Buy oat milk', exact: true })).toHaveCSS('text-decoration-line', 'none');
  await check.click();

  await tuesday.getByRole('listitem').nth(1).hover();
  await tuesday.getByRole('button', { name: 'Delete "Call mum back"' }).click();
  await expect(tuesday.getByRole('listitem')).toHaveText(['Buy oat milk']);
  await expect
    .poll(() => storedTasks(page))
    .toEqual([{ id: 'task-1-a', title: 'Buy oat milk', date: '2026-11-24', completed: true, createdAt: 1, order: 0 }]);

  await tuesday.getByRole('button', { name: 'Delete "Buy oat milk"' }).click();
  await expect(tuesday.getByText('No tasks yet')).toBeVisible();
  await expect.poll(() => storedTasks(page)).toEqual([]);
});

test('a check button draws its circle and its mark as one pseudo-element: the mark shows under the pointer and when done', async ({ page }) => {
  await seed(page, [task({ id: 'task-open', title: 'Open one', date: '2026-11-24' }), task({ id: 'task-done', title: 'Done one', date: '2026-11-24', order: 1, completed: true })]);
  await page.goto('/');
  const tuesday = column(page, 'Tue 24 Nov');
  const check = (title: string) => tuesday.getByRole('button', { name: `Mark "${title}" complete` });
  const pseudo = (title: string, which: '::before' | '::after') =>
    check(title).evaluate((button, which) => {
      const style = getComputedStyle(button, which);
      return { content: style.content, image: style.backgroundImage };
    }, which);
  // Each check button is one of thousands on a long week: a second pseudo-element was one more box to style for every card.
  expect((await pseudo('Open one', '::after')).content).toBe('none');
  expect((await pseudo('Open one', '::before')).image).toBe('none');
  await check('Open one').hover();
  await expect.poll(async () => (await pseudo('Open one', '::before')).image).toContain('data:image/svg+xml');
  expect((await pseudo('Done one', '::before')).image).toContain('data:image/svg+xml');
  expect((await pseudo('Done one', '::after')).content).toBe('none');
});

test("a card's check and delete are native buttons, by mouse and keyboard", async ({ page }) => {
  await seed(page, [task({ id: 'task-a', title: 'Open one', date: '2026-11-24', order: 0 }), task({ id: 'task-b', title: 'Other one', date: '2026-11-24', order: 1 })]);
  await page.goto('/');
  const tuesday = column(page, 'Tue 24 Nov');
  const check = tuesday.getByRole('button', { name: 'Mark "Open one" complete' });
  const remove = tuesday.getByRole('button', { name: 'Delete "Other one"' });
  expect(await check.evaluate((element) => element.tagName)).toBe('BUTTON');
  expect(await remove.evaluate((element) => element.tagName)).toBe('BUTTON');
  await check.click();
  await expect(check).toHaveAttribute('aria-pressed', 'true');
  await expect(check).not.toBeFocused();
  await remove.click();
  await expect(tuesday.getByRole('listitem')).toHaveText(['Open one']);
  // Tab reaches them; Space and Enter act as on a native button, and Space does not scroll the page.
  await tuesday.getByRole('button', { name: 'Move task: Open one' }).focus();
  await page.keyboard.press('Tab');
  await expect(check).toBeFocused();
  await page.keyboard.press('Space');
  await expect(check).toHaveAttribute('aria-pressed', 'false');
  await page.keyboard.press('Enter');
  await expect(check).toHaveAttribute('aria-pressed', 'true');
  expect(await page.evaluate(() => scrollY)).toBe(0);
  // Then the title, 'Move to…' (shown on focus) and delete.
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(tuesday.getByRole('button', { name: 'Move "Open one" to…' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(tuesday.getByRole('button', { name: 'Delete "Open one"' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(tuesday.getByRole('listitem')).toHaveCount(0);
});

test('a delete from the keyboard keeps focus in the day, also where a group of cards begins', async ({ page }) => {
  // 60 cards, all there from the first render: the first group holds 25 (cardGroups.ts), so the 26th opens the second.
  const titles = Array.from({ length: 60 }, (_, i) => `Item ${String(i + 1).padStart(2, '0')}`);
  await seed(page, titles.map((title, order) => task({ id: `task-${order}`, title, date: '2026-11-24', order })));
  await page.goto('/');
  const tuesday = column(page, 'Tue 24 Nov');
  await expect(tuesday.getByRole('listitem')).toHaveCount(60);
  const secondGroup = tuesday.getByRole('button', { name: 'Item 26', exact: true }).locator('xpath=ancestor::*[@role="presentation"][1]');
  await expect(secondGroup.getByRole('listitem').first()).toContainText('Item 26');

  await tuesday.getByRole('button', { name: 'Delete "Item 03"' }).focus();
  await page.keyboard.press('Enter');
  await expect(tuesday.getByRole('button', { name: 'Item 04', exact: true })).toBeFocused();

  await tuesday.getByRole('button', { name: 'Delete "Item 26"' }).focus();
  await page.keyboard.press('Enter');
  await expect(tuesday.getByRole('button', { name: 'Item 27', exact: true })).toBeFocused();

  await tuesday.getByRole('button', { name: 'Delete "Item 60"' }).focus();
  await page.keyboard.press('Space');
  await expect(tuesday.getByRole('button', { name: 'Item 59', exact: true })).toBeFocused();
  await expect(tuesday.getByRole('listitem')).toHaveCount(57);
});

test('keeps tasks across a reload, stored as a plain array under one key', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Add task to Mon 23 Nov' }).click();
  await page.keyboard.type('Plan the week');
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Add task for today' }).click();
  await column(page, 'Wed 25 Nov').getByRole('button', { name: 'Mark "New task" complete' }).click();
  await page.getByRole('button', { name: 'Next week' }).click();
  await page.getByRole('button', { name: 'Add task to Fri 4 Dec' }).click();
  await page.keyboard.type('Next week task');
  await page.keyboard.press('Enter');
  await expect(column(page, 'Fri 4 Dec').getByRole('listitem')).toHaveText(['Next week task']);

  await page.reload();
  await expect(column(page, 'Mon 23 Nov').getByRole('listitem')).toHaveText(['Plan the week']);
  await expect(column(page, 'Wed 25 Nov').getByRole('button', { name: 'Mark "New task" complete', pressed: true })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'Next week' }).click();
  await expect(column(page, 'Fri 4 Dec').getByRole('listitem')).toHaveText(['Next week task']);

  const stored = (await storedTasks(page)) as StoredTask[];
  expect(Array.isArray(stored)).toBe(true);
  expect(stored).toHaveLength(3);
  for (const entry of stored) {
    expect(Object.keys(entry).sort()).toEqual(['completed', 'createdAt', 'date', 'id', 'order', 'title']);
    expect(entry.id).toMatch(/^task-\d+-[a-z0-9]+$/);
    expect(entry.createdAt).toBe(TODAY.getTime());
  }
  const keys = await page.evaluate(() => Object.keys(localStorage));
  expect(keys.filter((key) => key.startsWith('persist:'))).toEqual([]);
});

test("the floating '+' adds 'New task' to today, whichever week is shown", async ({ page }) => {
  await page.goto('/');
  const add = page.getByRole('button', { name: 'Add task for today' });
  await expect(add.locator('xpath=..')).toHaveCSS('position', 'fixed');
  await add.click();
  // The new card opens for typing, 'New task' selected.
  await expect(column(page, 'Wed 25 Nov').getByRole('textbox', { name: 'Edit "New task"' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(column(page, 'Wed 25 Nov').getByRole('listitem')).toHaveText(['New task']);
  await page.getByRole('button', { name: 'Previous week' }).click();
  await add.click();
  await page.getByRole('button', { name: 'Today', exact: true }).click();
  await expect(column(page, 'Wed 25 Nov').getByRole('listitem')).toHaveText(['New task', 'New task']);
});

test('clicking a column toggles it selected; controls inside it do not', async ({ page }) => {
  await page.goto('/');
  const friday = column(page, 'Fri 27 Nov');
  const fridayToggle = page.getByRole('button', { name: 'Fri 27 Nov', exact: true });
  await friday.getByText('No tasks yet').click();
  await expect(fridayToggle).toHaveAttribute('aria-pressed', 'true');
  await expect(friday).not.toHaveCSS('box-shadow', 'none');

  await column(page, 'Some Day').click({ position: { x: 20, y: 100 } });
  await expect(fridayToggle).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByRole('button', { name: 'Some Day', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'Some Day', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Some Day', exact: true })).toHaveAttribute('aria-pressed', 'false');

  await page.getByRole('button', { name: 'Add task to Fri 27 Nov' }).click();
  await page.getByRole('textbox', { name: 'New task for Fri 27 Nov' }).click();
  await page.keyboard.type('Gym');
  await page.keyboard.press('Enter');
  await friday.getByRole('button', { name: 'Gym', exact: true }).click();
  await page.keyboard.press('Escape');
  await friday.getByRole('button', { name: 'Mark "Gym" complete' }).click();
  await expect(fridayToggle).toHaveAttribute('aria-pressed', 'false');
});

test('the theme toggle switches between light and dark and is remembered', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/');
  await page.getByRole('button', { name: 'Switch to dark theme' }).click();
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await page.reload();
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await page.getByRole('button', { name: 'Switch to light theme' }).click();
  await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');
});
