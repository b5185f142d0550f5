import type { Page } from '@playwright/test';
import { expect, test } from './support/test';

// The pages around the planner, in the real build: 404, landing page, the user menu's dialogs, theme.

const NOT_FOUND_LOG = '404 Error: User attempted to access non-existent route:';

function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return errors;
}

test('an unknown path shows the 404 page, logs the path once and links home', async ({ page }) => {
  const errors = consoleErrors(page);
  await page.goto('/nope');
  await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
  await expect.poll(() => errors.filter((text) => text.startsWith(NOT_FOUND_LOG))).toEqual([`${NOT_FOUND_LOG} /nope`]);

  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible();
});

test('the landing page shows its sections and links to the planner and sign-in', async ({ page }) => {
  await page.goto('/home');
  await expect(page.getByRole('heading', { level: 1, name: 'Plan Less. Achieve More.' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Open Planner' })).toHaveAttribute('href', '/');
  await expect(page.getByRole('heading', { name: 'How It Works' })).toBeVisible();

  const free = page.getByRole('article', { name: 'Free' });
  for (const text of ['$0', 'Unlimited tasks', 'Local storage', 'Mobile responsive', 'Dark/light themes']) {
    await expect(free.getByText(text, { exact: true })).toBeVisible();
  }
  const premium = page.getByRole('article', { name: 'Premium' });
  for (const text of [
    '$2.90',
    'per month',
    'Most Popular',
    'Everything in Free',
    'Cloud synchronization',
    'Multi-device access',
    'Priority support',
  ]) {
    await expect(premium.getByText(text, { exact: true })).toBeVisible();
  }

  await premium.getByRole('link', { name: 'Upgrade to Premium' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await page.goBack();
  await page.getByRole('article', { name: 'Free' }).getByRole('link', { name: 'Get Started Free' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible();
});

test('the user menu opens the About dialog, which Escape closes', async ({ page }) => {
  await page.goto('/');
  const trigger = page.getByRole('button', { name: 'User menu' });
  await trigger.click();
  const menu = page.getByRole('menu', { name: 'User menu' });
  await expect(menu.getByRole('menuitem')).toHaveText(['About', 'Labels and lists', 'Settings', 'Print week', 'Go Premium', 'Sign In']);
  await menu.getByRole('menuitem', { name: 'About' }).click();

  const about = page.getByRole('dialog', { name: 'About Weekly Planner' });
  await expect(about).toBeVisible();
  for (const text of [
    'Drag and drop tasks between days',
    'Inline editing',
    'Mark complete',
    'Navigate between weeks',
    'Responsive design',
  ]) {
    await expect(about.getByText(text, { exact: true })).toBeVisible();
  }
  await page.keyboard.press('Escape');
  await expect(about).toBeHidden();
  await expect(trigger).toBeFocused();
});

test('the user menu opens the Premium dialog from the keyboard, with sign-in prompts for a visitor', async ({ page }) => {
  await page.goto('/');
  const trigger = page.getByRole('button', { name: 'User menu' });
  await trigger.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'About' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'Labels and lists' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'Settings' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'Print week' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'Go Premium' })).toBeFocused();
  await page.keyboard.press('Enter');

  const premium = page.getByRole('dialog', { name: 'Go Premium' });
  await expect(premium).toBeVisible();
  for (const text of [
    'Sync Across Unlimited Devices',
    'Real-time sync across all devices',
    'Secure cloud backup',
    'Access from web, mobile and desktop',
    'Choose Your Plan',
    'BEST VALUE',
    '$34.80 billed annually',
    'Save 41% compared to monthly',
  ]) {
    await expect(premium.getByText(text, { exact: true })).toBeVisible();
  }
  const subscribe = premium.getByRole('button', { name: 'Sign in to Subscribe' });
  await expect(subscribe).toHaveCount(2);
  await expect(subscribe.first()).toBeDisabled();
  await expect(subscribe.last()).toBeDisabled();

  await premium.getByRole('button', { name: 'Close' }).click();
  await expect(premium).toBeHidden();
  await expect(trigger).toBeFocused();

  await trigger.click();
  await page.getByRole('menuitem', { name: 'Go Premium' }).click();
  await premium.getByRole('link', { name: 'Already have an account? Sign in here' }).click();
  await expect(page).toHaveURL(/\/auth$/);
});

test.describe('the lazy chunks', () => {
  // These watch the page's own script requests; with the PWA's worker in charge they could come from its cache.
  test.use({ serviceWorkers: 'block' });

  test('the dialogs are fetched only once the user menu opens', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible();
    expect(scripts.filter((path) => /(About|Premium)Dialog/.test(path))).toEqual([]);

    await page.getByRole('button', { name: 'User menu' }).click();
    await expect.poll(() => scripts.filter((path) => /(About|Premium)Dialog/.test(path)).length).toBe(2);
  });

  test("the user menu's Sign In goes to /auth, and the browser's Back and Forward move between the pages", async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto('/');
    await page.getByRole('button', { name: 'Add task to Some Day' }).click();
    await page.getByRole('textbox', { name: 'New task for Some Day' }).fill('Still here');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: 'Still here', exact: true })).toBeVisible();
    // The planner runs without the router; it comes with the menu, ahead of Sign In.
    expect(scripts.filter((path) => path.includes('RoutedApp'))).toEqual([]);

    await page.getByRole('button', { name: 'User menu' }).click();
    await expect.poll(() => scripts.filter((path) => path.includes('RoutedApp')).length).toBe(1);
    await page.getByRole('menuitem', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();

    await page.goBack();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('button', { name: 'Still here', exact: true })).toBeVisible();
    await page.goForward();
    await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
    await page.goBack();
    await expect(page.getByRole('button', { name: 'Still here', exact: true })).toBeVisible();
    expect(scripts.filter((path) => path.includes('RoutedApp'))).toHaveLength(1);
  });
});

test('the theme follows a dark system preference until toggled, and the choice survives a reload', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/');
  const html = page.locator('html');
  await expect(html).toHaveClass(/\bdark\b/);
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBeNull();

  await page.getByRole('button', { name: 'Switch to light theme' }).click();
  await expect(html).toHaveClass(/\blight\b/);
  await expect(html).not.toHaveClass(/\bdark\b/);
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');

  await page.reload();
  await expect(html).toHaveClass(/\blight\b/);
  await expect(html).not.toHaveClass(/\bdark\b/);
  await expect(page.getByRole('button', { name: 'Switch to dark theme' })).toBeVisible();
});
