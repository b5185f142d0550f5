import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { addTask, card, type Device, dialog, newDevice, signIn, subscribe, uniqueEmail } from './support/premium';

// Sign-out on the real build and server: offline it ends the session at once (the server's logout follows when the
// network is back), unsent changes are kept for the account's next sign-in, and the next person at a shared
// computer finds nothing of the account on the screen or in storage, in any tab.

async function chooseSignOut(page: Page) {
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
}

async function expectSignedOut(page: Page) {
  await expect(page.getByText('Successfully signed out!')).toBeVisible();
  await page.getByRole('button', { name: 'User menu' }).click();
  await expect(page.getByRole('menuitem', { name: 'Sign In' })).toBeVisible();
  await page.keyboard.press('Escape');
}

/** Every stored key and value of the page's origin, as one text to search. */
const storedText = (page: Page) =>
  page.evaluate(() => Object.keys(localStorage).map((key) => `${key}=${localStorage.getItem(key)}`).join('\n'));

let devices: Device[] = [];
test.afterEach(async () => {
  await Promise.all(devices.map((device) => device.context.close()));
  devices = [];
});

test('offline, sign-out ends the session at once; the server revokes it once the network is back', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const device = await newDevice(browser, { watched: true });
  devices.push(device);
  const { page, context } = device;
  await subscribe(page, uniqueEmail('offline-signout'));
  // The task, named, reaches the log before the network goes: this test is about a sign-out with nothing unsent.
  const appended = page.waitForResponse(
    (response) => response.url().includes('/rest/v1/rpc/append_task_events') && response.ok() && (response.request().postData() ?? '').includes('Account task'),
  );
  await addTask(page, 'Account task');
  await appended;
  const refreshToken = await page.evaluate(() => {
    const key = Object.keys(localStorage).find((name) => /^sb-.+-auth-token$/.test(name))!;
    return (JSON.parse(localStorage.getItem(key)!) as { refresh_token: string }).refresh_token;
  });

  await context.setOffline(true);
  await chooseSignOut(page);
  await expectSignedOut(page);
  await expect(page.getByText('Failed to fetch')).toHaveCount(0);
  await expect(card(page, 'Account task')).toBeHidden();
  expect(await storedText(page)).not.toMatch(/Account task|-auth-token/);

  const logout = page.waitForResponse((response) => response.url().includes('/auth/v1/logout'));
  await context.setOffline(false);
  expect((await logout).status()).toBe(204);
  // The session's refresh token no longer works on the server.
  const { anonKey } = (await (await request.get('/config.json')).json()) as { anonKey: string };
  const refreshed = await request.post('/auth/v1/token?grant_type=refresh_token', {
    headers: { apikey: anonKey },
    data: { refresh_token: refreshToken },
  });
  expect(refreshed.status()).toBeGreaterThanOrEqual(400);
});

test("sign-out with an unsent change says so; 'Sign out now' keeps it, and the account's next sign-in sends it", async ({ browser }) => {
  test.setTimeout(150_000);
  const email = uniqueEmail('unsent-signout');
  const a = await newDevice(browser, { watched: true });
  const b = await newDevice(browser);
  devices.push(a, b);
  await subscribe(a.page, email);
  await signIn(b.page, email);

  await a.context.setOffline(true);
  await addTask(a.page, 'Written offline'); // two events: the new task and its title
  await chooseSignOut(a.page);
  const asked = dialog(a.page, '2 changes are not synced yet');
  await expect(asked).toBeVisible();
  await expect(asked).toContainText('they stay on this device and are sent the next time you sign in to this account');
  await asked.getByRole('button', { name: 'Sign out now' }).click();
  await expect(a.page.getByText('2 changes that were not synced stay on this device and will be sent the next time you sign in.')).toBeVisible();
  await expectSignedOut(a.page);
  await expect(card(a.page, 'Written offline')).toBeHidden();
  // Kept only under the account's own key, for its next sign-in; not in the list a visitor sees.
  const kept = await a.page.evaluate(() => Object.keys(localStorage).filter((key) => localStorage.getItem(key)!.includes('Written offline')));
  expect(kept).toEqual([expect.stringMatching(/^weekly-planner-sync-outbox:kept-/)]);

  await a.context.setOffline(false);
  await expect(card(b.page, 'Written offline')).toBeHidden();
  await signIn(a.page, email);
  await expect(card(b.page, 'Written offline')).toBeVisible({ timeout: 15_000 });
  await expect(card(a.page, 'Written offline')).toBeVisible();
  await expect.poll(() => storedText(a.page)).not.toMatch(/outbox:kept-/);
});

test("'Wait and sign out' waits for the connection, sends the change, then signs out", async ({ browser }) => {
  test.setTimeout(150_000);
  const email = uniqueEmail('wait-signout');
  const a = await newDevice(browser, { watched: true });
  const b = await newDevice(browser);
  devices.push(a, b);
  await subscribe(a.page, email);
  await signIn(b.page, email);

  await a.context.setOffline(true);
  await addTask(a.page, 'Sent before leaving');
  await chooseSignOut(a.page);
  const asked = dialog(a.page, '2 changes are not synced yet');
  await asked.getByRole('button', { name: 'Wait and sign out' }).click();
  await expect(asked.getByRole('button', { name: 'Syncing…' })).toBeDisabled();
  await a.context.setOffline(false);
  await expectSignedOut(a.page);
  await expect(card(b.page, 'Sent before leaving')).toBeVisible({ timeout: 5000 });
  expect(await storedText(a.page)).not.toMatch(/Sent before leaving/);
});

test('at a shared computer the next person sees none of the account\'s tasks, in any tab or in storage', async ({ browser }) => {
  test.setTimeout(150_000);
  const device = await newDevice(browser);
  devices.push(device);
  const { page, context } = device;
  // The computer's own list, from before anyone signed in.
  await page.goto('/');
  await addTask(page, 'Computer note');
  await subscribe(page, uniqueEmail('shared-computer'));
  await page.goto('/');
  await addTask(page, 'Private plan');
  const otherTab = await context.newPage();
  await otherTab.goto('/');
  await expect(card(otherTab, 'Private plan')).toBeVisible();

  await chooseSignOut(page);
  await expectSignedOut(page);
  for (const tab of [page, otherTab]) {
    await expect(card(tab, 'Computer note')).toBeVisible();
    await expect(card(tab, 'Private plan')).toBeHidden();
  }
  // The next person: the other tab edits, both reload; nothing of the account comes back.
  await addTask(otherTab, 'Next person');
  await page.reload();
  await otherTab.reload();
  for (const tab of [page, otherTab]) {
    await expect(card(tab, 'Next person')).toBeVisible();
    await expect(card(tab, 'Private plan')).toBeHidden();
  }
  const stored = await storedText(page);
  expect(stored).not.toMatch(/Private plan|-auth-token|weekly-planner-sync-base/);
  expect(stored).toMatch(/Computer note/);
});
