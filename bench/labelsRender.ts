// Issue 43's labels figure: the week with labels shown renders within 1.1× of the same week without. 5,000 tasks as
// a long-time user holds them (most in the displayed week and Some Day, the rest in nearby weeks), a third carrying
// one to three of eight labels, against the very same tasks without labels (and no catalog). Cold loads in a real
// Chromium at 1600×1000, taken in turns. Two times from navigation start: the frame after every card of the
// displayed week is in the DOM (the first screen: cards in view are full cards with their chips, the rest plain), and
// the frame after the last plain card became a full one (idle-time upgrades: every card's chips made).
import type { Browser } from '@playwright/test';
import { shiftWeek, toDayKey, weekDayKeys } from '../src/features/planner/week.ts';
import { median, serveDir, withBuiltApp } from './ruler.ts';

const RUNS = 9;
const TASKS = 5000;
const COLOURS = ['red', 'orange', 'yellow', 'green', 'teal', 'blue', 'purple', 'grey'];
const NAMES = ['Work', 'Home', 'Errands', 'Health', 'Money', 'Family', 'Deep work', 'Someday maybe'];

/** The catalog as `weekly-planner-catalog` stores it (catalog/catalogCode.ts's storedCatalogOf). */
const catalog = {
  version: 1,
  labels: NAMES.map((name, i) => ({ id: `label-bench-${i}`, name, colour: COLOURS[i]!, createdAt: 1_780_000_000_000 + i })),
  lists: [],
  aliases: {},
};

function seedTasks(days: string[], labelled: boolean) {
  const nearby = [-3, -2, -1, 1, 2, 3].flatMap((weeks) => weekDayKeys(shiftWeek(days[0]!, weeks)));
  const dates = [...days, 'someday'];
  const orders = new Map<string, number>();
  return Array.from({ length: TASKS }, (_, i) => {
    const date = i % 5 === 4 ? nearby[i % nearby.length]! : dates[i % dates.length]!;
    const order = orders.get(date) ?? 0;
    orders.set(date, order + 1);
    const createdAt = 1_780_000_000_000 + i * 1000;
    // A third labelled, with 1, 2 or 3 labels.
    const labels = labelled && i % 3 === 0 ? Array.from({ length: 1 + ((i / 3) % 3) }, (_, k) => catalog.labels[(i + k * 3) % NAMES.length]!.id) : undefined;
    return { id: `task-${createdAt}-seed${i.toString(36)}`, title: `Task ${i + 1}: review notes`, date, completed: i % 3 === 1, createdAt, order, ...(labels ? { labels } : {}) };
  });
}

const probe = (stored: Record<string, string>, cards: number) => `
  try { ${Object.entries(stored).map(([key, value]) => `localStorage.setItem(${JSON.stringify(key)}, ${JSON.stringify(value)});`).join(' ')} } catch {}
  (() => {
    const observer = new MutationObserver(() => {
      if (window.__shownFrameAt === undefined && window.__shownAt === undefined && document.querySelectorAll('.task-card').length >= ${cards}) {
        window.__shownAt = performance.now();
        requestAnimationFrame(() => { window.__shownFrameAt = performance.now(); });
      }
      if (window.__shownAt === undefined || document.querySelector('.task-card.lite')) return;
      observer.disconnect();
      requestAnimationFrame(() => { window.__fullFrameAt = performance.now(); });
    });
    observer.observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['class'] });
  })();
`;

async function coldLoad(browser: Browser, url: string, stored: Record<string, string>, cards: number) {
  const context = await browser.newContext({ viewport: { width: 1600, height: 1000 }, serviceWorkers: 'block' });
  try {
    await context.addInitScript(probe(stored, cards));
    const page = await context.newPage();
    await page.goto(url);
    await page.waitForFunction('window.__fullFrameAt !== undefined', undefined, { timeout: 120_000 });
    const times = (await page.evaluate('({ shown: window.__shownFrameAt, full: window.__fullFrameAt, chips: document.querySelectorAll(".task-card .label-chip").length })')) as {
      shown: number;
      full: number;
      chips: number;
    };
    return times;
  } finally {
    await context.close();
  }
}

export async function printLabelsRender(browser: Browser, url: string): Promise<void> {
  const days = weekDayKeys(toDayKey(new Date()));
  const plain = seedTasks(days, false);
  const labelled = seedTasks(days, true);
  const inWeek = new Set([...days, 'someday']);
  const cards = plain.filter((task) => inWeek.has(task.date)).length;
  const chipsWanted = labelled.filter((task) => inWeek.has(task.date)).reduce((sum, task) => sum + (task.labels?.length ?? 0), 0);
  const sides = {
    plain: { 'weekly-planner-tasks': JSON.stringify(plain) },
    labels: { 'weekly-planner-tasks': JSON.stringify(labelled), 'weekly-planner-catalog': JSON.stringify(catalog) },
  };
  const results = { plain: { shown: [] as number[], full: [] as number[] }, labels: { shown: [] as number[], full: [] as number[] } };
  await coldLoad(browser, url, sides.labels, cards); // warm-up: the server's and the disk's caches
  for (let i = 0; i < RUNS; i++) {
    for (const side of (i % 2 === 0 ? ['plain', 'labels'] : ['labels', 'plain']) as Array<keyof typeof sides>) {
      const run = await coldLoad(browser, url, sides[side], cards);
      // A run where the chips did not all show is no figure of the labelled week.
      if (side === 'labels' && run.chips !== chipsWanted) throw new Error(`${run.chips} chips on screen, ${chipsWanted} expected`);
      results[side].shown.push(run.shown);
      results[side].full.push(run.full);
    }
  }
  const row = (name: string, side: keyof typeof results) => `  ${name.padEnd(34)}${median(results[side].shown).toFixed(1).padStart(9)} ms${median(results[side].full).toFixed(1).padStart(12)} ms`;
  const ratio = (key: 'shown' | 'full') => (median(results.labels[key]) / median(results.plain[key])).toFixed(3);
  console.log(`The week of ${TASKS.toLocaleString('en')} stored tasks (${cards.toLocaleString('en')} cards on it), labels shown or not: navigation start →`);
  console.log(`(median of ${RUNS} cold loads each, in turns; 1600×1000)                    every card     every card full`);
  console.log(row('no labels', 'plain'));
  console.log(row(`a third labelled (${chipsWanted.toLocaleString('en')} chips)`, 'labels'));
  console.log(`  ratio                             ${ratio('shown').padStart(9)}   ${ratio('full').padStart(12)}      (target ≤ 1.1)`);
  console.log(`  runs (ms), no labels:  ${results.plain.shown.map((v) => v.toFixed(0)).join(' ')} | ${results.plain.full.map((v) => v.toFixed(0)).join(' ')}`);
  console.log(`  runs (ms), labels:     ${results.labels.shown.map((v) => v.toFixed(0)).join(' ')} | ${results.labels.full.map((v) => v.toFixed(0)).join(' ')}`);
}

/** `npm run bench -- labelsRender`: on a fresh production build (or BENCH_APP_DIR), served as the ruler serves it. */
export const benchLabelsRender = (): Promise<void> =>
  withBuiltApp('Labels on screen', async (browser, appDir) => {
    const server = await serveDir(appDir);
    try {
      await printLabelsRender(browser, server.url);
    } finally {
      await server.close();
    }
  });
