import type { Browser, Page } from '@playwright/test';
import { alternating, coldLoad, median, title, toggle, type Probe, type Profile } from './ruler';

// The ruler on a phone: 390×844 with Chromium's CPU slowed 4× (a mid-range phone's main thread), the app and the
// plain-DOM floor at the same profile, in lockstep as on the desktop. Ready counts inside the mounted app.

export const PHONE: Profile = { viewport: { width: 390, height: 844 }, cpu: 4 };
const EMPTY_LOADS = 9;
const N = 500;
const TOGGLES = 12;

/** The toggle of the first task, brought on screen first: on a phone's single column it may start below the fold. */
const toggleOnScreen = async (page: Page, i: number, url: string): Promise<Probe> => {
  await page.evaluate(`document.evaluate("//*[text()='${title(1)}']", document, null, 9, null).singleNodeValue?.scrollIntoView({ block: 'center' })`);
  return toggle(page, i, url);
};

export async function printPhone(browser: Browser, urls: { floor: string; app: string }): Promise<void> {
  const sides = ['floor', 'app'] as const;
  const ready = { floor: [] as number[], app: [] as number[] };
  const empty = { ready: 'Some Day' };
  for (const side of sides) await coldLoad(browser, urls[side], 0, empty, false, PHONE); // warm-up
  for (let i = 0; i < EMPTY_LOADS; i++) for (const side of sides) ready[side].push((await coldLoad(browser, urls[side], 0, empty, false, PHONE)).at.ready!);
  const toggled = await alternating(browser, urls, { first: title(1) }, TOGGLES, toggleOnScreen, 1, { n: N, profile: PHONE });
  const f = { ready: median(ready.floor), toggle: toggled.floor.dom };
  const a = { ready: median(ready.app), toggle: toggled.app.dom };
  console.log(`\nPhone profile (390×844, CPU ×4): medians of ${EMPTY_LOADS} cold loads of the empty week, ${TOGGLES} toggles with ${N} tasks`);
  const line = (cells: string[]) => console.log('  ' + cells.map((cell, i) => cell.padEnd([34, 10, 10, 10][i] ?? 0)).join(''));
  const ms = (v: number) => `${v.toFixed(1)} ms`;
  line(['figure', 'floor', 'app', 'app/floor']);
  line(['ready (in the app), no tasks', ms(f.ready), ms(a.ready), (a.ready / f.ready).toFixed(2)]);
  line([`toggle @${N}: click → DOM`, ms(f.toggle), ms(a.toggle), (a.toggle / f.toggle).toFixed(2)]);
}
