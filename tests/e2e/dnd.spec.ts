import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { storedTasks, type StoredTask } from './support/stored';

// Drag and drop in the built app, in Chromium: mouse, touch (CDP touch events) and keyboard.
// Tasks are seeded through localStorage and the stored array is checked after each drag.

const MON = '2026-11-23';
const TUE = '2026-11-24';
const THU = '2026-11-26';
const WEEK = ['Mon 23 Nov', 'Tue 24 Nov', 'Wed 25 Nov', 'Thu 26 Nov', 'Fri 27 Nov', 'Sat 28 Nov', 'Sun 29 Nov', 'Some Day'];

const task = (title: string, date: string, order: number): StoredTask => ({ id: `task-${title}`, title, date, completed: false, createdAt: 1_764_000_000_000 + order, order });
const SEED = [task('Alpha', MON, 0), task('Bravo', MON, 1), task('Charlie', MON, 2), task('Xray', TUE, 0), task('Yankee', TUE, 1)];
const UNTOUCHED = { [MON]: 'Alpha Bravo Charlie', [TUE]: 'Xray Yankee' };

async function openPlanner(page: Page, tasks: StoredTask[] = SEED) {
  await page.clock.setFixedTime(new Date('2026-11-25T10:00:00'));
  await page.addInitScript((seed) => localStorage.setItem('weekly-planner-tasks', JSON.stringify(seed)), tasks);
  await page.goto('/');
  await expect(page.getByRole('button', { name: tasks[0]!.title, exact: true })).toBeAttached();
  // A phone opens on today (Wednesday); the drags here start on Monday, so scroll up to it as a person would.
  await page.evaluate(() => scrollTo(0, 0));
  await expect(page.getByRole('button', { name: tasks[0]!.title, exact: true })).toBeInViewport();
}

/** The stored array as each day's titles in order; fails if a day's orders are not 0..n-1. */
async function storedDays(page: Page): Promise<Record<string, string>> {
  const stored = await storedTasks(page);
  const days: Record<string, string> = {};
  for (const date of [...new Set(stored.map((t) => t.date))].sort()) {
    const list = stored.filter((t) => t.date === date).sort((a, b) => a.order - b.order);
    expect(list.map((t) => t.order), `orders of ${date}`).toEqual(list.map((_, i) => i));
    days[date] = list.map((t) => t.title).join(' ');
  }
  return days;
}

const expectStored = (page: Page, days: Record<string, string>) => expect.poll(() => storedDays(page)).toEqual(days);

const card = (page: Page, title: string) => page.getByRole('listitem').filter({ has: page.getByRole('button', { name: title, exact: true }) });
const column = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const dragLayer = (page: Page) => page.getByTestId('drag-layer');

async function centre(locator: Locator, dy = 0) {
  const box = (await locator.boundingBox())!;
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 + dy };
}

/** Presses at `from`, moves to each point in small steps, checks the overlay shows, releases. */
async function mouseDrag(page: Page, from: { x: number; y: number }, ...path: Array<{ x: number; y: number }>) {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  for (const point of path) await page.mouse.move(point.x, point.y, { steps: 12 });
  await expect(dragLayer(page)).toBeVisible();
  await page.mouse.up();
  await expect(dragLayer(page)).toHaveCount(0);
}

