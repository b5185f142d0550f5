import type { Browser, Page } from '@playwright/test';
import { expect, test } from './support/test';

// On '/' index.html paints the planner's first screen into #root before any module runs: the app's own render
// (scripts/firstScreen.ts checks at every build that it is exactly that), which the app then hydrates. These tests
// look at it as a person would, before the app's code is in and after, and give it input at first paint.

interface Opened {
  page: Page;
  /** Lets the app's modules and stylesheet through (when held). */
  release: () => Promise<void>;
}

async function open(browser: Browser, opts: { width?: number; height?: number; theme?: 'light' | 'dark'; tasks?: string; path?: string; hold?: boolean; cpu?: number; touch?: boolean }): Promise<Opened> {
  const context = await browser.newContext({
    viewport: { width: opts.width ?? 1600, height: opts.height ?? 1000 },
    serviceWorkers: 'block',
    ...(opts.touch ? { isMobile: true, hasTouch: true } : {}),
  });
  await context.addInitScript(
    ([theme, tasks]) => {
      if (theme) localStorage.setItem('theme', theme);
      if (tasks) localStorage.setItem('weekly-planner-tasks', tasks);
      // What reaches the page, and whether the app was live then (React has taken #root over once its fiber is on it).
      const clicks: boolean[] = [];
      Object.assign(window, { __clicksBeforeLive: clicks });
      addEventListener('click', () => clicks.push(!Object.keys(document.getElementById('root') ?? {}).some((k) => k.startsWith('__reactContainer'))), true);
    },
    [opts.theme ?? null, opts.tasks ?? null],
  );
  const page = await context.newPage();
  const errors: string[] = [];
  // A hydration mismatch: React's own message, or main.tsx's report of the recoverable error.
  const hydration = /hydrat|Minified React error #4(18|19|23|25)/i;
  page.on('console', (message) => void (message.type() === 'error' && hydration.test(message.text()) && errors.push(message.text())));
  page.on('pageerror', (error) => void (hydration.test(error.message) && errors.push(error.message)));
  Object.assign(page, { __errors: errors });
  if (opts.cpu && opts.cpu > 1) await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: opts.cpu });
  const held: Array<() => Promise<void>> = [];
  let released = !opts.hold;
  // The app's modules and full stylesheet are the only external scripts and CSS: held, the page is index.html alone.
  await page.route(/\/assets\/.*\.(js|css)$/, (route) => (released ? route.continue() : void held.push(() => route.continue())));
  await page.goto(opts.path ?? '/', { waitUntil: 'commit' });
  return {
    page,
    release: async () => {
      released = true;
      await Promise.all(held.map((go) => go()));
    },
  };
}

const errorsOf = (page: Page) => (page as unknown as { __errors: string[] }).__errors;
const clicksBeforeLive = (page: Page) => page.evaluate(() => (window as unknown as { __clicksBeforeLive: boolean[] }).__clicksBeforeLive);
/** The app is live once the store's own state has rendered: index.html's mark for pending tasks is gone, the root is React's. */
const isLive = (page: Page) => page.evaluate(() => Object.keys(document.getElementById('root')!).some((k) => k.startsWith('__reactContainer')));

function thisWeek(page: Page) {
  return page.evaluate(() => {
    const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
    const now = new Date();
    const monday = new Date(now.getFullYear(), now.getMonth(), now.getDate() - ((now.getDay() + 6) % 7));
    return ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].map((name, i) => {
      const d = new Date(monday.getFullYear(), monday.getMonth(), monday.getDate() + i);
      return { heading: `${name} ${d.getDate()} ${months[d.getMonth()]}`, today: d.toDateString() === now.toDateString() };
    });
  });
}

