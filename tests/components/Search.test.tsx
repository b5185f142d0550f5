import { screen, waitFor, within } from '@testing-library/react';
import { PlannerPage } from '../../src/features/planner/PlannerPage';
import type { Task } from '../../src/features/tasks/types';
import { MemoryStorage } from '../unit/memoryStorage';
import { renderWithProviders } from '../utils/renderWithProviders';

// Search on the planner: opened by its button, '/' and Ctrl+K (by event.key), results as a combobox's listbox
// grouped by week, arrows and Enter, and the picked card's week shown with focus on the card.
const realTimers = ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'setImmediate', 'clearImmediate', 'queueMicrotask', 'nextTick', 'hrtime', 'performance', 'requestAnimationFrame', 'cancelAnimationFrame', 'requestIdleCallback', 'cancelIdleCallback'] as const;
beforeEach(() => jest.useFakeTimers({ now: new Date(2026, 10, 25, 9, 30), doNotFake: [...realTimers] }));
afterEach(() => jest.useRealTimers());

const stored: Task[] = [
  { id: 'task-1-a', title: 'Buy milk', date: '2026-11-25', completed: false, createdAt: 1, order: 0 },
  { id: 'task-2-b', title: 'Café with Anna', date: '2026-12-09', completed: false, createdAt: 2, order: 0 },
  { id: 'task-3-c', title: 'Old report', date: '2026-10-05', completed: true, createdAt: 3, order: 0, notes: 'Send the cafe receipts' },
];

async function renderPlanner() {
  const rendered = renderWithProviders(<PlannerPage />, { storage: new MemoryStorage({ 'weekly-planner-tasks': JSON.stringify(stored) }) });
  await screen.findByRole('button', { name: 'Buy milk' });
  return rendered;
}

const field = () => screen.findByRole('combobox', { name: 'Search tasks' });
const status = () => within(screen.getByRole('dialog', { name: 'Search tasks' })).getByRole('status');

describe('search on the planner', () => {
  it("finds 'Café' and a completed past task's notes for 'cafe'; arrows and Enter go to the week and focus the card", async () => {
    const { user, store } = await renderPlanner();
    await user.click(screen.getByRole('button', { name: 'Search' }));
    // Focus is in the field, any earlier search selected: typing replaces it.
    await field();
    await user.keyboard('cafe');
    const list = screen.getByRole('listbox', { name: 'Results' });
    expect(within(list).getAllByRole('group').map((group) => [group.getAttribute('aria-labelledby') && within(group).getAllByRole('option').map((o) => o.textContent)])).toEqual([
      [['Café with AnnaWed 9 Dec']],
      [['Old reportSend the cafe receiptsMon 5 OctDone']],
    ]);
    expect(status()).toHaveTextContent('2 results');
    const input = await field();
    expect(input).toHaveAttribute('aria-activedescendant', within(list).getAllByRole('option')[0]!.id);
    await user.keyboard('{ArrowDown}');
    expect(within(list).getAllByRole('option')[1]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowUp}{Enter}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(store.getState().planner.anchor).toBe('2026-12-09');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Café with Anna' })).toHaveFocus());
  });

  it("opens with '/' and Ctrl+K but leaves '/' to a text field; says when nothing matches", async () => {
    const { user } = await renderPlanner();
    await user.keyboard('/');
    await field();
    await user.keyboard('zebra');
    expect(status()).toHaveTextContent('No tasks match “zebra”.');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.keyboard('{Control>}k{/Control}');
    // The last search comes back, to be typed over.
    expect(await field()).toHaveValue('zebra');
    await user.click(screen.getByRole('button', { name: 'Close search' }));

    await user.click(screen.getByRole('button', { name: 'Add task to Wed 25 Nov' }));
    await user.keyboard('a/b');
    expect(screen.getByRole('textbox', { name: 'New task for Wed 25 Nov' })).toHaveValue('a/b');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('cuts a pasted page of text to 200 characters and says so', async () => {
    const { user } = await renderPlanner();
    await user.click(screen.getByRole('button', { name: 'Search' }));
    const input = await field();
    input.focus();
    await user.paste('milk '.repeat(2000));
    expect((input as HTMLInputElement).value).toHaveLength(200);
    expect(status()).toHaveTextContent('A search holds at most 200 characters: the rest was left out.');
    expect(screen.getByRole('option')).toHaveTextContent('Buy milk');
  });
});
