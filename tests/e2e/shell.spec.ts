import { expect, test, type Browser, type Page } from '@playwright/test';

// index.html shows the planner's empty week (#planner-shell) while the app's JavaScript loads, and the app
// replaces it without a visible change: the shell alone (scripts blocked) and the app must be pixel-identical.

const SHELL = '#planner-shell';

async function open(browser: Browser, opts: { width: number; height: number; theme: 'light' | 'dark'; scripts: boolean; tasks?: string; path?: string }) {
  const context = await browser.newContext({ viewport: { width: opts.width, height: opts.height }, serviceWorkers: 'block' });
  await context.addInitScript(
    ([theme, tasks]) => {
      localStorage.setItem('theme', theme!);
      if (tasks) localStorage.setItem('weekly-planner-tasks', tasks);
    },
    [opts.theme, opts.tasks ?? null],
  );
  const page = await context.newPage();
  // The app's modules are the only external scripts, and its full stylesheet the only external CSS:
  // without them the page is index.html alone, styled by the shell's inline rules (scripts/startupHtml.ts).
  if (!opts.scripts) await page.route(/\/assets\/.*\.(js|css)$/, (route) => route.abort());
  await page.goto(opts.path ?? '/');
  return page;
}

async function shellShot(page: Page) {
  await expect(page.locator(SHELL).getByText('Some Day')).toBeVisible();
  return page.screenshot({ fullPage: true });
}

async function appShot(page: Page) {
  await expect(page.getByRole('heading', { name: 'Some Day' })).toBeVisible();
  await expect(page.locator(SHELL)).toHaveCount(0);
  await page.evaluate(() => document.fonts.ready);
  return page.screenshot({ fullPage: true });
}

for (const theme of ['light', 'dark'] as const) {
  for (const [width, height] of [
    [1600, 1000],
    [390, 844],
  ] as const) {
    test(`the startup shell looks exactly like the app's empty week (${theme}, ${width} px)`, async ({ browser }) => {
      const shell = await open(browser, { width, height, theme, scripts: false });
      const before = await shellShot(shell);
      const app = await open(browser, { width, height, theme, scripts: true });
      const after = await appShot(app);
      expect(before.equals(after), 'shell and app screenshots differ').toBe(true);
      await shell.context().close();
      await app.context().close();
    });
  }
}

test('the shell is hidden from assistive technology and inert, and the app removes it', async ({ browser }) => {
  const shell = await open(browser, { width: 1600, height: 1000, theme: 'light', scripts: false });
  await expect(shell.locator(SHELL).getByText('Some Day')).toBeVisible();
  await expect(shell.locator(SHELL)).toHaveAttribute('aria-hidden', 'true');
  await expect(shell.locator(SHELL)).toHaveAttribute('inert', '');
  await expect(shell.getByRole('heading')).toHaveCount(0);
  await expect(shell.getByRole('main')).toHaveCount(0);
  await expect(shell.locator(`${SHELL} [id]`)).toHaveCount(0);
  await shell.context().close();

  const app = await open(browser, { width: 1600, height: 1000, theme: 'light', scripts: true });
  await expect(app.getByRole('heading', { name: 'Some Day' })).toBeVisible();
  await expect(app.locator(SHELL)).toHaveCount(0);
  await expect(app.getByRole('main')).toHaveCount(1);
  await expect(app.getByRole('banner')).toHaveCount(1);
  await app.context().close();
});

test('with stored tasks the shell shows the headings but never a wrong "No tasks yet"', async ({ browser }) => {
  const tasks = JSON.stringify([{ id: 't1', title: 'Stored task', date: 'someday', completed: false, createdAt: 1, order: 0 }]);
  const shell = await open(browser, { width: 1600, height: 1000, theme: 'light', scripts: false, tasks });
  await expect(shell.locator(SHELL).getByText('Some Day')).toBeVisible();
  await expect(shell.locator(SHELL).getByText('Mon', { exact: true })).toBeVisible();
  await expect(shell.getByText('No tasks yet')).toHaveCount(0);
  await shell.context().close();
});

test('the shell shows the current week: its month title, Monday first, today marked', async ({ browser }) => {
  const shell = await open(browser, { width: 1600, height: 1000, theme: 'light', scripts: false });
  const shown = await shell.locator(`${SHELL} section`).evaluateAll((sections) =>
    sections.map((s) => s.querySelector('h2')!.textContent),
  );
  const expected = await shell.evaluate(() => {
    const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
    const now = new Date();
    const monday = new Date(now.getFullYear(), now.getMonth(), now.getDate() - ((now.getDay() + 6) % 7));
    return ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].map((name, i) => {
      const d = new Date(monday.getFullYear(), monday.getMonth(), monday.getDate() + i);
      return `${name} ${d.getDate()} ${months[d.getMonth()]}`;
    });
  });
  expect(shown).toEqual([...expected, 'Some Day']);
  await expect(shell.locator(`${SHELL} section.border-indigo-200`)).toHaveCount(1);
  await shell.context().close();
});

for (const path of ['/home', '/auth', '/no-such-page']) {
  test(`no shell on ${path}`, async ({ browser }) => {
    const page = await open(browser, { width: 1600, height: 1000, theme: 'light', scripts: false, path });
    await expect(page.locator('#root')).toBeAttached();
    await expect(page.locator(SHELL)).toHaveCount(0);
    await page.context().close();
  });
}
