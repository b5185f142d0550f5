import { expect, type Page } from '@playwright/test';

/** Wednesday 25 November 2026, 10:00: the first of the three weeks the recurring specs look at (23 Nov - 13 Dec). */
export const SERIES_TODAY = new Date(2026, 10, 25, 10, 0);

/** 'Water plants' every Monday from Monday 23 November: one occurrence in each of the three weeks. */
export const WATER_PLANTS = {
  id: 'series-water-plants',
  template: { title: 'Water plants', notes: '' },
  firstDate: '2026-11-23',
  repeat: { kind: 'rule', rule: 'FREQ=WEEKLY;BYDAY=MO' },
  createdAt: 1_764_000_000_000,
};

/** Fixes the clock, stores the series (once: a reload keeps what the test did) and opens the planner. */
export async function openWithSeries(page: Page, series: unknown[] = [WATER_PLANTS]) {
  await page.clock.setFixedTime(SERIES_TODAY);
  await page.addInitScript((stored) => {
    if (sessionStorage.getItem('seeded')) return;
    sessionStorage.setItem('seeded', '1');
    localStorage.setItem('weekly-planner-series', stored);
  }, JSON.stringify({ version: 1, series, exceptions: [] }));
  await page.goto('/');
  await expect(page.getByRole('region', { name: 'Mon 23 Nov' }).getByRole('button', { name: 'Water plants', exact: true })).toBeVisible();
}

export const column = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

/** The titles on each day (and Some Day) of the week on screen that shows any. */
const shownDays = (page: Page) =>
  page.evaluate(() => {
    const days: Record<string, string[]> = {};
    for (const section of document.querySelectorAll('main section[aria-labelledby]')) {
      const name = document.getElementById(section.getAttribute('aria-labelledby')!)?.textContent?.trim() ?? '';
      const titles = [...section.querySelectorAll('.task-title')].map((title) => title.textContent ?? '');
      if (titles.length > 0) days[name] = titles;
    }
    return days;
  });

/**
 * What the three weeks from 23 November show, day by day ('Mon 30 Nov': ['Water plants']), read week by week as a
 * person would page through them, then back on this week.
 */
export async function threeWeeks(page: Page): Promise<Record<string, string[]>> {
  await page.getByRole('button', { name: 'Today', exact: true }).click();
  const all: Record<string, string[]> = {};
  for (const monday of ['Mon 23 Nov', 'Mon 30 Nov', 'Mon 7 Dec']) {
    await expect(column(page, monday)).toBeVisible();
    Object.assign(all, await shownDays(page));
    if (monday !== 'Mon 7 Dec') await page.getByRole('button', { name: 'Next week' }).click();
  }
  await page.getByRole('button', { name: 'Today', exact: true }).click();
  await expect(column(page, 'Mon 23 Nov')).toBeVisible();
  return all;
}

/** The same as expect.poll: the weeks settle once the change is stored and drawn. */
export const expectWeeks = (page: Page, weeks: Record<string, string[]>) => expect.poll(() => threeWeeks(page)).toEqual(weeks);

/** The toast that says what was done, with its buttons. */
export const toast = (page: Page, text: string) => page.getByRole('listitem').filter({ hasText: text });

export const EVERY_MONDAY = { 'Mon 23 Nov': ['Water plants'], 'Mon 30 Nov': ['Water plants'], 'Mon 7 Dec': ['Water plants'] };