test.describe('mouse', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('drags a task into another day at the hovered task position', async ({ page }) => {
    await openPlanner(page);
    await mouseDrag(page, await centre(card(page, 'Alpha')), await centre(card(page, 'Yankee'), -4));
    await expect(column(page, 'Tue 24 Nov').getByRole('listitem')).toHaveText(['Xray', 'Alpha', 'Yankee']);
    await expectStored(page, { [MON]: 'Bravo Charlie', [TUE]: 'Xray Alpha Yankee' });
  });

  test('reorders within a day, down and then up', async ({ page }) => {
    await openPlanner(page);
    // Down past the middle of the last card: after it.
    await mouseDrag(page, await centre(card(page, 'Alpha')), await centre(card(page, 'Charlie'), 6));
    await expectStored(page, { ...UNTOUCHED, [MON]: 'Bravo Charlie Alpha' });
    // Up past the middle of the first card: before it.
    await mouseDrag(page, await centre(card(page, 'Alpha')), await centre(card(page, 'Bravo'), -6));
    await expectStored(page, { ...UNTOUCHED, [MON]: 'Alpha Bravo Charlie' });
    // Down onto the column below its cards: to the end.
    const below = (await column(page, 'Mon 23 Nov').boundingBox())!;
    await mouseDrag(page, await centre(card(page, 'Bravo')), { x: below.x + below.width / 2, y: below.y + below.height - 10 });
    await expectStored(page, { ...UNTOUCHED, [MON]: 'Alpha Charlie Bravo' });
  });

  test('a press that moves less than 10 px is a click, not a drag', async ({ page }) => {
    await openPlanner(page);
    const at = await centre(page.getByRole('button', { name: 'Alpha', exact: true }));
    await page.mouse.move(at.x, at.y);
    await page.mouse.down();
    await page.mouse.move(at.x + 6, at.y + 5, { steps: 4 }); // 7.8 px
    await expect(dragLayer(page)).toHaveCount(0);
    await page.mouse.up();
    await expect(page.getByRole('textbox', { name: 'Edit "Alpha"' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expectStored(page, UNTOUCHED);
  });

  test('the placeholder and the day under the pointer change at once: no transition repaints them frame after frame', async ({ page }) => {
    await openPlanner(page);
    const from = await centre(card(page, 'Alpha'));
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(...xy(await centre(card(page, 'Yankee'), -4)), { steps: 12 });
    await expect(dragLayer(page)).toBeVisible();
    // A colour transition on either repainted its part of the page for 150 ms, each frame waiting on that raster.
    const parts = await page.evaluate(() =>
      [...document.querySelectorAll('section, .is-dragging')].map((el) => {
        const style = getComputedStyle(el);
        const animates = style.transitionProperty !== 'none' && style.transitionDuration.split(',').some((d) => parseFloat(d) > 0);
        return `${el.tagName.toLowerCase()}${el.classList.contains('is-dragging') ? '.is-dragging' : ''}${animates ? ' transitions' : ''}`;
      }),
    );
    expect(parts).toContain('li.is-dragging');
    expect(parts.filter((part) => part.endsWith('transitions'))).toEqual([]);
    await page.mouse.up();
    await expectStored(page, { [MON]: 'Bravo Charlie', [TUE]: 'Xray Alpha Yankee' });
  });

  test('a drag made while its code loads, then held still, moves the card live once the code arrives', async ({ browser }) => {
    // The drag code is a chunk fetched on the first hover (dragIntent.ts): held back here until the pointer is still.
    // No service worker: one that took control on a slow load fetched the chunk where page.route cannot hold it.
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, serviceWorkers: 'block' });
    const page = await context.newPage();
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/DndLayer-*.js', async (route) => released.then(() => route.continue()));
    await openPlanner(page);
    const from = await centre(card(page, 'Bravo'));
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(...xy(await centre(card(page, 'Xray'), -4)), { steps: 12 });
    await expect(column(page, 'Tue 24 Nov').getByRole('listitem')).toHaveText(['Xray', 'Yankee']);
    release();
    await expect(column(page, 'Tue 24 Nov').getByRole('listitem')).toHaveText(['Bravo', 'Xray', 'Yankee']); // moved live
    await page.mouse.up();
    await expectStored(page, { [MON]: 'Alpha Charlie', [TUE]: 'Bravo Xray Yankee' });
    await context.close();
  });

  test('released outside every column, the drag is cancelled and the days restored', async ({ page }) => {
    await openPlanner(page);
    const grid = (await column(page, 'Mon 23 Nov').boundingBox())!;
    const from = await centre(card(page, 'Bravo'));
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(...xy(await centre(card(page, 'Xray'), -4)), { steps: 12 });
    await expect(column(page, 'Tue 24 Nov').getByRole('listitem')).toHaveText(['Bravo', 'Xray', 'Yankee']); // moved live
    await page.mouse.move(from.x, grid.y + grid.height + 60, { steps: 12 }); // below the grid
    await page.mouse.up();
    await expect(column(page, 'Mon 23 Nov').getByRole('listitem')).toHaveText(['Alpha', 'Bravo', 'Charlie']);
    await expectStored(page, UNTOUCHED);
  });
});

const xy = (point: { x: number; y: number }) => [point.x, point.y] as const;

