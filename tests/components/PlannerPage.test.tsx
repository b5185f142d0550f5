import { placedTasks, taskEntities } from '../unit/taskFixtures';
import { act, screen, waitFor, within } from '@testing-library/react';
import { PlannerPage } from '../../src/features/planner/PlannerPage';
import type { Task } from '../../src/features/tasks/types';
import { MemoryStorage } from '../unit/memoryStorage';
import { renderWithProviders } from '../utils/renderWithProviders';

// Only Date is faked: 'today' is Wednesday 25 November 2026, while timers stay real for user-event and redux-persist.
const realTimers = ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'setImmediate', 'clearImmediate', 'queueMicrotask', 'nextTick', 'hrtime', 'performance', 'requestAnimationFrame', 'cancelAnimationFrame', 'requestIdleCallback', 'cancelIdleCallback'] as const;
beforeEach(() => {
  jest.useFakeTimers({ now: new Date(2026, 10, 25, 9, 30), doNotFake: [...realTimers] });
  document.documentElement.className = '';
  localStorage.clear();
});
afterEach(() => jest.useRealTimers());

const WEEK = ['Mon 23 Nov', 'Tue 24 Nov', 'Wed 25 Nov', 'Thu 26 Nov', 'Fri 27 Nov', 'Sat 28 Nov', 'Sun 29 Nov', 'Some Day'];

const task = (fields: Partial<Task> & Pick<Task, 'id' | 'title' | 'date'>): Task => ({ completed: false, createdAt: 1, order: 0, ...fields });

const column = (name: string) => screen.getByRole('region', { name });

function storedTasks(storage: Storage): Task[] {
  return JSON.parse(storage.getItem('weekly-planner-tasks') ?? 'null') as Task[];
}

