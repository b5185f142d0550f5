import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { openBoard } from './support/board';

// A series carries its labels to every occurrence (issue 43.2) in the real build: '#name' with a repeat phrase in a
// day's add box labels the series, each occurrence shows the chips, the header's filter shows the occurrences with a
// chosen label, and an occurrence's details set the labels of the whole series. The clock is Wed 25 Nov 2026.

const card = (page: Page, day: string, title: string) =>
  page
    .getByRole('region', { name: day, exact: true })
    .getByRole('listitem')
    .filter({ has: page.getByRole('button', { name: `Mark "${title}" complete` }) });

test.use({ viewport: { width: 1280, height: 800 } });

test("'#name' with a repeat labels the series: chips on every occurrence, the filter, the details for all of them", async ({ page }) => {
  await openBoard(page);
  await page.getByRole('button', { name: 'Add task to Wed 25 Nov' }).click();
  const input = page.getByRole('textbox', { name: 'New task for Wed 25 Nov' });
  await input.fill('Standup every weekday #work');
  await input.press('Enter');
  await expect(page.getByText('Added “Standup”: Every weekday')).toBeVisible();
  for (const day of ['Wed 25 Nov', 'Thu 26 Nov', 'Fri 27 Nov']) await expect(card(page, day, 'Standup').locator('.label-chip')).toHaveText(['work']);
  await expect(card(page, 'Thu 26 Nov', 'Standup').getByRole('button', { name: /^Standup ?, labels: work$/ })).toBeVisible();
  const stored = await page.evaluate(() => ({
    series: JSON.parse(localStorage.getItem('weekly-planner-series')!) as { series: Array<{ template: { title: string; labels?: string[] } }> },
    catalog: JSON.parse(localStorage.getItem('weekly-planner-catalog')!) as { labels: Array<{ id: string; name: string }> },
  }));
  expect(stored.series.series.map((one) => one.template)).toEqual([{ title: 'Standup', notes: '', labels: [stored.catalog.labels[0]!.id] }]);

  // The filter: occurrences with the chosen label show, plain tasks without it are hidden.
  await page.getByRole('button', { name: 'Filter by label' }).click();
  const filter = page.getByRole('dialog', { name: 'Filter by label' });
  await filter.getByRole('checkbox', { name: 'work' }).check();
  await filter.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('button', { name: 'Buy groceries', exact: true })).toBeHidden();
  await expect(card(page, 'Fri 27 Nov', 'Standup')).toBeVisible();

  // An occurrence's details set the series' labels: every occurrence, next week's too.
  await card(page, 'Thu 26 Nov', 'Standup').getByRole('button', { name: 'Details of "Standup"' }).click();
  const details = page.getByRole('dialog', { name: 'Task details' });
  await expect(details.getByRole('group', { name: 'Labels' })).toHaveAccessibleDescription('Every occurrence of this repeating task carries them.');
  await details.getByRole('textbox', { name: 'New label for this repeating task' }).fill('Team');
  await details.getByRole('button', { name: 'Add label' }).click();
  await expect(details.getByRole('checkbox', { name: 'Team' })).toBeChecked();
  await details.getByRole('checkbox', { name: 'work' }).uncheck();
  await details.getByRole('button', { name: 'Save' }).click();
  // 'work' is no longer on the series: the filter (still 'work') hides its occurrences now.
  await expect(card(page, 'Wed 25 Nov', 'Standup')).toBeHidden();
  await page.getByRole('button', { name: 'Label filter: showing work' }).click();
  await page.getByRole('dialog', { name: 'Filter by label' }).getByRole('button', { name: 'Show all tasks' }).click();
  await page.keyboard.press('Escape');
  for (const day of ['Wed 25 Nov', 'Thu 26 Nov', 'Fri 27 Nov']) await expect(card(page, day, 'Standup').locator('.label-chip')).toHaveText(['Team']);
  await page.getByRole('button', { name: 'Next week' }).click();
  await expect(card(page, 'Mon 30 Nov', 'Standup').locator('.label-chip')).toHaveText(['Team']);
  await page.reload();
  await expect(card(page, 'Thu 26 Nov', 'Standup').locator('.label-chip')).toHaveText(['Team']);
});
