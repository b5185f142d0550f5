import type { Browser, Page, Request } from '@playwright/test';
import { expect, test } from './support/test';
import { uniqueEmail } from './support/premium';

// Accounts, Premium and cloud sync end to end: the real build, the real supabase-js client and the
// real server (auth, REST with row-level security, functions, billing test mode) on a fresh database.

const PASSWORD = 'correct-horse-1';
// These tests watch and intercept the app's requests (route, waitForRequest, requestfailed, 'request'), which
// Playwright cannot see once the PWA's worker is in charge of a page; the second device keeps its worker.
test.use({ serviceWorkers: 'block' });
const newEmail = () => uniqueEmail('user');

const userMenu = (page: Page) => page.getByRole('button', { name: 'User menu' });
const dialog = (page: Page, name: string) => page.getByRole('dialog', { name });

async function menuItems(page: Page): Promise<string[]> {
  await userMenu(page).click();
  const items = await page.getByRole('menuitem').allInnerTexts();
  await page.keyboard.press('Escape');
  return items.map((text) => text.replace(/\s+/g, ' ').trim());
}

async function chooseMenuItem(page: Page, name: string) {
  await userMenu(page).click();
  await page.getByRole('menuitem', { name }).click();
}

async function signUp(page: Page, email: string) {
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Account created and signed in!')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
}

async function signIn(page: Page, email: string, password = PASSWORD) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

async function closeDialog(page: Page, name: string) {
  await dialog(page, name).getByRole('button', { name: 'Close' }).click();
  await expect(dialog(page, name)).toBeHidden();
}

/** Adds a task for today with the floating button and gives it a title. */
async function addTask(page: Page, title: string) {
  await page.getByRole('button', { name: 'Add task for today' }).click();
  // '+' opens the task it adds with its title ready to type over (another device's 'New task' may be arriving too).
  const input = page.getByRole('textbox', { name: 'Edit "New task"' });
  await expect(input).toBeFocused();
  await input.fill(title);
  await input.press('Enter');
  await expect(page.getByText(title, { exact: true })).toBeVisible();
}

/** A device's events sent to the log (docs/sync.md). */
const isTaskUpload = (request: Request) => request.method() === 'POST' && request.url().includes('/rest/v1/rpc/append_task_events');
const isTaskRead = (request: Request) => request.method() === 'GET' && /\/rest\/v1\/(user_tasks|task_events)/.test(request.url());
const sentTitles = (request: Request) =>
  (JSON.parse(request.postData()!) as { p_events: Array<{ event: { payload: { title?: string; task?: { title: string } } } }> }).p_events.map(
    ({ event }) => event.payload.title ?? event.payload.task?.title,
  );

/** The planner tab comes back to the front, as a person returning from the checkout tab. */
async function returnTo(page: Page) {
  await page.bringToFront();
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
}

async function secondDevice(browser: Browser) {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  return { context, page: await context.newPage() };
}

test('sign-up opens Premium once; sign-out, a wrong password, sign-in; the session survives a reload', async ({ page }) => {
  const email = newEmail();
  // A visitor's first load does not fetch the Supabase client (nor its configuration).
  const loaded: Array<Promise<string>> = [];
  const configRequests: string[] = [];
  page.on('response', (response) => {
    // A chunk fetched in idle time may still be arriving when the test navigates: its body is gone then, and
    // it came from the page before the navigation, which the client check below is not about.
    if (response.request().resourceType() === 'script') loaded.push(response.text().catch(() => ''));
    if (response.url().endsWith('/config.json')) configRequests.push(response.url());
  });
  const hasClient = async () => (await Promise.all(loaded)).some((source) => source.includes('GoTrueClient'));
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Add task for today' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await hasClient()).toBe(false);
  expect(configRequests).toEqual([]);

  await signUp(page, email);
  await expect(dialog(page, 'Go Premium')).toBeVisible();
  await expect(dialog(page, 'Go Premium').getByRole('button', { name: 'Subscribe Monthly' })).toBeEnabled();
  expect(await page.evaluate(() => localStorage.getItem('showGoPremiumAfterConfirm'))).toBeNull();
  expect(await hasClient()).toBe(true); // the client came with /auth
  expect(configRequests).toHaveLength(1);
  await closeDialog(page, 'Go Premium');

  await page.reload();
  await expect(userMenu(page)).toBeVisible();
  expect(await menuItems(page)).toEqual([`Profile ${email}`, 'About', 'Labels and lists', 'Settings', 'Print week', 'Go Premium', 'Sign Out']);
  await expect(dialog(page, 'Go Premium')).toBeHidden(); // once only

  await chooseMenuItem(page, 'Sign Out');
  await expect(page.getByText('Successfully signed out!')).toBeVisible();
  expect(await menuItems(page)).toEqual(['About', 'Labels and lists', 'Settings', 'Print week', 'Go Premium', 'Sign In']);

  await chooseMenuItem(page, 'Sign In');
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  await signIn(page, email, 'not-the-password');
  await expect(page.getByText('Invalid login credentials')).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);

  await signIn(page, email);
  await expect(page.getByText('Successfully signed in!')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(dialog(page, 'Go Premium')).toBeHidden();

  await page.reload();
  expect(await menuItems(page)).toEqual([`Profile ${email}`, 'About', 'Labels and lists', 'Settings', 'Print week', 'Go Premium', 'Sign Out']);
});