test.describe('touch', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('a 250 ms press then a move drags a task into another day', async ({ page }) => {
    await openPlanner(page);
    // The drag backend is its own chunk, fetched on the first render: a press before it is there is not a drag.
    await page.waitForLoadState('networkidle');
    const cdp = await page.context().newCDPSession(page);
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', point?: { x: number; y: number }) =>
      cdp.send('Input.dispatchTouchEvent', { type, touchPoints: point ? [{ x: point.x, y: point.y }] : [] });

    const from = await centre(card(page, 'Alpha'));
    const to = await centre(card(page, 'Xray'), -4);
    await touch('touchStart', from);
    await touch('touchMove', { x: from.x + 2, y: from.y + 2 }); // within the 5 px tolerance
    await page.waitForTimeout(250);
    for (let i = 1; i <= 15; i++) await touch('touchMove', { x: from.x + ((to.x - from.x) * i) / 15, y: from.y + ((to.y - from.y) * i) / 15 });
    await expect(dragLayer(page)).toBeVisible();
    await touch('touchEnd');
    await expect(dragLayer(page)).toHaveCount(0);
    await expectStored(page, { [MON]: 'Bravo Charlie', [TUE]: 'Alpha Xray Yankee' });
  });

  for (const end of ['touchEnd', 'touchCancel'] as const) {
    test(`the only task of a day, dragged by touch to another day, lets go on ${end}`, async ({ page }) => {
      await openPlanner(page, [task('Alpha', MON, 0), task('Xray', TUE, 0)]);
      await page.waitForLoadState('networkidle');
      const cdp = await page.context().newCDPSession(page);
      const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd' | 'touchCancel', point?: { x: number; y: number }) =>
        cdp.send('Input.dispatchTouchEvent', { type, touchPoints: point ? [point] : [] });
      const from = await centre(card(page, 'Alpha'));
      const to = await centre(card(page, 'Xray'), -4);
      const tuesdayTop = (await column(page, 'Tue 24 Nov').boundingBox())!.y;
      await touch('touchStart', from);
      await page.waitForTimeout(250);
      for (let i = 1; i <= 15; i++) await touch('touchMove', { x: from.x + ((to.x - from.x) * i) / 15, y: from.y + ((to.y - from.y) * i) / 15 });
      // Moved live: Monday is empty now, and the card the touch began on has left the page. Monday keeps its height
      // until the drag ends, so Tuesday stays under the finger (on a phone an emptied day shrank to one line and
      // Tuesday rose ~60 px mid-drag): Alpha lands above Xray, where the finger is.
      const tuesday = column(page, 'Tue 24 Nov').getByRole('listitem');
      await expect(tuesday).toHaveText(['Alpha', 'Xray']);
      await expect(column(page, 'Mon 23 Nov').getByRole('listitem')).toHaveCount(0);
      expect((await column(page, 'Tue 24 Nov').boundingBox())!.y).toBeCloseTo(tuesdayTop, 0);
      const shown = 'Alpha Xray';
      await touch(end);
      await expect(dragLayer(page)).toHaveCount(0);
      await expect(page.locator('.is-dragging')).toHaveCount(0);
      // A drop keeps the move; a cancelled touch puts the task back. Either way nothing is lost.
      await expectStored(page, end === 'touchEnd' ? { [TUE]: shown } : { [MON]: 'Alpha', [TUE]: 'Xray' });
      // The page is live again: a tap on a task opens it for editing.
      const title = page.getByRole('button', { name: 'Xray', exact: true });
      await touch('touchStart', await centre(title));
      await touch('touchEnd');
      await expect(page.getByRole('textbox', { name: 'Edit "Xray"' })).toBeFocused();
    });
  }

  test('held near the bottom edge, a touch drag scrolls the page to the days below', async ({ page }) => {
    await openPlanner(page);
    // The drag backend is its own chunk, fetched on the first render: a press before it is there is not a drag.
    await page.waitForLoadState('networkidle');
    const cdp = await page.context().newCDPSession(page);
    const touch = (point: { x: number; y: number }) => cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [point] });
    const from = await centre(card(page, 'Alpha'));
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [from] });
    await page.waitForTimeout(250);
    const height = page.viewportSize()!.height;
    const edge = { x: from.x, y: height - 5 };
    for (let i = 1; i <= 10; i++) await touch({ x: from.x, y: from.y + ((edge.y - from.y) * i) / 10 });
    await expect.poll(() => page.evaluate(() => scrollY)).toBeGreaterThan(600);
    await expect.poll(async () => (await column(page, 'Some Day').boundingBox())!.y).toBeLessThan(height - 200);
    // Out of the edge band the page stops under the finger. Aiming at Some Day while still in the band would
    // let the page scroll on past it, and a release over the footer is a drop outside every day: a cancel.
    await touch({ x: from.x, y: height - 100 });
    await expect.poll(() => page.evaluate(() => new Promise((done) => {
      const before = scrollY;
      setTimeout(() => done(scrollY === before), 100);
    }))).toBe(true);
    const box = (await column(page, 'Some Day').boundingBox())!;
    await touch({ x: from.x, y: Math.min(box.y + box.height / 2, height - 60) });
    // Lifted once the card shows in Some Day, as a person lifts a finger after seeing it there.
    await expect(column(page, 'Some Day').getByRole('listitem')).toHaveText(['Alpha']); // moved live
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await expectStored(page, { [MON]: 'Bravo Charlie', [TUE]: 'Xray Yankee', someday: 'Alpha' });
  });

  test('a touch that moves before the press completes scrolls instead of dragging', async ({ page }) => {
    await openPlanner(page);
    // The drag backend is its own chunk, fetched on the first render: a press before it is there is not a drag.
    await page.waitForLoadState('networkidle');
    const cdp = await page.context().newCDPSession(page);
    const from = await centre(card(page, 'Alpha'));
    // The events carry their own times (a finger's timeline), so a slow test runner cannot stretch the press.
    const t0 = Date.now() / 1000;
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [from], timestamp: t0 });
    for (let i = 1; i <= 10; i++) {
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: from.x, y: from.y - i * 20 }], timestamp: t0 + i * 0.01 });
    }
    await page.waitForTimeout(250);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: from.x, y: from.y + 150 }], timestamp: t0 + 0.45 });
    await expect(dragLayer(page)).toHaveCount(0);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await expectStored(page, UNTOUCHED);
  });
});

