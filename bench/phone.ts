import type { Browser, Page } from '@playwright/test';
import { alternating, coldLoad, median, title, toggle, type Probe, type Profile } from './ruler';

// The ruler on a phone: 390×844 with Chromium's CPU slowed 4× (a mid-range phone's main thread), the app and the
// plain-DOM floor at the same profile, in lockstep as on the desktop. Ready counts inside the mounted app.

export const PHONE: Profile = { viewport: { width: 390, height: 844 }, cpu: 4 };
const EMPTY_LOADS = 9;
const N = 500;
const MANY = 5000;
const TOGGLES = 12;

/** The toggle of the first task, brought on screen first: on a phone's single column it may start below the fold. */
const toggleOnScreen = async (page: Page, i: number, url: string): Promise<Probe> => {
  await page.evaluate(`document.evaluate("//*[text()='${title(1)}']", document, null, 9, null).singleNodeValue?.scrollIntoView({ block: 'center' })`);
  return toggle(page, i, url);
};

/** The desktop's ratios (app ÷ floor) the phone's are set beside: item 6 of #45 wants each within 1.2× of it. */
export interface DesktopRatios {
  ready0: number;
  fcp0: number;
  toggle5000: number;
}

export async function printPhone(browser: Browser, urls: { floor: string; app: string }, desktop?: DesktopRatios): Promise<void> {
  const sides = ['floor', 'app'] as const;
  const ready = { floor: [] as number[], app: [] as number[] };
  const fcp = { floor: [] as number[], app: [] as number[] };
  const empty = { ready: 'Some Day' };
  for (const side of sides) await coldLoad(browser, urls[side], 0, empty, false, PHONE); // warm-up
  for (let i = 0; i < EMPTY_LOADS; i++)
    for (const side of sides) {
      const load = await coldLoad(browser, urls[side], 0, empty, false, PHONE);
      ready[side].push(load.at.ready!);
      fcp[side].push(load.fcp);
    }
  const toggled = await alternating(browser, urls, { first: title(1) }, TOGGLES, toggleOnScreen, 1, { n: N, profile: PHONE });
  const toggledMany = await alternating(browser, urls, { first: title(1) }, TOGGLES, toggleOnScreen, 1, { n: MANY, profile: PHONE });
  console.log(`\nPhone profile (390×844, CPU ×4): medians of ${EMPTY_LOADS} cold loads of the empty week, ${TOGGLES} toggles with ${N} and with ${MANY} tasks`);
  const line = (cells: string[]) => console.log('  ' + cells.map((cell, i) => cell.padEnd([34, 10, 10, 10, 10][i] ?? 0)).join(''));
  const ms = (v: number) => `${v.toFixed(1)} ms`;
  line(['figure', 'floor', 'app', 'app/floor', desktop ? '÷ desktop' : '']);
  const row = (name: string, f: number, a: number, desktopRatio?: number) =>
    line([name, ms(f), ms(a), (a / f).toFixed(2), desktopRatio ? (a / f / desktopRatio).toFixed(2) : '']);
  row('ready (in the app), no tasks', median(ready.floor), median(ready.app), desktop?.ready0);
  row('first paint, no tasks', median(fcp.floor), median(fcp.app), desktop?.fcp0);
  row(`toggle @${N}: click → DOM`, toggled.floor.dom, toggled.app.dom);
  row(`toggle @${MANY}: click → DOM`, toggledMany.floor.dom, toggledMany.app.dom, desktop?.toggle5000);
  if (desktop) console.log('  ÷ desktop: the phone\'s ratio over the desktop\'s in this run (target ≤ 1.2); toggle @500 has no desktop figure.');
}
