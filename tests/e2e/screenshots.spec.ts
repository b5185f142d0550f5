import { test } from './support/test';
import { openBoard } from './support/board';

// The phone and laptop screenshots in docs/screenshots/, light and dark, taken from the built app:
// SCREENSHOTS=1 npx playwright test tests/e2e/screenshots.spec.ts (skipped otherwise: it writes files, checks nothing).
test.skip(!process.env.SCREENSHOTS, 'writes docs/screenshots/ only when asked');

for (const theme of ['light', 'dark'] as const) {
  test.describe(`phone, ${theme}`, () => {
    test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    test('screenshot', async ({ page }) => {
      await openBoard(page, { theme });
      await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
      await page.screenshot({ path: `docs/screenshots/phone-${theme}.png` });
    });
  });
  test.describe(`laptop, ${theme}`, () => {
    test.use({ viewport: { width: 1280, height: 800 } });
    test('screenshot', async ({ page }) => {
      await openBoard(page, { theme });
      await page.getByRole('listitem').filter({ hasText: 'Buy groceries' }).hover();
      await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
      await page.screenshot({ path: `docs/screenshots/laptop-${theme}.png` });
    });
  });
}
