import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { axeViolations, LABEL_IN_NAME } from './support/axe';

// axe-core (its default rules: WCAG 2.0-2.2 A and AA, best practices; and WCAG 2.5.3's label in name) over every
// page and every dialog, in both themes, at phone, tablet, desktop and laptop width, with a lived-in board. Each row
// of SCREENS is one screen to check; a new dialog is one more row, e.g.
//   { name: 'Settings dialog', path: '/', show: (page) => openFromUserMenu(page, 'Settings', 'Settings') },
// A test loads a page once and checks each of that page's screens in turn, closing what it opened before the
// next (a screen that cannot be closed, such as a deletion's toast, comes last): the page loads are most of what
// a check costs, and a screen is the same state whether its page is fresh or closed a dialog a moment ago.

// Each theme and width is its own test, spread over every worker.
test.describe.configure({ mode: 'parallel' });

const TODAY = new Date(2026, 10, 25, 10, 0); // Wednesday

/** Tasks on some days of the shown week (some of them done), none on others, two for Some Day. */
const TASKS = [
  ['2026-11-23', 'Team stand-up', true],
  ['2026-11-23', 'Review the pull request for the new sync code', false],
  ['2026-11-24', 'Buy groceries', true],
  ['2026-11-25', 'Dentist at 10', false],
  ['2026-11-25', 'Pick up the parcel', true],
  ['2026-11-27', 'Call the plumber about the kitchen sink and ask for a quote before the weekend', false],
  ['someday', 'Learn to juggle', false],
  ['someday', 'Repaint the fence', true],
].map(([date, title, completed], index, all) => ({
  id: `task-${index + 1}-a11y`,
  title,
  date,
  completed,
  createdAt: index + 1,
  order: all.slice(0, index).filter(([other]) => other === date).length,
}));

async function openFromUserMenu(page: Page, item: string, dialog: string) {
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: item }).click();
  await expect(page.getByRole('dialog', { name: dialog })).toBeVisible();
}

interface Screen {
  name: string;
  path: string;
  /** Brings the screen to the state to check, and waits until it shows. */
  show: (page: Page) => Promise<void>;
  /** Takes the page back to where it was before `show`, for the next screen of the same page; none for the last. */
  hide?: (page: Page) => Promise<void>;
}

/** Escape closes a menu or a dialog: then nothing of it is left on the page. */
const closeWithEscape = (role: 'menu' | 'dialog') => async (page: Page) => {
  await page.keyboard.press('Escape');
  await expect(page.getByRole(role)).toHaveCount(0);
};

const SCREENS: Screen[] = [
  { name: 'planner', path: '/', show: (page) => expect(page.getByRole('button', { name: 'Buy groceries', exact: true })).toBeVisible() },
  {
    name: 'planner with the user menu open',
    path: '/',
    show: async (page) => {
      await page.getByRole('button', { name: 'User menu' }).click();
      await expect(page.getByRole('menu', { name: 'User menu' })).toBeVisible();
    },
    hide: closeWithEscape('menu'),
  },
  { name: 'About dialog', path: '/', show: (page) => openFromUserMenu(page, 'About', 'About Weekly Planner'), hide: closeWithEscape('dialog') },
  { name: 'Premium dialog', path: '/', show: (page) => openFromUserMenu(page, 'Go Premium', 'Go Premium'), hide: closeWithEscape('dialog') },
  { name: 'Settings dialog', path: '/', show: (page) => openFromUserMenu(page, 'Settings', 'Settings'), hide: closeWithEscape('dialog') },
  {
    name: 'Settings dialog with rollover on, a refused file and a backup to merge',
    path: '/',
    show: async (page) => {
      await openFromUserMenu(page, 'Settings', 'Settings');
      const dialog = page.getByRole('dialog', { name: 'Settings' });
      await dialog.getByRole('switch', { name: 'Move unfinished tasks to today' }).click();
      const choose = async (contents: string) => {
        const chooser = page.waitForEvent('filechooser');
        await dialog.getByRole('button', { name: 'Import' }).click();
        await (await chooser).setFiles({ name: 'backup.json', mimeType: 'application/json', buffer: Buffer.from(contents) });
      };
      await choose('not json');
      await expect(dialog.getByRole('alert')).toBeVisible();
      await choose(JSON.stringify(TASKS));
      await expect(dialog.getByRole('group', { name: /This file holds 8 tasks/ })).toBeVisible();
      await dialog.getByRole('button', { name: 'Merge' }).click();
      await expect(dialog.getByRole('status')).not.toBeEmpty();
      await choose(JSON.stringify(TASKS));
      await expect(dialog.getByRole('group')).toBeVisible();
    },
    hide: closeWithEscape('dialog'),
  },
  {
    name: 'search with results, a done one among them, and one active',
    // A page load of its own (the planner's screens share one): the same planner, its test kept short.
    path: '/?search',
    show: async (page) => {
      await page.getByRole('button', { name: 'Search' }).click();
      await page.getByRole('combobox', { name: 'Search tasks' }).fill('re');
      await page.keyboard.press('ArrowDown');
      await expect(page.getByRole('option', { name: /Repaint the fence/ })).toBeVisible();
    },
    hide: closeWithEscape('dialog'),
  },
  {
    name: "planner with a deletion's Undo toast",
    path: '/',
    // Last of its page: the deletion stays.
    show: async (page) => {
      await page.getByRole('button', { name: 'Delete "Buy groceries"' }).click();
      await expect(page.getByRole('listitem').filter({ hasText: 'Deleted “Buy groceries”' }).getByRole('button', { name: 'Undo' })).toBeVisible();
    },
  },
  {
    name: 'landing page',
    path: '/home',
    show: (page) => expect(page.getByRole('heading', { level: 1, name: 'Plan Less. Achieve More.' })).toBeVisible(),
  },
  { name: 'sign-in page', path: '/auth', show: (page) => expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible() },
  { name: '404 page', path: '/no-such-page', show: (page) => expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible() },
];

