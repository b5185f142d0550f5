import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { premiumDevices } from './support/premium';

// Labels, checklists and named lists between two devices of one Premium subscriber (issue 43.6), against the real build and server.
// Live: what one device does shows on the other without a reload. Offline: both make conflicting changes, come back,
// and end equal; then a named list made on one, a task moved into it, and moves into it from both while offline.
// Each kind of change is a helper below (addToSomeDay, addItems, tick, renameLabel, moveToList) and `held` compares
// what each device stores by name (ids differ where each device made its own).

// One subscriber's two devices, shared by the file's tests (serial).
const { a, b } = premiumDevices('organize-sync');

const LIVE = { timeout: 5000 };
const CONVERGED = { timeout: 15_000 };

/** A card of Some Day (the column every device shows whatever the date). */
const card = (page: Page, title: string) =>
  page
    .getByRole('region', { name: 'Some Day', exact: true })
    .getByRole('listitem')
    .filter({ has: page.getByRole('button', { name: `Mark "${title}" complete` }) });
const chips = (page: Page, title: string) => card(page, title).locator('.label-chip');
const progress = (page: Page, title: string) => card(page, title).getByRole('img', { name: /^Checklist:/ });
const details = (page: Page) => page.getByRole('dialog', { name: 'Task details' });

/** Adds through Some Day's add box, which reads '#name' (making the label when new). */
async function addToSomeDay(page: Page, typed: string, title: string) {
  await page.getByRole('button', { name: 'Add task to Some Day' }).click();
  await page.getByRole('textbox', { name: 'New task for Some Day' }).fill(typed);
  await page.keyboard.press('Enter');
  await expect(card(page, title)).toBeVisible();
}

/** Opens a task's details, does `edit` there, and closes them (closing saves). */
async function inDetails(page: Page, title: string, edit: (dialog: ReturnType<typeof details>) => Promise<void>) {
  await card(page, title).getByRole('button', { name: `Details of "${title}"` }).click();
  await expect(details(page)).toBeVisible();
  await edit(details(page));
  await details(page).getByRole('button', { name: 'Save' }).click();
  await expect(details(page)).toBeHidden();
}

async function addItems(page: Page, title: string, items: string[]) {
  await inDetails(page, title, async (dialog) => {
    for (const item of items) {
      await dialog.getByRole('textbox', { name: 'New checklist item' }).fill(item);
      await dialog.getByRole('button', { name: 'Add item' }).click();
      await expect(dialog.getByRole('checkbox', { name: `Done: ${item}` })).toBeVisible();
    }
  });
}

const tick = (page: Page, title: string, item: string) =>
  inDetails(page, title, async (dialog) => {
    await dialog.getByRole('checkbox', { name: `Done: ${item}` }).check();
    await expect(dialog.getByRole('checkbox', { name: `Done: ${item}` })).toBeChecked();
  });

async function renameLabel(page: Page, from: string, to: string) {
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Labels and lists' }).click();
  const dialog = page.getByRole('dialog', { name: 'Labels and lists' });
  const name = dialog.getByRole('textbox', { name: `Name of the label ${from}` });
  await name.fill(to);
  await name.press('Enter');
  await expect(dialog.getByRole('textbox', { name: `Name of the label ${to}` })).toHaveValue(to);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
}

/** What a device holds of labels and tasks, by name (ids differ only where a device made its own): to compare two. */
/**
 * 'alike' once both devices have stored the same; else both, for the failure's message. Both are read on every try:
 * a device's storage is written in idle time after its screen changes, so one read of it can be a step behind.
 */
async function heldAlike(a: Page, b: Page) {
  const [x, y] = (await Promise.all([held(a), held(b)])).map((state) => JSON.stringify(state));
  return x === y ? 'alike' : `a: ${x}\nb: ${y}`;
}

const held = (page: Page) =>
  page.evaluate(() => {
    const catalog = JSON.parse(localStorage.getItem('weekly-planner-catalog') ?? '{"labels":[]}') as {
      labels: Array<{ id: string; name: string }>;
      lists?: Array<{ id: string; name: string }>;
      aliases?: Record<string, string>;
    };
    const tasks = JSON.parse(localStorage.getItem('weekly-planner-tasks') ?? '[]') as Array<{
      id: string;
      title: string;
      date: string;
      list?: string;
      order: number;
      labels?: string[];
      checklist?: Array<{ text: string; done: boolean }>;
    }>;
    const listOf = (id?: string) => (id ? `/${catalog.lists?.find((list) => list.id === id)?.name ?? `(gone ${id})`}` : '');
    const nameOf = (id: string) => catalog.labels.find((label) => label.id === (catalog.aliases?.[id] ?? id))?.name ?? `(gone ${id})`;
    return {
      labels: catalog.labels.map((label) => label.name).sort(),
      lists: (catalog.lists ?? []).map((list) => list.name),
      tasks: tasks
        .map((task) => `${task.date}${listOf(task.list)}#${task.order} ${task.title} [${(task.labels ?? []).map(nameOf).sort().join(',')}] ${(task.checklist ?? []).map((item) => `${item.done ? '☑' : '☐'}${item.text}`).join(' ')}`)
        .sort(),
    };
  });

