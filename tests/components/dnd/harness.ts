import { createElement } from 'react';
import { PlannerDndProvider } from '../../../src/features/dnd/PlannerDndProvider';
import { allTasksOf } from '../../../src/features/tasks/taskList';
import type { TasksState, Task } from '../../../src/features/tasks/types';
import { MemoryStorage } from '../../unit/memoryStorage';
import { renderWithProviders } from '../../utils/renderWithProviders';
import { clicks, DAYS } from './clicks';
import { Grid } from './Grid';

export { clicks, DAYS };

export const task = (id: string, date: string, order: number): Task => ({ id, title: id, date, completed: false, createdAt: 1, order });

/** Renders the grid over a real store seeded through its storage, and waits for the tasks to load. */
export async function renderGrid(tasks: Task[]) {
  clicks.length = 0;
  const storage = new MemoryStorage({ 'weekly-planner-tasks': JSON.stringify(tasks) });
  const view = renderWithProviders(createElement(PlannerDndProvider, null, createElement(Grid)), { storage });
  await view.findByRole('button', { name: tasks[0]!.title });
  return view;
}

/** Each day's task titles in order, as the store has them. */
export function days(state: { tasks: Pick<TasksState, 'days'> }): Record<string, string> {
  const result: Record<string, string> = {};
  const all = allTasksOf(state.tasks.days).sort((a, b) => a.order - b.order);
  for (const date of DAYS) result[date] = all.filter((t) => t.date === date).map((t) => `${t.title}${t.order}`).join(' ');
  return result;
}