const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800, touch: false },
  // A touch screen: the task cards then show their move and delete buttons all the time, finger-sized.
  { name: 'phone', width: 390, height: 844, touch: true },
  { name: 'tablet', width: 768, height: 1024, touch: true },
  { name: 'laptop', width: 1440, height: 900, touch: false },
];

/** The screens of each page, in the order they are checked. */
const PAGES = [...new Set(SCREENS.map((screen) => screen.path))].map((path) => SCREENS.filter((screen) => screen.path === path));

/**
 * The pages each test loads in turn, in one browser page: the landing, sign-in and 404 pages (one screen each) share
 * a test, so their later loads skip a new context and renderer and find the scripts in the context's cache. They were
 * a test each: 24 of the spec's 41, with a fresh context each.
 */
const SHORT = new Set(['/home', '/auth', '/no-such-page']);
const TESTS = [...PAGES.filter((screens) => !SHORT.has(screens[0]!.path)).map((screens) => [screens]), PAGES.filter((screens) => SHORT.has(screens[0]!.path))];

/** The axe violations on the page as it is now, each with the nodes and what is wrong with them. */
async function violationsOf(page: Page, theme: string) {
  await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${theme}\\b`));
  return axeViolations(page);
}

// What the day strip's buttons were (issue 42): the check above would not see them unless the rule runs.
test('the axe run includes label in name (WCAG 2.5.3): a name that does not hold the text shown is a violation', async ({ page }) => {
  await page.setContent('<main><button aria-label="Go to Mon 30 Nov"><span>Mon</span><span>30</span></button></main>');
  expect((await axeViolations(page)).map((violation) => violation.id)).toContain(LABEL_IN_NAME);
  await page.setContent('<main><button><span>Mon</span> <span>30</span><span style="position:absolute;clip:rect(0 0 0 0)"> Nov</span></button></main>');
  expect((await axeViolations(page)).map((violation) => violation.id)).not.toContain(LABEL_IN_NAME);
});

for (const theme of ['light', 'dark'] as const) {
  for (const viewport of VIEWPORTS) {
    test.describe(`${theme}, ${viewport.name}`, () => {
      test.use({ viewport: { width: viewport.width, height: viewport.height }, hasTouch: viewport.touch, isMobile: viewport.touch });

      for (const pages of TESTS) {
        test(`${pages.flat().map((screen) => screen.name).join('; ')}: no axe violations`, async ({ page }) => {
          await page.clock.setFixedTime(TODAY);
          await page.addInitScript(
            ([tasks, chosenTheme]) => {
              localStorage.setItem('weekly-planner-tasks', tasks!);
              localStorage.setItem('theme', chosenTheme!);
            },
            [JSON.stringify(TASKS), theme],
          );
          // Every screen is checked, and the failure lists each screen's violations by name.
          const found: Record<string, Awaited<ReturnType<typeof violationsOf>>> = {};
          for (const screens of pages) {
            await page.goto(screens[0]!.path);
            for (const [index, screen] of screens.entries()) {
              await test.step(screen.name, async () => {
                await screen.show(page);
                const violations = await violationsOf(page, theme);
                if (violations.length > 0) found[screen.name] = violations;
                if (index < screens.length - 1) await screen.hide?.(page);
              });
            }
          }
          expect(found).toEqual({});
        });
      }
    });
  }
}
