import type { Locator, Page } from '@playwright/test';

/** Wednesday 25 November 2026, 10:00: the week of 23-29 November, today Wednesday. */
export const TODAY = new Date(2026, 10, 25, 10, 0);

const rows: [string, string, boolean][] = [
  ['2026-11-23', 'Team stand-up', true],
  ['2026-11-23', 'Review the pull request for the new sync code', false],
  ['2026-11-24', 'Buy groceries', false],
  ['2026-11-24', 'Pay the electricity bill', false],
  ['2026-11-25', 'Dentist at 10', false],
  ['2026-11-25', 'Read The Pragmatic Programmer', false],
  ['2026-11-25', 'Pick up the parcel', true],
  ['2026-11-26', 'Renew the passport', false],
  ['2026-11-27', 'Call the plumber about the kitchen sink and ask for a quote before the weekend', false],
  ['2026-11-28', 'Birthday present for Alexandra', false],
  ['someday', 'Learn to juggle', false],
  ['someday', 'Repaint the fence', true],
];

/** A lived-in week: long and short titles, done and not, empty days (Sunday). */
export const BOARD = rows.map(([date, title, completed], index) => ({
  id: `task-${index + 1}-board`,
  title,
  date,
  completed,
  createdAt: index + 1,
  order: rows.slice(0, index).filter(([other]) => other === date).length,
}));

/** Fixes the clock at TODAY and stores `tasks` (and a theme) before the app's first load. */
export async function openBoard(page: Page, { tasks = BOARD, theme }: { tasks?: unknown[]; theme?: 'light' | 'dark' } = {}) {
  await page.clock.setFixedTime(TODAY);
  await page.addInitScript(
    ([json, chosen]) => {
      if (sessionStorage.getItem('seeded')) return;
      sessionStorage.setItem('seeded', '1');
      localStorage.setItem('weekly-planner-tasks', json!);
      if (chosen) localStorage.setItem('theme', chosen);
    },
    [JSON.stringify(tasks), theme ?? ''],
  );
  await page.goto('/');
  await page.getByRole('button', { name: 'Buy groceries', exact: true }).waitFor();
}

/** The words of each title that the browser broke across two lines (a hyphen ends a word: 'stand-' 'up' may wrap). */
export function wordsBrokenIn(titles: Locator): Promise<string[]> {
  return titles.evaluateAll((elements) =>
    elements.flatMap((element) => {
      const text = element.firstChild;
      if (!text || text.nodeType !== Node.TEXT_NODE) return [];
      return [...(text.textContent ?? '').matchAll(/[^\s-]+-?/g)].flatMap((match) => {
        const range = document.createRange();
        range.setStart(text, match.index);
        range.setEnd(text, match.index + match[0].length);
        const lines = new Set([...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top)));
        return lines.size > 1 ? [match[0]] : [];
      });
    }),
  );
}
