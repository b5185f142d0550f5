import type { Page } from '@playwright/test';

/** A task as the app stores it under `weekly-planner-tasks`: the spec's plain JSON array. */
export interface StoredTask {
  id: string;
  title: string;
  date: string;
  completed: boolean;
  createdAt: number;
  order: number;
}

export const TASKS_KEY = 'weekly-planner-tasks';

/** The page's stored tasks, as the app wrote them (an empty list where there are none). */
export const storedTasks = (page: Page) => page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? '[]') as StoredTask[], TASKS_KEY);
