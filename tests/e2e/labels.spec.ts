import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { openBoard } from './support/board';

// Labels (issue 43.2) in the real build: '#name' in an add box makes and puts a label, the header's filter shows only
// the tasks with the chosen labels and keeps that choice over a reload, the 'Labels and lists' dialog makes, refuses,
// renames and deletes (with Undo), and the details view sets a task's labels. The clock is Wed 25 Nov 2026.

const card = (page: Page, title: string) => page.getByRole('listitem').filter({ has: page.getByRole('button', { name: `Mark "${title}" complete` }) });

async function openLabels(page: Page) {
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Labels and lists' }).click();
  return page.getByRole('dialog', { name: 'Labels and lists' });
}

test.use({ viewport: { width: 1280, height: 800 } });

test("'#name' in quick add labels the task, and the header's filter shows only those tasks, after a reload too", async ({ page }) => {
  await openBoard(page);
  await page.getByRole('button', { name: 'Add task to Thu 26 Nov' }).click();
  const input = page.getByRole('textbox', { name: 'New task for Thu 26 Nov' });
  await input.fill('Call the bank #errands');
  await input.press('Enter');
  const bank = card(page, 'Call the bank');
  await expect(bank.locator('.label-chip')).toHaveText(['errands']);
  // The title button says its labels too (a screen reader hears them; colour is never the only cue).
  await expect(bank.getByRole('button', { name: /^Call the bank ?, labels: errands$/ })).toBeVisible();
  // A second task with the same label, typed in another case: one label.
  await page.getByRole('button', { name: 'Add task to Fri 27 Nov' }).click();
  await page.getByRole('textbox', { name: 'New task for Fri 27 Nov' }).fill('Post the letters #Errands');
  await page.getByRole('textbox', { name: 'New task for Fri 27 Nov' }).press('Enter');
  await expect(card(page, 'Post the letters').locator('.label-chip')).toHaveText(['errands']);

  await page.getByRole('button', { name: 'Filter by label' }).click();
  const filter = page.getByRole('dialog', { name: 'Filter by label' });
  await expect(filter.getByRole('checkbox')).toHaveCount(1);
  await filter.getByRole('checkbox', { name: 'errands' }).check();
  await filter.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('button', { name: 'Buy groceries', exact: true })).toBeHidden();
  await expect(bank).toBeVisible();
  await expect(card(page, 'Post the letters')).toBeVisible();

  await page.reload();
  await expect(page.getByRole('button', { name: 'Label filter: showing errands' })).toBeVisible();
  await expect(card(page, 'Call the bank')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Buy groceries', exact: true })).toBeHidden();
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('weekly-planner-tasks')!) as Array<{ title: string; labels?: string[] }>);
  const catalog = await page.evaluate(() => JSON.parse(localStorage.getItem('weekly-planner-catalog')!) as { labels: Array<{ id: string; name: string }> });
  expect(catalog.labels.map((label) => label.name)).toEqual(['errands']);
  expect(stored.filter((task) => task.labels).map((task) => [task.title, task.labels])).toEqual([
    ['Call the bank', [catalog.labels[0]!.id]],
    ['Post the letters', [catalog.labels[0]!.id]],
  ]);

  await page.getByRole('button', { name: 'Label filter: showing errands' }).click();
  await page.getByRole('dialog', { name: 'Filter by label' }).getByRole('button', { name: 'Show all tasks' }).click();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Buy groceries', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Filter by label' })).toBeVisible();
});

test('the labels dialog makes, refuses, renames and deletes labels (with Undo); the details view puts them on a task', async ({ page }) => {
  await openBoard(page);
  let dialog = await openLabels(page);
  const name = dialog.getByRole('textbox', { name: "New label's name" });
  await name.fill('Work');
  await dialog.getByRole('combobox', { name: "New label's colour" }).selectOption('Blue');
  await dialog.getByRole('button', { name: 'Add label' }).click();
  await expect(dialog.getByRole('textbox', { name: 'Name of the label Work' })).toHaveValue('Work');
  // Refused with a reason, and nothing stored.
  await name.fill('WÖRK');
  await dialog.getByRole('button', { name: 'Add label' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('There is already a label named “Work”.');
  await name.fill('x'.repeat(101));
  await dialog.getByRole('button', { name: 'Add label' }).click();
  await expect(dialog.getByRole('alert')).toHaveText("A label's name can be at most 100 characters (this one has 101).");
  await name.fill('   ');
  await dialog.getByRole('button', { name: 'Add label' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('A label needs a name.');
  expect(await page.evaluate(() => (JSON.parse(localStorage.getItem('weekly-planner-catalog')!) as { labels: unknown[] }).labels.length)).toBe(1);
  await page.keyboard.press('Escape');

  // The details view: tick the label, and the card shows it at once.
  await page.getByRole('button', { name: 'Details of "Buy groceries"' }).click();
  const details = page.getByRole('dialog', { name: 'Task details' });
  await details.getByRole('checkbox', { name: 'Work' }).check();
  await details.getByRole('textbox', { name: 'New label for this task' }).fill('Shopping');
  await details.getByRole('button', { name: 'Add label' }).click();
  await expect(details.getByRole('checkbox', { name: 'Shopping' })).toBeChecked();
  await details.getByRole('button', { name: 'Save' }).click();
  await expect(card(page, 'Buy groceries').locator('.label-chip')).toHaveText(['Shopping', 'Work']);

  // Rename and recolour show on the card; delete takes it off, Undo brings it back.
  dialog = await openLabels(page);
  const work = dialog.getByRole('textbox', { name: 'Name of the label Work' });
  await work.fill('Office');
  await work.press('Enter');
  await dialog.getByRole('combobox', { name: 'Colour of the label Office' }).selectOption('Green');
  await expect(card(page, 'Buy groceries').locator('.label-chip[data-colour="green"]')).toHaveText('Office');
  await dialog.getByRole('button', { name: 'Delete the label Office' }).click();
  await expect(card(page, 'Buy groceries').locator('.label-chip')).toHaveText(['Shopping']);
  await expect(dialog.getByRole('status')).toHaveText(/Deleted the label “Office”/);
  await dialog.getByRole('button', { name: 'Undo' }).click();
  await expect(card(page, 'Buy groceries').locator('.label-chip')).toHaveText(['Office', 'Shopping']);
});
