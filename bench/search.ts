// Issue 43's search figure: a keystroke in search with 10,000 tasks (over two years of weeks, a quarter with notes,
// a fifth with a checklist of 3-5 items, a third with 1-3 labels, a third done) and 50 series (a quarter with
// template items, half labelled), in a real Chromium on the production build. Timed from the key's event time stamp to
// the results list changing in the DOM, and to the next frame's callback; the floor is a plain
// `titles.filter((title) => title.toLowerCase().includes(query))` over the same 10,000 titles, for the same
// searches, in the same page. Also: opening search the first time (its chunk fetched, the index built).
import type { Page } from '@playwright/test';
import { median, serveDir, withBuiltApp } from './ruler.ts';

const TASKS = 10_000;
const SERIES = 50;
const WORDS = ['review', 'plan', 'call', 'buy', 'café', 'garden', 'invoice', 'dentist', 'report', 'team', 'passport', 'book', 'clean', 'fix', 'write', 'read', 'pay', 'meet', 'order', 'renew'];
const OBJECTS = ['notes', 'budget', 'kitchen', 'mum', 'tickets', 'flat', 'car', 'slides', 'roses', 'insurance', 'taxes', 'bike', 'school', 'garage', 'Zoë', 'plumber'];
/** What is typed, key by key: common and rare words, two-word searches, an accent-free 'cafe'. */
const SEARCHES = ['review', 'cafe', 'garden roses', 'invoice', 'pay taxes', 'zoe', 'dentist', 'team slides', 'xylophone', 'plan'];

const LABELS = ['Work', 'Home', 'Errands', 'Health', 'Money', 'Family', 'Deep work', 'Garden'];
/** The labels as `weekly-planner-catalog` stores them. */
const CATALOG = {
  version: 1,
  labels: LABELS.map((name, i) => ({ id: `label-bench-${i}`, name, colour: ['red', 'orange', 'yellow', 'green', 'teal', 'blue', 'purple', 'grey'][i], createdAt: 1 + i })),
  lists: [],
  aliases: {},
};
const labelsOf = (i: number) => Array.from({ length: 1 + (i % 3) }, (_, k) => `label-bench-${(i + k * 3) % LABELS.length}`);
const items = (i: number, count: number) =>
  Array.from({ length: count }, (_, k) => ({ id: `item-${i}-${k}`, text: `${pick(WORDS, i + k * 5)} the ${pick(OBJECTS, i * 7 + k)}` }));
const dayKey = (day: number) => new Date(Date.UTC(2025, 11, 1) + day * 86_400_000).toISOString().slice(0, 10);
const pick = <T>(list: T[], i: number) => list[i % list.length]!;

function seed() {
  const orders = new Map<string, number>();
  const tasks = Array.from({ length: TASKS }, (_, i) => {
    const date = i % 25 === 0 ? 'someday' : dayKey((i * 7919) % 730);
    const order = orders.get(date) ?? 0;
    orders.set(date, order + 1);
    const title = `${pick(WORDS, i * 7)} ${pick(OBJECTS, i * 3)} ${i}`;
    const notes = i % 4 === 0 ? `Remember the ${pick(OBJECTS, i)} and ask about the ${pick(WORDS, i * 11)}` : undefined;
    const checklist = i % 5 === 0 ? items(i, 3 + (i % 3)).map((item, k) => ({ ...item, done: k % 2 === 0 })) : undefined;
    return {
      id: `task-${1_780_000_000_000 + i}-b${i.toString(36)}`,
      title: title[0]!.toUpperCase() + title.slice(1),
      date,
      completed: i % 3 === 0,
      createdAt: 1_780_000_000_000 + i,
      order,
      notes,
      ...(checklist ? { checklist } : {}),
      ...(i % 3 === 1 ? { labels: labelsOf(i) } : {}),
    };
  });
  const series = Array.from({ length: SERIES }, (_, i) => ({
    id: `series-${1_790_000_000_000 + i}-bench${i}`,
    template: {
      title: `${pick(WORDS, i * 3)} ${pick(OBJECTS, i * 5)} (repeats)`,
      notes: '',
      ...(i % 4 === 0 ? { checklist: items(i, 4) } : {}),
      ...(i % 2 === 0 ? { labels: labelsOf(i) } : {}),
    },
    firstDate: dayKey(i * 5),
    repeat: { kind: 'rule', rule: i % 3 === 0 ? 'FREQ=MONTHLY;BYMONTHDAY=15' : `FREQ=WEEKLY;BYDAY=${pick(['MO', 'TU', 'WE', 'TH', 'FR'], i)}` },
    createdAt: 1_790_000_000_000 + i,
  }));
  return { tasks, series: { version: 1, series, exceptions: [] }, catalog: CATALOG };
}

const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))]!;

/** Installs the probe on the search field: each key's time stamp → the results' next DOM change → the next frame. */
const PROBE = `(() => {
  const field = document.querySelector('[role=combobox]');
  const list = document.querySelector('[role=listbox]');
  window.__keys = [];
  let start = null;
  field.addEventListener('keydown', (event) => { start = event.timeStamp; }, true);
  new MutationObserver(() => {
    if (start === null) return;
    const from = start;
    start = null;
    const dom = performance.now() - from;
    requestAnimationFrame(() => window.__keys.push({ dom, frame: performance.now() - from }));
  }).observe(list, { attributes: true, childList: true, subtree: true, characterData: true });
})()`;