test.describe('keyboard', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  /** The column holding the dragged (pressed) handle. */
  const columnOfDragged = (page: Page) =>
    page
      .getByRole('region')
      .filter({ has: page.getByRole('button', { pressed: true, name: /^Move task/ }) })
      .getAttribute('aria-labelledby')
      .then((id) => page.locator(`[id="${id}"]`).innerText())
      .then((text) => text.replace(/\s+/g, ' ').trim());

  test('Space picks up, arrows move 25 px through every column to Some Day, Space drops', async ({ page }) => {
    await openPlanner(page);
    await page.getByRole('button', { name: 'Move task: Alpha' }).focus();
    await page.keyboard.press('Space');
    await expect(dragLayer(page)).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Picked up Alpha' })).toBeAttached();
    const layer = dragLayer(page).locator('> div');
    const before = (await layer.boundingBox())!;
    await page.keyboard.press('ArrowRight');
    expect((await layer.boundingBox())!.x - before.x).toBeCloseTo(25, 0);

    const visited = [await columnOfDragged(page)];
    for (let press = 0; press < 200 && visited.at(-1) !== 'Some Day'; press++) {
      await page.keyboard.press('ArrowRight');
      const now = await columnOfDragged(page);
      if (now !== visited.at(-1)) visited.push(now);
    }
    expect(visited).toEqual(WEEK);
    await page.keyboard.press('Space');
    await expect(dragLayer(page)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Move task: Alpha' })).toBeFocused();
    await expectStored(page, { [MON]: 'Bravo Charlie', [TUE]: 'Xray Yankee', someday: 'Alpha' });
  });

  test('Enter picks up, drops onto another day; Escape cancels and restores', async ({ page }) => {
    await openPlanner(page);
    const handle = page.getByRole('button', { name: 'Move task: Charlie' });
    await handle.focus();
    await page.keyboard.press('Enter');
    for (let press = 0; press < 40 && (await columnOfDragged(page)) !== 'Thu 26 Nov'; press++) await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await expectStored(page, { [MON]: 'Alpha Bravo', [TUE]: 'Xray Yankee', [THU]: 'Charlie' });

    await page.getByRole('button', { name: 'Move task: Alpha' }).focus();
    await page.keyboard.press('Space');
    for (let press = 0; press < 40 && (await columnOfDragged(page)) !== 'Tue 24 Nov'; press++) await page.keyboard.press('ArrowRight');
    await expect(column(page, 'Tue 24 Nov').getByRole('listitem')).toHaveCount(3);
    await page.keyboard.press('Escape');
    await expect(dragLayer(page)).toHaveCount(0);
    await expect(column(page, 'Mon 23 Nov').getByRole('listitem')).toHaveText(['Alpha', 'Bravo']);
    await expectStored(page, { [MON]: 'Alpha Bravo', [TUE]: 'Xray Yankee', [THU]: 'Charlie' });
  });
});
