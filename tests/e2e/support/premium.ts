import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';

// One Premium subscriber on several devices (browser contexts), as the sync specs use them.

export const PASSWORD = 'correct-horse-1';

/** An address no other test uses, in this worker or another (tests run side by side). */
export const uniqueEmail = (name: string) => `${name}-${Date.now()}-${Math.random().toString(36).slice(2, 9)}@example.com`;

export interface Device {
  context: BrowserContext;
  page: Page;
}

export const dialog = (page: Page, name: string) => page.getByRole('dialog', { name });
export const card = (page: Page, title: string) => page.getByRole('button', { name: title, exact: true });

/**
 * A device whose page the test intercepts or watches (route, waitForRequest, requestfailed) runs with service
 * workers blocked: Playwright does not see requests that go through a worker in charge of the page (its docs:
 * "serviceWorkers: 'block'" where a test intercepts). Other devices let the PWA's worker take charge, as a
 * person's browser would.
 */
/** Adds a task to today as a person does: '+' opens the task it adds with its title ready to type over. */
export async function addTask(page: Page, title: string) {
  await page.getByRole('button', { name: 'Add task for today' }).click();
  const input = page.getByRole('textbox', { name: 'Edit "New task"' });
  await expect(input).toBeFocused();
  await input.fill(title);
  await input.press('Enter');
  await expect(card(page, title)).toBeVisible();
}

export async function newDevice(browser: Browser, opts: { watched?: boolean } = {}): Promise<Device> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, serviceWorkers: opts.watched ? 'block' : 'allow' });
  return { context, page: await context.newPage() };
}

/** Signs up with `email` and pays for Premium in the test-mode checkout tab, as a new user would. */
export async function subscribe(page: Page, email: string) {
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create Account' }).click();
  const premium = dialog(page, 'Go Premium');
  await expect(premium).toBeVisible();
  const checkoutTab = page.context().waitForEvent('page');
  await premium.getByRole('button', { name: 'Subscribe Monthly' }).click();
  const checkout = await checkoutTab;
  await checkout.getByRole('button', { name: 'Pay (test mode)' }).click();
  await expect(checkout.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
  await checkout.close();
  await page.bringToFront();
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  await expect(dialog(page, 'Subscription Active')).toBeVisible();
  await dialog(page, 'Subscription Active').getByRole('button', { name: 'Close' }).click();
}

export async function signIn(page: Page, email: string) {
  await page.goto('/auth');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Successfully signed in!')).toBeVisible();
}

/**
 * The two devices of one new subscriber that a whole spec file shares: A signs up and pays, B signs in, before the
 * first test; both close after the last. The file's tests then run one after the other (they share the devices).
 * `a` and `b` are filled in by then (the same objects, so they can be taken apart at the file's top).
 * `watched`: A's requests are seen by route/waitForRequest (newDevice).
 */
export function premiumDevices(name: string, opts: { watched?: boolean } = {}): { a: Device; b: Device; email: string } {
  const devices = { a: {} as Device, b: {} as Device, email: uniqueEmail(name) };
  test.describe.configure({ mode: 'serial' });
  test.beforeAll(async ({ browser }) => {
    test.setTimeout(120_000);
    Object.assign(devices.a, await newDevice(browser, { watched: opts.watched }));
    Object.assign(devices.b, await newDevice(browser));
    await subscribe(devices.a.page, devices.email);
    await signIn(devices.b.page, devices.email);
  });
  test.afterAll(async () => {
    await devices.a.context?.close();
    await devices.b.context?.close();
  });
  return devices;
}