for (const theme of ['light', 'dark'] as const) {
  for (const [width, height] of [
    [1600, 1000],
    [390, 844],
  ] as const) {
    test(`the first screen is the app's own week before its code runs, and the app takes over those very elements (${theme}, ${width} px)`, async ({ browser }) => {
      const { page, release } = await open(browser, { width, height, theme, hold: true, touch: width < 600 });
      const week = await thisWeek(page);
      // Before any module: this week, Monday first, today marked, in the theme, as headings a screen reader finds.
      await expect(page.getByRole('heading', { level: 2 })).toHaveText([...week.map((day) => day.heading), 'Some Day']);
      const today = week.find((day) => day.today)!.heading;
      await expect(page.locator('section[aria-current="date"] h2')).toHaveText(today);
      await expect(page.locator('html')).toHaveClass(theme);
      await expect(page.getByRole('button', { name: theme === 'dark' ? 'Switch to light theme' : 'Switch to dark theme' })).toBeVisible();
      if (width < 600) {
        // A phone opens on today, its heading right under the header (and its day strip).
        const header = (await page.locator('body > #root > div > header').boundingBox())!;
        const heading = (await page.locator('section[aria-current="date"] > header').boundingBox())!;
        expect(Math.abs(heading.y - (header.y + header.height))).toBeLessThanOrEqual(10);
        await expect(page.getByRole('navigation', { name: 'Days' }).getByRole('button', { name: today })).toBeVisible();
      }
      const scroll = await page.evaluate(() => scrollY);
      // Tagged now, found again once the app is live: hydration kept the painted nodes rather than drawing anew.
      await page.evaluate(() => document.querySelectorAll('#root button').forEach((button) => Object.assign(button, { __painted: true })));
      // The header and the week as painted (the app adds only its hover icons' images in idle time, after them).
      const shown = () => page.evaluate(() => [...document.querySelectorAll('#root > div > header, #root main, #root > div > div.fixed')].map((e) => e.outerHTML).join(''));
      const painted = await shown();
      await release();
      await expect.poll(() => isLive(page)).toBe(true);
      await expect(page.getByRole('button', { name: 'Add task for today' })).toBeVisible();
      expect(await page.evaluate(() => [...document.querySelectorAll('#root button')].every((button) => '__painted' in button))).toBe(true);
      expect((await shown()) === painted, 'the app changed nothing it shows on a first visit').toBe(true);
      expect(await page.evaluate(() => scrollY)).toBe(scroll);
      expect(errorsOf(page)).toEqual([]);
      await page.context().close();
    });
  }
}

test('with stored tasks the first screen shows the week but never a wrong "No tasks yet", then the tasks', async ({ browser }) => {
  const tasks = JSON.stringify([{ id: 't1', title: 'Stored task', date: 'someday', completed: false, createdAt: 1, order: 0 }]);
  const { page, release } = await open(browser, { tasks, hold: true });
  await expect(page.getByRole('heading', { name: 'Some Day' })).toBeVisible();
  await expect(page.getByRole('heading', { name: /^Mon / })).toBeVisible();
  await expect(page.getByText('No tasks yet').first()).toBeAttached();
  await expect(page.getByText('No tasks yet')).toHaveCount(8);
  for (const note of await page.getByText('No tasks yet').all()) await expect(note).toBeHidden();
  await release();
  await expect(page.locator('#day-someday').getByRole('listitem')).toHaveText(['Stored task']);
  await expect(page.getByText('No tasks yet')).toHaveCount(7);
  for (const note of await page.getByText('No tasks yet').all()) await expect(note).toBeVisible();
  expect(errorsOf(page)).toEqual([]);
  await page.context().close();
});

// One page, the three paths in turn: with the app's code held back each load is index.html alone, whatever was
// loaded before it (they were a test and a browser context each).
test('no first screen of the planner on /home, /auth or an unknown path', async ({ browser }) => {
  const { page } = await open(browser, { path: '/home', hold: true });
  for (const path of ['/home', '/auth', '/no-such-page']) {
    if (path !== '/home') await page.goto(path, { waitUntil: 'commit' });
    await expect(page.locator('#root'), path).toBeAttached();
    await expect(page.locator('#root > *'), path).toHaveCount(0);
  }
  await page.context().close();
});