describe('PlannerPage', () => {
  it('shows the current week, Monday first, then Some Day, with today marked', async () => {
    renderWithProviders(<PlannerPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Nov 2026' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual(WEEK);
    expect(screen.getAllByRole('region').map((region) => region.getAttribute('aria-labelledby'))).toHaveLength(8);
    expect(column('Wed 25 Nov')).toHaveAttribute('aria-current', 'date');
    expect(screen.getAllByRole('region').filter((region) => region.hasAttribute('aria-current'))).toHaveLength(1);
    expect(screen.getAllByText('No tasks yet')).toHaveLength(8);
    // The page's lazy parts (drag layer, menus) arrive a task later; let them land inside act().
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
  });

  it('moves between weeks and back to today', async () => {
    const { user } = renderWithProviders(<PlannerPage />);
    await user.click(screen.getByRole('button', { name: 'Next week' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Nov – Dec 2026' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 })[0]).toHaveTextContent('Mon 30 Nov');
    expect(screen.queryByRole('region', { current: 'date' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next week' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Dec 2026' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 })[0]).toHaveTextContent('Mon 7 Dec');
    await user.click(screen.getByRole('button', { name: 'Today' }));
    expect(screen.getAllByRole('heading', { level: 2 })[0]).toHaveTextContent('Mon 23 Nov');
    await user.click(screen.getByRole('button', { name: 'Previous week' }));
    expect(screen.getAllByRole('heading', { level: 2 })[0]).toHaveTextContent('Mon 16 Nov');
    expect(screen.getAllByRole('heading', { level: 2 })[7]).toHaveTextContent('Some Day');
  });

  it('adds a task to a day with its plus button and saves it as a plain array', async () => {
    const { user, store, storage } = renderWithProviders(<PlannerPage />);
    await user.click(screen.getByRole('button', { name: 'Add task to Thu 26 Nov' }));
    await user.type(screen.getByRole('textbox', { name: 'New task for Thu 26 Nov' }), 'Dentist at 10{Enter}');
    expect(within(column('Thu 26 Nov')).getByRole('button', { name: 'Dentist at 10' })).toBeInTheDocument();
    expect(within(column('Thu 26 Nov')).queryByText('No tasks yet')).not.toBeInTheDocument();
    const [added] = Object.values(placedTasks(store.getState().tasks));
    expect(added).toMatchObject({ title: 'Dentist at 10', date: '2026-11-26', completed: false, order: 0 });
    await waitFor(() => expect(storedTasks(storage)).toEqual([added]));
    // The line stays open under the new card for the next task.
    const line = screen.getByRole('textbox', { name: 'New task for Thu 26 Nov' });
    expect(line).toHaveFocus();
    await user.keyboard('Pay rent{Enter}{Escape}');
    expect(within(column('Thu 26 Nov')).getAllByRole('listitem').map((card) => card.textContent)).toEqual(['Dentist at 10', 'Pay rent']);
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('adds to Some Day', async () => {
    const { user, store } = renderWithProviders(<PlannerPage />);
    await user.click(screen.getByRole('button', { name: 'Add task to Some Day' }));
    await user.type(screen.getByRole('textbox', { name: 'New task for Some Day' }), 'Learn the cello{Enter}');
    expect(within(column('Some Day')).getByRole('button', { name: 'Learn the cello' })).toBeInTheDocument();
    expect(Object.values(taskEntities(store.getState().tasks))[0]).toMatchObject({ date: 'someday' });
  });

  it("the floating '+' adds 'New task' to today, shows today's week and the new title ready to type over", async () => {
    const { user, store } = renderWithProviders(<PlannerPage />);
    await user.click(screen.getByRole('button', { name: 'Add task for today' }));
    const field = within(column('Wed 25 Nov')).getByRole('textbox', { name: 'Edit "New task"' });
    expect(field).toHaveFocus();
    await user.keyboard('Water the plants{Enter}');
    expect(within(column('Wed 25 Nov')).getByRole('button', { name: 'Water the plants' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next week' }));
    await user.click(screen.getByRole('button', { name: 'Add task for today' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Nov 2026' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    const tasks = Object.values(placedTasks(store.getState().tasks));
    expect(tasks.map((t) => [t!.title, t!.date, t!.order])).toEqual([
      ['Water the plants', '2026-11-25', 0],
      ['New task', '2026-11-25', 1],
    ]);
  });

  it('loads stored tasks into their days, in order, and edits, completes and deletes them', async () => {
    const storage = new MemoryStorage({
      'weekly-planner-tasks': JSON.stringify([
        task({ id: 'task-2', title: 'Second', date: '2026-11-24', order: 1 }),
        task({ id: 'task-1', title: 'First', date: '2026-11-24', order: 0 }),
        task({ id: 'task-3', title: 'Elsewhere', date: '2026-12-24', order: 0 }),
      ]),
    });
    const { user, store } = renderWithProviders(<PlannerPage />, { storage });
    const tuesday = column('Tue 24 Nov');
    expect(await within(tuesday).findByRole('button', { name: 'First' })).toBeInTheDocument();
    expect(within(tuesday).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['First', 'Second']);
    expect(screen.queryByText('Elsewhere')).not.toBeInTheDocument();

    await user.click(within(tuesday).getByRole('button', { name: 'Mark "First" complete' }));
    expect(within(tuesday).getByRole('button', { name: 'Mark "First" complete', pressed: true })).toHaveAttribute('aria-pressed', 'true');
    expect(taskEntities(store.getState().tasks)['task-1']!.completed).toBe(true);

    await user.click(within(tuesday).getByRole('button', { name: 'Second' }));
    const input = within(tuesday).getByRole('textbox', { name: 'Edit "Second"' });
    await user.clear(input);
    await user.type(input, 'Second, renamed{Enter}');
    expect(within(tuesday).getByRole('button', { name: 'Second, renamed' })).toBeInTheDocument();
    expect(taskEntities(store.getState().tasks)['task-2']!.title).toBe('Second, renamed');

    await user.click(within(tuesday).getByRole('button', { name: 'Delete "First"' }));
    expect(within(tuesday).getAllByRole('listitem')).toHaveLength(1);
    expect(placedTasks(store.getState().tasks)['task-2']!.order).toBe(0);
    await user.click(within(tuesday).getByRole('button', { name: 'Delete "Second, renamed"' }));
    expect(within(tuesday).getByText('No tasks yet')).toBeInTheDocument();
    await waitFor(() => expect(storedTasks(storage).map((t) => t.id)).toEqual(['task-3']));
  });

  it('toggles a column selected by clicking it; one column at a time', async () => {
    const { user } = renderWithProviders(<PlannerPage />);
    const pressed = () =>
      screen
        .getAllByRole('heading', { level: 2 })
        .map((heading) => within(heading).getByRole('button'))
        .filter((button) => button.getAttribute('aria-pressed') === 'true')
        .map((button) => button.textContent);
    await user.click(within(column('Fri 27 Nov')).getByText('No tasks yet'));
    expect(pressed()).toEqual(['Fri 27 Nov']);
    await user.click(within(column('Some Day')).getByText('No tasks yet'));
    expect(pressed()).toEqual(['Some Day']);
    await user.click(within(column('Some Day')).getByText('No tasks yet'));
    expect(pressed()).toEqual([]);
    // Working inside a column does not select it.
    await user.click(screen.getByRole('button', { name: 'Add task to Mon 23 Nov' }));
    await user.type(screen.getByRole('textbox'), 'Gym{Enter}');
    await user.click(screen.getByRole('button', { name: 'Gym' }));
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Mark "Gym" complete' }));
    expect(pressed()).toEqual([]);
  });

  it("decodes the cards' hover icons once idle, out of sight and out of the accessibility tree", async () => {
    const { container } = renderWithProviders(<PlannerPage />);
    // Not in the first render: the images are decoded after the week is up, not on its way.
    expect(container.querySelector('.icon-preload')).toBeNull();
    await waitFor(() => expect(container.querySelector('.icon-preload')).not.toBeNull());
    const holder = container.querySelector('.icon-preload')!;
    expect(holder).toHaveAttribute('aria-hidden', 'true');
    expect([...holder.children].map((icon) => icon.className)).toEqual(['icon-mask icon-grip', 'icon-mask icon-trash', 'icon-mask icon-move', 'hover-mark']);
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(8);
  });

  it('switches the theme', async () => {
    const { user } = renderWithProviders(<PlannerPage />);
    await user.click(screen.getByRole('button', { name: 'Switch to dark theme' }));
    expect(document.documentElement).toHaveClass('dark');
    expect(localStorage.getItem('theme')).toBe('dark');
    await user.click(screen.getByRole('button', { name: 'Switch to light theme' }));
    expect(document.documentElement).not.toHaveClass('dark');
    expect(localStorage.getItem('theme')).toBe('light');
  });
});
