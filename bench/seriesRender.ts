// Issue 30's render figure: a week with 50 series and 500 plain tasks against the same week with 550 plain tasks,
// cold loads in a real Chromium, taken in turns. Both weeks show 550 cards on screen: each series repeats weekly on
// one day of the displayed week. The time is navigation start → the 550th card in the DOM, then its frame; with
// series it includes fetching the series code (a chunk of its own, off the first load) and computing the week.
import type { Browser } from '@playwright/test';
import type { Series } from '../src/features/series/types.ts';
import { shiftWeek, toDayKey, weekDayKeys } from '../src/features/planner/week.ts';
import { median, serveDir, withBuiltApp } from './ruler.ts';

const RUNS = 11;
const CARDS = 550;
const BYDAY = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'];

function plainTasks(count: number, days: string[]) {
  const orders = new Map<string, number>();
  return Array.from({ length: count }, (_, i) => {
    const date = days[i % days.length]!;
    const order = orders.get(date) ?? 0;
    orders.set(date, order + 1);
    const createdAt = 1_780_000_000_000 + i * 1000;
    return { id: `task-${createdAt}-seed${i.toString(36)}`, title: `Task ${i + 1}: review notes`, date, completed: i % 3 === 0, createdAt, order };
  });
}

// The stored form (series/seriesHost.ts, serializeSeries), written out here: the series modules import rrule in the
// browser's way, which Node's ESM loader refuses.
const SERIES_KEY = 'weekly-planner-series';

/** 50 weekly series, one occurrence each in the displayed week, started four weeks before it. */
function fiftySeries(days: string[]): string {
  const start = weekDayKeys(shiftWeek(days[0]!, -4));
  const series = Array.from({ length: 50 }, (_, i): Series => {
    const createdAt = 1_790_000_000_000 + i;
    const rule = `FREQ=WEEKLY;BYDAY=${BYDAY[i % 7]}`;
    return { id: `series-${createdAt}-bench${i}`, template: { title: `Series ${i + 1}: weekly review`, notes: '' }, firstDate: start[i % 7]!, repeat: { kind: 'rule', rule }, createdAt };
  });
  return JSON.stringify({ version: 1, series, exceptions: [] });
}

const probe = (stored: Record<string, string>) => `
  try { ${Object.entries(stored).map(([key, value]) => `localStorage.setItem(${JSON.stringify(key)}, ${JSON.stringify(value)});`).join(' ')} } catch {}
  (() => {
    const observer = new MutationObserver(() => {
      if (document.querySelectorAll('.task-card').length < ${CARDS}) return;
      observer.disconnect();
      window.__cardsAt = performance.now();
      requestAnimationFrame(() => { window.__cardsFrameAt = performance.now(); });
    });
    observer.observe(document, { childList: true, subtree: true });
  })();
`;

async function coldLoad(browser: Browser, url: string, stored: Record<string, string>) {
  const context = await browser.newContext({ viewport: { width: 1600, height: 1000 }, serviceWorkers: 'block' });
  try {
    await context.addInitScript(probe(stored));
    const page = await context.newPage();
    await page.goto(url);
    await page.waitForFunction('window.__cardsFrameAt !== undefined', undefined, { timeout: 60_000 });
    return (await page.evaluate('({ dom: window.__cardsAt, frame: window.__cardsFrameAt })')) as { dom: number; frame: number };
  } finally {
    await context.close();
  }
}

export async function printSeriesRender(browser: Browser, url: string): Promise<void> {
  const days = weekDayKeys(toDayKey(new Date()));
  const sides = {
    plain: { 'weekly-planner-tasks': JSON.stringify(plainTasks(CARDS, days)) },
    series: { 'weekly-planner-tasks': JSON.stringify(plainTasks(CARDS - 50, days)), [SERIES_KEY]: fiftySeries(days) },
  };
  const results = { plain: [] as number[], series: [] as number[] };
  await coldLoad(browser, url, sides.plain); // warm-up: the server's and the disk's caches
  for (let i = 0; i < RUNS; i++) {
    for (const side of (i % 2 === 0 ? ['plain', 'series'] : ['series', 'plain']) as Array<keyof typeof sides>) {
      results[side].push((await coldLoad(browser, url, sides[side])).frame);
    }
  }
  const plain = median(results.plain);
  const series = median(results.series);
  console.log(`A week of ${CARDS} cards, navigation start → the ${CARDS}th card's frame (median of ${RUNS} cold loads each, in turns; 1600×1000)`);
  console.log(`  550 plain tasks                 ${plain.toFixed(1)} ms`);
  console.log(`  500 plain tasks + 50 series     ${series.toFixed(1)} ms   ratio ${(series / plain).toFixed(2)} (target ≤ 1.2)`);
}

/** `npm run bench -- seriesRender`: on a fresh production build (or BENCH_APP_DIR), served as the ruler serves it. */
export const benchSeriesRender = (): Promise<void> =>
  withBuiltApp('Recurring tasks on screen', async (browser, appDir) => {
    const server = await serveDir(appDir);
    try {
      await printSeriesRender(browser, server.url);
    } finally {
      await server.close();
    }
  });
