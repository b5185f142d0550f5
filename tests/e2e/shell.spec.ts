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
  // Monday's heading (the phone's day strip, hidden at this width, names it too).
  await expect(shell.locator(`${SHELL} section`).getByText('Mon', { exact: true })).toBeVisible();
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

// Input at first paint: the shell is a picture of the week until the app is live, and index.html holds what
// lands on it; the app replays it on its own week (src/features/planner/startupShell.ts). Each case runs with
// the app's modules held back until the click is in (so it surely lands before the app is live), and as the
// page loads by itself (the click lands whenever it does, on the shell or on the app).

interface Cold {
  page: Page;
  /** Lets the app's modules through (when held). */
  release: () => Promise<void>;
}

async function openCold(browser: Browser, cpu: number, holdApp: boolean): Promise<Cold> {
  const context = await browser.newContext({ viewport: { width: 1600, height: 1000 }, serviceWorkers: 'block' });
  // Whether each click reached the page while the shell was still up.
  await context.addInitScript(() => {
    const hits: boolean[] = [];
    Object.assign(window, { __shellHits: hits });
    addEventListener('click', () => hits.push(document.getElementById('planner-shell') !== null), true);
  });
  const page = await context.newPage();
  if (cpu > 1) await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: cpu });
  const held: Array<() => Promise<void>> = [];
  let released = false;
  if (holdApp) await page.route(/\/assets\/.*\.js$/, (route) => (released ? route.continue() : void held.push(() => route.continue())));
  await page.goto('/', { waitUntil: 'commit' });
  return {
    page,
    release: async () => {
      released = true;
      await Promise.all(held.map((go) => go()));
    },
  };
}

/**
 * Clicks the control as soon as it has a box: what a person aiming at it does at first paint. That is the shell's
 * (selector, inside it) while the shell is up; a page that loads by itself may have replaced it with the app's
 * (appSelector) before the first poll, and then the click is on the app's.
 */
async function clickAtFirstPaint(page: Page, selector: string, appSelector: string) {
  // Polled each frame in the page: a locator's round trips can outlast the shell.
  const box = await page.waitForFunction(
    ([inShell, inApp]) => {
      const rect = (document.querySelector(inShell!) ?? document.querySelector(inApp!))?.getBoundingClientRect();
      return rect && rect.width > 0 ? { x: rect.x + rect.width / 2, y: rect.y + rect.height / 2 } : null;
    },
    [`${SHELL} ${selector}`, `#root ${appSelector}`],
    { polling: 'raf' },
  );
  const { x, y } = (await box.jsonValue())!;
  await page.mouse.click(x, y);
}

const stored = (page: Page) => page.evaluate(() => JSON.parse(localStorage.getItem('weekly-planner-tasks') ?? '[]') as Array<{ title: string }>);
const shellHits = (page: Page) => page.evaluate(() => (window as unknown as { __shellHits: boolean[] }).__shellHits);

for (const cpu of [1, 4]) {
  for (const holdApp of [true, false]) {
    test(`a click on '+' at first paint adds today's task once, in 5 of 5 loads (CPU x${cpu}${holdApp ? ', app held back' : ''})`, async ({ browser }) => {
      for (let load = 1; load <= 5; load++) {
        const { page, release } = await openCold(browser, cpu, holdApp);
        // The floating '+', on its bar after the header and the week.
        await clickAtFirstPaint(page, '> div > div > button', 'button[aria-label="Add task for today"]');
        if (holdApp) expect(await shellHits(page), `load ${load}: the click landed on the shell`).toEqual([true]);
        await release();
        await expect(page.locator(SHELL)).toHaveCount(0);
        await expect(page.locator('section[aria-current="date"]').getByRole('listitem'), `load ${load}`).toHaveText(['New task']);
        await expect.poll(() => stored(page)).toEqual([expect.objectContaining({ title: 'New task' })]);
        await page.context().close();
      }
    });
  }
}

test("a click on a day's '+' at first paint opens that day's add box once the app is live", async ({ browser }) => {
  const { page, release } = await openCold(browser, 4, true);
  // Monday's '+': its column's second header button (the first is its heading).
  await clickAtFirstPaint(page, 'section header > button', 'section header > button');
  expect(await shellHits(page)).toEqual([true]);
  await release();
  await expect(page.getByRole('textbox', { name: /^New task for Mon/ })).toBeFocused();
  await page.context().close();
});