// Input at first paint: the page is the app's markup from its first frame; index.html holds what lands on it until
// the app hydrates, and the app itself what lands while it hydrates (src/features/planner/heldInput.ts). Each case runs
// with the app's modules held back until the input is in (so it surely lands before the app is live), and as the
// page loads by itself (the input lands whenever it does).

/** Clicks the control as soon as it has a box: what a person aiming at it does at first paint. */
async function clickAtFirstPaint(page: Page, selector: string) {
  // Polled each frame in the page: a locator's round trips take longer than a fast load.
  const box = await page.waitForFunction(
    (target) => {
      const rect = document.querySelector(target)?.getBoundingClientRect();
      return rect && rect.width > 0 ? { x: rect.x + rect.width / 2, y: rect.y + rect.height / 2 } : null;
    },
    selector,
    { polling: 'raf' },
  );
  const { x, y } = (await box.jsonValue())!;
  await page.mouse.click(x, y);
}

const stored = (page: Page) => page.evaluate(() => JSON.parse(localStorage.getItem('weekly-planner-tasks') ?? '[]') as Array<{ title: string }>);

for (const cpu of [1, 4]) {
  for (const hold of [true, false]) {
    // Held back, the click lands before the app is live in every load (asserted), and the app replays it once it
    // is: the same order each time, so two loads show it. Loading by itself, the click lands wherever the load has
    // got to (before the app is live, while it hydrates, after): those five loads are the ones that sample timing.
    const loads = hold ? 2 : 5;
    test(`a click on '+' at first paint adds today's task once, in ${loads} of ${loads} loads (CPU x${cpu}${hold ? ', app held back' : ''})`, async ({ browser }) => {
      for (let load = 1; load <= loads; load++) {
        const { page, release } = await open(browser, { cpu, hold });
        await clickAtFirstPaint(page, 'button[aria-label="Add task for today"]');
        if (hold) expect(await clicksBeforeLive(page), `load ${load}: the click landed before the app was live`).toEqual([true]);
        await release();
        await expect(page.locator('section[aria-current="date"]').getByRole('listitem'), `load ${load}`).toHaveText(['New task']);
        await expect(page.getByRole('textbox', { name: 'Edit "New task"' }), `load ${load}: ready to type`).toBeFocused();
        await expect.poll(() => stored(page)).toEqual([expect.objectContaining({ title: 'New task' })]);
        expect(errorsOf(page)).toEqual([]);
        await page.context().close();
      }
    });
  }
}

test("a click on '+' the moment the first screen has hydrated opens the new task ready to type, in 8 of 8 loads", async ({ browser }) => {
  // React subscribes to the store in passive effects, after the hydration commit: a click in between adds the task
  // before anything renders it (it failed 1 load in 2 while '+' looked for the card only at once).
  for (let load = 1; load <= 8; load++) {
    const context = await browser.newContext({ serviceWorkers: 'block' });
    await context.addInitScript(() => {
      const clickOnceHydrated = () => {
        const add = document.querySelector<HTMLButtonElement>('button[aria-label="Add task for today"]');
        // React marks a node as its own as it hydrates it.
        if (add && Object.keys(add).some((key) => key.startsWith('__reactFiber'))) return add.click();
        setTimeout(clickOnceHydrated);
      };
      clickOnceHydrated();
    });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.getByRole('textbox', { name: 'Edit "New task"' }), `load ${load}`).toBeFocused();
    await expect(page.locator('section[aria-current="date"]').getByRole('listitem')).toHaveCount(1);
    await context.close();
  }
});

test("a tap on a day's '+' at first paint on a phone opens that day's add box once the app is live", async ({ browser }) => {
  const { page, release } = await open(browser, { width: 390, height: 844, touch: true, cpu: 4, hold: true });
  const today = (await thisWeek(page)).find((day) => day.today)!.heading;
  await clickAtFirstPaint(page, 'section[aria-current="date"] header > button');
  expect(await clicksBeforeLive(page)).toEqual([true]);
  await release();
  await expect(page.getByRole('textbox', { name: `New task for ${today}` })).toBeFocused();
  await page.context().close();
});