test("a free user's tasks never reach the server", async ({ page }) => {
  const sent: Request[] = [];
  page.on('request', (request) => {
    if (isTaskUpload(request) || isTaskRead(request)) sent.push(request);
  });
  await signUp(page, newEmail());
  await closeDialog(page, 'Go Premium');
  await addTask(page, 'Private errand');
  await addTask(page, 'Another private errand');
  await page.reload();
  await expect(page.getByText('Private errand', { exact: true })).toBeVisible();
  await page.evaluate(() => window.dispatchEvent(new Event('pagehide')));
  await page.waitForTimeout(1500); // well past the upload debounce
  expect(sent.map((request) => `${request.method()} ${request.url()}`)).toEqual([]);
});

test('subscribe in the checkout tab, sync to a second device, then cancel in the billing portal', async ({ page, context, browser }) => {
  test.setTimeout(120_000);
  const email = newEmail();
  await signUp(page, email);
  const premium = dialog(page, 'Go Premium');
  await expect(premium).toBeVisible();
  await closeDialog(page, 'Go Premium');
  await addTask(page, 'Made before paying');
  await chooseMenuItem(page, 'Go Premium');

  // Checkout opens in a new tab; paying there makes the app tab Premium without a reload.
  const checkoutTab = context.waitForEvent('page');
  await premium.getByRole('button', { name: 'Subscribe Monthly' }).click();
  const checkout = await checkoutTab;
  await expect(page.getByText('Redirecting to checkout...')).toBeVisible();
  await expect(checkout).toHaveURL(/\/billing\/checkout\//);
  await checkout.getByRole('button', { name: 'Pay (test mode)' }).click();
  await expect(checkout.getByRole('heading', { name: 'Payment successful' })).toBeVisible();

  // Once subscribed, sync starts: the cloud is empty, so the tasks made before paying go up.
  const firstUpload = page.waitForRequest(isTaskUpload);
  await returnTo(page);
  const active = dialog(page, 'Subscription Active');
  await expect(active).toBeVisible();
  await expect(active.getByText('Premium Plan Active')).toBeVisible();
  await expect(active.getByText(/^Renews on /)).toBeVisible();
  await closeDialog(page, 'Subscription Active');
  expect(await menuItems(page)).toEqual([`Profile ${email}`, 'About', 'Labels and lists', 'Settings', 'Print week', 'Billing', 'Sign Out']);

  // Edits upload (debounced) to the cloud.
  const uploaded = page.waitForResponse((response) => isTaskUpload(response.request()) && response.status() === 200);
  expect(sentTitles(await firstUpload)).toEqual(['Made before paying']);
  await addTask(page, 'Synced across devices');
  await uploaded;

  // A second device sees them after signing in.
  const b = await secondDevice(browser);
  await b.page.goto('/auth');
  await signIn(b.page, email);
  await expect(b.page.getByText('Successfully signed in!')).toBeVisible();
  await expect(b.page.getByText('Synced across devices', { exact: true })).toBeVisible();
  await expect(b.page.getByText('Made before paying', { exact: true })).toBeVisible();

  // An edit made right before the tab closes is not lost to the debounce.
  await addTask(page, 'Written just before closing');
  await page.close({ runBeforeUnload: true });
  const reopened = await context.newPage();
  await b.page.reload();
  await expect(b.page.getByText('Written just before closing', { exact: true })).toBeVisible();

  // Events that never arrive (here: refused by the network) stay in the device's outbox and are sent by
  // the next load.
  await reopened.goto('/');
  await expect(reopened.getByText('Written just before closing', { exact: true })).toBeVisible();
  await reopened.route('**/rest/v1/rpc/append_task_events', (route) => route.abort());
  const refused = reopened.waitForEvent('requestfailed', isTaskUpload);
  await addTask(reopened, 'Lost in transit');
  await refused;
  // Every task that arrived meanwhile was renamed by its own device: no 'New task' stays behind.
  await expect(reopened.getByRole('button', { name: 'New task', exact: true })).toHaveCount(0);
  const outboxes = () => Object.keys(localStorage).filter((key) => key.startsWith('weekly-planner-sync-outbox:')).length;
  // The closed tab's outbox (its pagehide marked it gone) was taken over at load and forgotten: one is left, this page's.
  await expect.poll(() => reopened.evaluate(outboxes)).toBe(1);
  // Closed with its event unsent, the tab leaves it to the next load, which sends it at once and forgets the outbox.
  // (A page gone without a pagehide, as in a crash, is taken over once its heartbeat is stale: syncListeners.test.ts.)
  await reopened.close();
  const current = await context.newPage();
  await current.goto('/');
  await expect(current.getByText('Lost in transit', { exact: true })).toBeVisible();
  await expect.poll(() => current.evaluate(outboxes)).toBe(0);
  await b.page.reload();
  await expect(b.page.getByText('Lost in transit', { exact: true })).toBeVisible();

  // The billing portal cancels; the app tab turns free after the next check.
  const portalTab = context.waitForEvent('page');
  await chooseMenuItem(current, 'Billing');
  const portal = await portalTab;
  await expect(current.getByText('Opening billing portal...')).toBeVisible();
  await expect(portal).toHaveURL(/\/billing\/portal\//);
  await portal.getByRole('button', { name: 'Cancel subscription' }).click();
  await returnTo(current);
  await expect.poll(() => menuItems(current), { timeout: 15_000 }).toEqual([`Profile ${email}`, 'About', 'Labels and lists', 'Settings', 'Print week', 'Go Premium', 'Sign Out']);

  // Free again: edits stay on this device.
  const sent: Request[] = [];
  current.on('request', (request) => {
    if (isTaskUpload(request)) sent.push(request);
  });
  await addTask(current, 'After cancelling');
  await current.waitForTimeout(1500);
  expect(sent).toEqual([]);
  await b.context.close();
});