test('a label put on a task, a checklist item ticked and a label renamed show on the other device without a reload', async () => {
  await addToSomeDay(a.page, 'Pack for Lyon #travel', 'Pack for Lyon');
  await expect(chips(b.page, 'Pack for Lyon')).toHaveText(['travel'], LIVE);

  await addItems(a.page, 'Pack for Lyon', ['Passport', 'Charger', 'Tickets']);
  await expect(progress(b.page, 'Pack for Lyon')).toHaveText('0/3', LIVE);
  await tick(a.page, 'Pack for Lyon', 'Passport');
  await expect(progress(b.page, 'Pack for Lyon')).toHaveText('1/3', LIVE);

  await renameLabel(a.page, 'travel', 'Trips');
  await expect(chips(b.page, 'Pack for Lyon')).toHaveText(['Trips'], LIVE);
  // And the other way: B labels A's task from its details, A sees it.
  await inDetails(b.page, 'Pack for Lyon', async (dialog) => {
    await dialog.getByRole('textbox', { name: 'New label for this task' }).fill('Abroad');
    await dialog.getByRole('button', { name: 'Add label' }).click();
    await expect(dialog.getByRole('checkbox', { name: 'Abroad' })).toBeChecked();
  });
  await expect(chips(a.page, 'Pack for Lyon')).toHaveText(['Abroad', 'Trips'], LIVE);
});

test('offline on both: the same label made on each and ticks of different items merge, and both end equal', async () => {
  await a.context.setOffline(true);
  await b.context.setOffline(true);
  // The same new label name on both devices (in another case on B): two ids that must end as one label.
  await addToSomeDay(a.page, 'Post the parcel #errands', 'Post the parcel');
  await addToSomeDay(b.page, 'Go to the bank #Errands', 'Go to the bank');
  await tick(a.page, 'Pack for Lyon', 'Charger');
  await tick(b.page, 'Pack for Lyon', 'Tickets');
  await a.context.setOffline(false);
  await b.context.setOffline(false);

  for (const page of [a.page, b.page]) {
    await expect(card(page, 'Post the parcel')).toBeVisible(CONVERGED);
    await expect(card(page, 'Go to the bank')).toBeVisible(CONVERGED);
    await expect(progress(page, 'Pack for Lyon')).toHaveText('3/3', CONVERGED);
  }
  // One label for both tasks, named as the log's first (either device may have sent first).
  const label = (await chips(a.page, 'Post the parcel').textContent({ timeout: CONVERGED.timeout }))!;
  expect(['errands', 'Errands']).toContain(label);
  for (const page of [a.page, b.page]) {
    await expect(chips(page, 'Post the parcel')).toHaveText([label], CONVERGED);
    await expect(chips(page, 'Go to the bank')).toHaveText([label], CONVERGED);
  }
  await expect.poll(() => heldAlike(a.page, b.page), CONVERGED).toBe('alike');
  const end = await held(a.page);
  expect(end.labels).toEqual(['Abroad', label, 'Trips'].sort());
  expect(end.tasks.filter((line) => line.includes('Pack for Lyon'))).toEqual([expect.stringContaining('[Abroad,Trips] ☑Passport ☑Charger ☑Tickets')]);
});

/** A card in the column of the named list (found by its tick: the title button's name also holds the labels). */
const listCard = (page: Page, list: string, title: string) =>
  page.getByRole('region', { name: list, exact: true }).getByRole('button', { name: `Mark "${title}" complete` });

/** 'Move to…' from a card, by the keyboard (a laptop's narrow card shows its delete over the title on hover), to a list. */
async function moveToList(page: Page, title: string, list: string) {
  await page.getByRole('button', { name: `Move "${title}" to…` }).focus();
  await page.keyboard.press('Enter');
  const move = page.getByRole('dialog', { name: `Move “${title}” to…` });
  await move.getByRole('group', { name: 'Lists' }).getByRole('button', { name: list }).click();
  await expect(listCard(page, list, title)).toBeVisible();
}

test('a list made on one device and a task moved into it show on the other; moves into it from both while offline merge', async () => {
  await a.page.getByRole('button', { name: '+ New list' }).click();
  await a.page.getByRole('textbox', { name: "New list's name" }).fill('Holiday');
  await a.page.getByRole('textbox', { name: "New list's name" }).press('Enter');
  await expect(b.page.getByRole('region', { name: 'Holiday', exact: true })).toBeVisible(LIVE);
  await moveToList(a.page, 'Pack for Lyon', 'Holiday');
  await expect(listCard(b.page, 'Holiday', 'Pack for Lyon')).toBeVisible(LIVE);
  await expect(card(b.page, 'Pack for Lyon')).toHaveCount(0);

  await a.context.setOffline(true);
  await b.context.setOffline(true);
  await a.page.getByRole('button', { name: 'Add task to Holiday' }).click();
  await a.page.getByRole('textbox', { name: 'New task for Holiday' }).fill('Book the hotel');
  await a.page.keyboard.press('Enter');
  await expect(listCard(a.page, 'Holiday', 'Book the hotel')).toBeVisible();
  await moveToList(b.page, 'Go to the bank', 'Holiday');
  await a.context.setOffline(false);
  await b.context.setOffline(false);

  for (const page of [a.page, b.page])
    for (const title of ['Pack for Lyon', 'Book the hotel', 'Go to the bank']) await expect(listCard(page, 'Holiday', title)).toBeVisible(CONVERGED);
  await expect.poll(() => heldAlike(a.page, b.page), CONVERGED).toBe('alike');
  const end = await held(a.page);
  expect(end.lists).toEqual(['Holiday']);
  expect(end.tasks.filter((line) => line.startsWith('someday/Holiday#')).length).toBe(3);
});
