import type { Page } from '@playwright/test';
import { expect, test } from './support/test';

// The built app under the server's Content-Security-Policy: every page runs with no violation and no console
// error (the 404 page's own log line aside), and the theme script runs by its hash.

const NOT_FOUND_LOG = '404 Error: User attempted to access non-existent route:';

interface Watch {
  errors: string[];
  violations: () => Promise<string[]>;
}

async function watch(page: Page): Promise<Watch> {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith(NOT_FOUND_LOG)) errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective} ${event.blockedURI}`));
  });
  return {
    errors,
    violations: () => page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations),
  };
}

for (const [path, heading] of [
  ['/', null],
  ['/home', 'Plan Less. Achieve More.'],
  ['/auth', null],
  ['/no/such/page', 'Oops! Page not found'],
] as const) {
  test(`${path} runs under the CSP with no violation and no console error`, async ({ page }) => {
    const seen = await watch(page);
    const response = await page.goto(path);
    const csp = response!.headers()['content-security-policy'];
    expect(csp).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/]+=*'/);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response!.headers()['x-content-type-options']).toBe('nosniff');
    expect(response!.headers()['referrer-policy']).toBe('strict-origin-when-cross-origin');
    if (heading) await expect(page.getByRole('heading', { name: heading })).toBeVisible();
    else await expect(page.locator('#root')).not.toBeEmpty();
    // The inline theme script ran: it is allowed by its hash.
    await expect(page.locator('html')).toHaveClass(/\b(?:light|dark)\b/);
    await page.waitForLoadState('networkidle');
    expect(await seen.violations()).toEqual([]);
    expect(seen.errors).toEqual([]);
  });
}

test('signing up talks to the API under the CSP', async ({ page }) => {
  const seen = await watch(page);
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await page.getByLabel('Email').fill(`csp-${Date.now()}@example.com`);
  await page.getByLabel('Password').fill('csp-password-1');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Account created and signed in!')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await seen.violations()).toEqual([]);
  expect(seen.errors).toEqual([]);
});