/** Types each search key by key into a cleared field; the keys' figures (the clearing's own not among them). */
async function typeSearches(page: Page): Promise<{ dom: number; frame: number }[]> {
  const field = page.getByRole('combobox', { name: 'Search tasks' });
  const keys: { dom: number; frame: number }[] = [];
  for (const search of SEARCHES) {
    await field.press('Control+a');
    await field.press('Backspace');
    await page.waitForTimeout(50);
    const before = (await page.evaluate('window.__keys.length')) as number;
    await page.keyboard.type(search, { delay: 60 });
    await page.waitForTimeout(100);
    keys.push(...((await page.evaluate(`window.__keys.slice(${before})`)) as { dom: number; frame: number }[]));
  }
  return keys;
}

async function printSearch(page: Page, url: string) {
  const { tasks, series, catalog } = seed();
  await page.addInitScript(
    ([tasksJson, seriesJson, catalogJson]) => {
      localStorage.setItem('weekly-planner-tasks', tasksJson!);
      localStorage.setItem('weekly-planner-series', seriesJson!);
      localStorage.setItem('weekly-planner-catalog', catalogJson!);
    },
    [JSON.stringify(tasks), JSON.stringify(series), JSON.stringify(catalog)],
  );
  await page.goto(url);
  await page.locator('.task-card').first().waitFor();
  await page.waitForLoadState('networkidle');
  const opened = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const start = performance.now();
        new MutationObserver((_, observer) => {
          if (!document.querySelector('[role=combobox]')) return;
          observer.disconnect();
          requestAnimationFrame(() => resolve(performance.now() - start));
        }).observe(document.body, { childList: true, subtree: true });
        window.dispatchEvent(new KeyboardEvent('keydown', { key: '/', bubbles: true, cancelable: true }));
      }),
  );
  await page.evaluate(PROBE);
  const keys: { dom: number; frame: number }[] = [];
  for (let round = 0; round < 3; round++) keys.push(...(await typeSearches(page)));
  // The floor: the same searches' prefixes, a plain filter over the same titles, in the same page.
  const floor = (await page.evaluate(
    ([titles, searches]) => {
      const times: number[] = [];
      let sink = 0;
      for (let round = 0; round < 3; round++) {
        for (const search of searches) {
          for (let end = 1; end <= search.length; end++) {
            const query = search.slice(0, end).toLowerCase();
            const start = performance.now();
            const found = titles.filter((title) => title.toLowerCase().includes(query));
            times.push(performance.now() - start);
            sink += found.length;
          }
        }
      }
      return sink >= 0 ? times : [];
    },
    [tasks.map((task) => task.title).concat(series.series.map((s) => s.template.title)), SEARCHES] as const,
  )) as number[];
  const dom = keys.map((key) => key.dom);
  const frame = keys.map((key) => key.frame);
  const floorMedian = median(floor);
  const itemCount = tasks.reduce((sum, task) => sum + (task.checklist?.length ?? 0), 0);
  const labelled = tasks.filter((task) => task.labels).length;
  console.log(`Search with ${TASKS.toLocaleString('en')} tasks (${itemCount.toLocaleString('en')} checklist items, ${labelled.toLocaleString('en')} labelled) and ${SERIES} series, ${keys.length} keystrokes (${SEARCHES.length} searches typed 3 times; 1600×1000)`);
  console.log(`  first opening ('/' → the dialog's frame: its chunk fetched, the index built)   ${opened.toFixed(1)} ms`);
  console.log(`  keystroke → results in the DOM      median ${median(dom).toFixed(2)} ms   p95 ${percentile(dom, 95).toFixed(2)} ms   ratio ${(median(dom) / floorMedian).toFixed(1)} (p95 ${(percentile(dom, 95) / percentile(floor, 95)).toFixed(1)})`);
  console.log(`  keystroke → next frame              median ${median(frame).toFixed(2)} ms   p95 ${percentile(frame, 95).toFixed(2)} ms   (a frame: 16.7 ms)`);
  console.log(`  floor: Array.filter over the titles median ${floorMedian.toFixed(3)} ms   p95 ${percentile(floor, 95).toFixed(3)} ms`);
  console.log(`  ratio to the floor: median ${(median(dom) / floorMedian).toFixed(1)}, p95 ${(percentile(dom, 95) / percentile(floor, 95)).toFixed(1)} (DOM); median ${(median(frame) / floorMedian).toFixed(1)} (frame)`);
}

/** `npm run bench -- search`: on a fresh production build (or BENCH_APP_DIR), served as the ruler serves it. */
export const benchSearch = (): Promise<void> =>
  withBuiltApp('Search', async (browser, appDir) => {
    const server = await serveDir(appDir);
    const context = await browser.newContext({ viewport: { width: 1600, height: 1000 }, serviceWorkers: 'block' });
    try {
      await printSearch(await context.newPage(), server.url);
    } finally {
      await context.close();
      await server.close();
    }
  });
