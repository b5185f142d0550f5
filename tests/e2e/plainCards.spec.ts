import type { Page } from '@playwright/test';
import { expect, test } from './support/test';

// A first load with many tasks creates the cards out of sight as plain cards (cardUpgrade.ts) that become
// full cards when needed. Becoming full must change no pixel and no box, and every card must end up full.

function mondayOfThisWeek(): string {
  const d = new Date();
  const monday = new Date(d.getFullYear(), d.getMonth(), d.getDate() - ((d.getDay() + 6) % 7));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${monday.getFullYear()}-${pad(monday.getMonth() + 1)}-${pad(monday.getDate())}`;
}

/**
 * The largest difference of any colour channel between two screenshots, decoded by the page itself. Layers a
 * hover promoted may rasterise a pixel one level apart (seen: 16 pixels by 1/255 at 390 px), which no eye sees.
 */
async function largestDifference(page: Page, a: Buffer, b: Buffer): Promise<number> {
  return page.evaluate(async ([a, b]) => {
    const pixels = async (base64: string) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0)); // not fetch: the page's CSP refuses data: there
      const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      const context = canvas.getContext('2d')!;
      context.drawImage(bitmap, 0, 0);
      return context.getImageData(0, 0, bitmap.width, bitmap.height).data;
    };
    const [one, two] = await Promise.all([pixels(a!), pixels(b!)]);
    if (one.length !== two.length) return 255;
    let largest = 0;
    for (let i = 0; i < one.length; i++) largest = Math.max(largest, Math.abs(one[i]! - two[i]!));
    return largest;
  }, [a.toString('base64'), b.toString('base64')]);
}

/**
 * The viewport once it has settled: two screenshots in a row alike, as toHaveScreenshot waits for. A frame taken
 * while an image is still decoding (a done mark's mask, loaded by the first card that shows it) is half painted: the
 * fresh-clone run at e043ac4 saw one 'plain and full cards differ' (224 in a channel) that four re-runs did not.
 */
async function settledScreenshot(page: Page): Promise<Buffer> {
  let last = await page.screenshot();
  for (let i = 0; i < 20; i++) {
    const next = await page.screenshot();
    if ((await largestDifference(page, last, next)) <= 1) return next;
    last = next;
  }
  throw new Error('the page never settled');
}

const tasks = (date: string, n: number) =>
  Array.from({ length: n }, (_, i) => ({
    id: `t${i}`,
    title: i % 7 === 3 ? `Task ${i} with a much longer title that wraps onto more lines in a narrow column` : `Task ${i}`,
    date,
    completed: i % 3 === 0,
    createdAt: i,
    order: i,
  }));

for (const theme of ['light', 'dark'] as const) {
  for (const [width, height, touch] of [
    [1600, 1000, false],
    [390, 844, false],
    // A touch screen's cards have finger-sized controls and no grip (index.css).
    [390, 844, true],
  ] as const) {
    test(`a plain card looks exactly like the full card it becomes (${theme}, ${width}px${touch ? ', touch' : ''})`, async ({ browser }) => {
      const context = await browser.newContext({ viewport: { width, height }, serviceWorkers: 'block', hasTouch: touch, isMobile: touch });
      await context.addInitScript(
        ([theme, json]) => {
          localStorage.setItem('theme', theme!);
          localStorage.setItem('weekly-planner-tasks', json!);
          // Hold the plain cards: no idle time, and their groups never hear that they came into view or under the pointer.
          const w = window as unknown as { __hold: boolean };
          w.__hold = true;
          window.requestIdleCallback = () => 0;
          for (const type of ['contentvisibilityautostatechange', 'pointerover'])
            addEventListener(type, (event) => w.__hold && event.stopImmediatePropagation(), true);
        },
        [theme, JSON.stringify(tasks(mondayOfThisWeek(), 80))],
      );
      const page = await context.newPage();
      await page.goto('/');
      const card = page.getByRole('listitem').filter({ hasText: 'Task 66 with' });
      await expect(card).toHaveClass(/\blite\b/);
      const group = card.locator('xpath=..');
      // In the middle of the viewport, not merely in it: 'if needed' may leave it under the phone's sticky header (it
      // did once the day's first group, never on screen on a phone that opens on today, kept its estimated height),
      // and the hover below would then scroll the page to reach it, moving every box.
      await card.evaluate((element) => element.scrollIntoView({ block: 'center' }));
      await page.evaluate(() => new Promise(requestAnimationFrame));
      await page.mouse.move(width - 2, height - 2);
      const plainCards = await group.locator('.task-card.lite').count();
      expect(plainCards).toBeGreaterThanOrEqual(25);
      const boxes = () => group.getByRole('listitem').evaluateAll((cards) => cards.map((c) => JSON.stringify(c.getBoundingClientRect())));
      const boxesBefore = await boxes();
      await page.waitForFunction(() => document.getAnimations().length === 0);
      // What a person sees: the viewport, not the group, which on a phone is taller than the screen and passes
      // under the sticky header and day strip (an element shot of it pieces the page together while scrolling).
      const before = await settledScreenshot(page);

      await page.evaluate(() => {
        (window as unknown as { __hold: boolean }).__hold = false;
      });
      await card.hover();
      await expect(group.locator('.task-card.lite')).toHaveCount(0);
      await expect(card.getByRole('button', { name: 'Mark "Task 66 with a much longer title that wraps onto more lines in a narrow column" complete', pressed: true })).toBeVisible();
      await page.mouse.move(width - 2, height - 2);
      // The card eases its border back from its hover colour (transition-colors): compare once that is over.
      await page.waitForFunction(() => document.getAnimations().length === 0);
      expect(await boxes()).toEqual(boxesBefore);
      expect(await largestDifference(page, before, await settledScreenshot(page)), 'plain and full cards differ').toBeLessThanOrEqual(1);
      await context.close();
    });
  }
}

test('with 5,000 tasks every card soon has its controls, and the cards in view come first', async ({ browser }) => {
  // 5,000 cards, and role queries that name each of them: more than the default minute on a busy machine.
  test.setTimeout(120_000);
  const context = await browser.newContext({ viewport: { width: 1600, height: 1000 }, serviceWorkers: 'block' });
  const week = Array.from({ length: 7 }, (_, d) => {
    const [y, m, day] = mondayOfThisWeek().split('-').map(Number);
    const date = new Date(y!, m! - 1, day! + d);
    return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
  }).concat('someday');
  const all = Array.from({ length: 5000 }, (_, i) => ({ id: `b${i}`, title: `Bench ${i}`, date: week[i % 8]!, completed: false, createdAt: i, order: Math.floor(i / 8) }));
  await context.addInitScript((json) => localStorage.setItem('weekly-planner-tasks', json), JSON.stringify(all));
  const page = await context.newPage();
  await page.goto('/');
  // A first load of 5,000 tasks: past 10 s on a busy 2-core machine (its speed is npm run bench's to measure).
  await expect(page.getByText('Bench 4999', { exact: true })).toBeAttached({ timeout: 30_000 });
  // The last cards of a day are plain at first...
  await expect(page.locator('.task-card.lite').first()).toBeAttached();
  // ...and full within moments, each with its three buttons.
  await expect(page.locator('.task-card.lite')).toHaveCount(0, { timeout: 20_000 });
  // Counted by their labels in CSS: a role query names 20,000 buttons on each poll, over two minutes on a busy
  // machine. The roles and names themselves are checked on one card.
  await expect(page.locator('li.task-card button[aria-label^="Mark \\"Bench "]')).toHaveCount(5000);
  await expect(page.locator('li.task-card button[aria-label^="Delete \\"Bench "]')).toHaveCount(5000);
  await expect(page.getByRole('button', { name: 'Mark "Bench 4999" complete' })).toBeAttached();
  await expect(page.getByRole('button', { name: 'Delete "Bench 4999"' })).toBeAttached();
  await context.close();
});

// Also with the drag code held back (a busy machine's first moment): the whole drag ends before the chunk arrives,
// and is replayed to the backend once it listens (dragIntent.ts).
for (const late of [false, true]) {
  test(`a card still drawn plain can be dragged to another day${late ? ', the whole drag made before the drag code has loaded' : ''}`, async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 1600, height: 1000 }, serviceWorkers: 'block' });
    await context.addInitScript((json) => {
      localStorage.setItem('weekly-planner-tasks', json);
      // Hold the plain cards (as above): the press must find the card plain.
      window.requestIdleCallback = () => 0;
      for (const type of ['contentvisibilityautostatechange', 'pointerover']) addEventListener(type, (event) => event.stopImmediatePropagation(), true);
    }, JSON.stringify(tasks(mondayOfThisWeek(), 80)));
    const page = await context.newPage();
    // Held back until the drag is over, however long that takes on a busy machine.
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    if (late) await page.route('**/assets/DndLayer-*.js', async (route) => released.then(() => route.continue()));
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    await page.goto('/');
    const card = page.getByRole('listitem').filter({ hasText: /^Task 50$/ });
    await card.scrollIntoViewIfNeeded();
    await expect(card).toHaveClass(/\blite\b/);
    // Press the card as drawn. A group scrolled into view is drawn, and its cards hit-tested, from the next frame: a
    // press before that reaches the group (content-visibility: auto skips its cards), not the card, and drags nothing
    // (the cause of this test's rare failures). A person presses what they see: hover waits until the pointer there
    // reaches the card.
    const { height } = (await card.boundingBox())!;
    await card.hover({ position: { x: 40, y: height / 2 } });
    const from = (await card.boundingBox())!;
    const tuesday = page.locator('section').nth(1);
    const to = (await tuesday.boundingBox())!;
    await page.mouse.down();
    await page.mouse.move(from.x + 60, from.y + from.height / 2, { steps: 3 });
    await page.mouse.move(to.x + to.width / 2, from.y + from.height / 2, { steps: 10 });
    await page.mouse.up();
    if (late) {
      await expect(tuesday.getByRole('listitem')).toHaveCount(0);
      release();
    }
    await expect(tuesday.getByRole('listitem')).toHaveText(['Task 50']);
    await expect(page.locator('section').first().getByRole('listitem')).toHaveCount(79);
    expect(errors).toEqual([]);
    await context.close();
  });
}