for (const hold of [true, false]) {
  // As for the click on '+': held back, every key lands before the app is live, in the same order each load.
  const loads = hold ? 2 : 3;
  test(`a day's '+' at first paint and a title typed at once: every key lands in the add box${hold ? ' (app held back)' : ''}`, async ({ browser }) => {
    test.setTimeout(120_000);
    // The add box opens only once the app is live: until then the keys are held, and a Space would press '+' again.
    for (let load = 1; load <= loads; load++) {
      const { page, release } = await open(browser, { cpu: 4, hold });
      const monday = (await thisWeek(page))[0]!.heading;
      await clickAtFirstPaint(page, 'button[aria-label^="Add task to Mon"]');
      await page.keyboard.type('Plan the week');
      await page.keyboard.press('Enter');
      await page.keyboard.type('Call Bob');
      await release();
      // What is checked is that no key is lost, not how soon the app is live: at CPU x4 on a loaded machine the
      // released app took over 10 s to go live (the fresh-clone CI at load 12: both keys in place at the failure).
      await expect(page.getByRole('region', { name: monday }).getByRole('listitem'), `load ${load}`).toHaveText(['Plan the week'], { timeout: 30_000 });
      await expect(page.getByRole('textbox', { name: `New task for ${monday}` }), `load ${load}`).toHaveValue('Call Bob');
      expect(errorsOf(page)).toEqual([]);
      await page.context().close();
    }
  });
}

test("a phone's floating '+' tapped before the code, then a title and Enter typed at once: one task, titled as typed", async ({ browser }) => {
  // Before the app is live the tapped '+' has focus: the browser makes clicks of the Space and the Enter typed there.
  // Held, those are the keys', not presses of '+' (the Enter's used to add a second task once the title had closed).
  for (let load = 1; load <= 3; load++) {
    const { page, release } = await open(browser, { width: 390, height: 844, touch: true, cpu: 4, hold: true });
    await page.getByRole('button', { name: 'Add task for today' }).tap();
    await page.keyboard.type('Call mum');
    await page.keyboard.press('Enter');
    // The tap, and the clicks of the Space and the Enter (under load the browser has made one of them only, 1 run in ~30).
    const clicks = await clicksBeforeLive(page);
    expect(clicks.length, `load ${load}: the tap and a key's click`).toBeGreaterThanOrEqual(2);
    expect(clicks, `load ${load}: all landed before the app was live`).toEqual(clicks.map(() => true));
    await release();
    await expect(page.locator('section[aria-current="date"]').getByRole('listitem'), `load ${load}`).toHaveText(['Call mum']);
    // A second task would have come once the replay's wait for a field (1 s) was over.
    await page.waitForTimeout(1500);
    expect((await stored(page)).map((task) => task.title), `load ${load}`).toEqual(['Call mum']);
    expect(errorsOf(page)).toEqual([]);
    await page.context().close();
  }
});

test('keys at first paint: Tab to the first control and Enter take effect once the app is live', async ({ browser }) => {
  const { page, release } = await open(browser, { cpu: 4, hold: true });
  await expect(page.getByRole('button', { name: 'Previous week' })).toBeVisible();
  // Undo and Redo are disabled: the first control Tab reaches is 'Previous week'.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Previous week' })).toBeFocused();
  await page.keyboard.press('Enter');
  expect(await clicksBeforeLive(page)).toEqual([true]);
  await release();
  const monday = await page.evaluate(() => {
    const now = new Date();
    return new Date(now.getFullYear(), now.getMonth(), now.getDate() - ((now.getDay() + 6) % 7) - 7).getDate();
  });
  await expect(page.getByRole('heading', { level: 2 }).first()).toHaveText(new RegExp(`^Mon ${monday} `));
  await page.context().close();
});
