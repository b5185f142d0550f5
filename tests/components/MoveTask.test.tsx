import { placedTasks } from '../unit/taskFixtures';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PlannerPage } from '../../src/features/planner/PlannerPage';
import { MoveTaskDialog } from '../../src/features/tasks/MoveTaskDialog';
import type { Task } from '../../src/features/tasks/types';
import { MemoryStorage } from '../unit/memoryStorage';
import { renderWithProviders } from '../utils/renderWithProviders';

// 'Move to…': a task moves to any day of the shown week or the next, or Some Day, without dragging.
const realTimers = ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'setImmediate', 'clearImmediate', 'queueMicrotask', 'nextTick', 'hrtime', 'performance', 'requestAnimationFrame', 'cancelAnimationFrame', 'requestIdleCallback', 'cancelIdleCallback'] as const;
beforeEach(() => jest.useFakeTimers({ now: new Date(2026, 10, 25, 9, 30), doNotFake: [...realTimers] }));
afterEach(() => jest.useRealTimers());

const stored: Task[] = [
  { id: 'task-1-a', title: 'Buy milk', date: '2026-11-25', completed: false, createdAt: 1, order: 0 },
  { id: 'task-2-b', title: 'Call mum', date: '2026-11-25', completed: false, createdAt: 2, order: 1 },
  { id: 'task-3-c', title: 'Pay rent', date: '2026-12-01', completed: false, createdAt: 3, order: 0 },
];

const week = (monday: number, month = 'Nov') =>
  ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].map((day, i) => ({ date: `2026-11-${monday + i}`, label: `${day} ${monday + i} ${month}` }));

describe('MoveTaskDialog', () => {
  it('offers each day of both weeks and Some Day, the current day shown but not offered', async () => {
    const onMove = jest.fn();
    const user = userEvent.setup();
    render(<MoveTaskDialog open taskTitle="Buy milk" currentDate="2026-11-25" weeks={[{ name: 'This week', days: week(16) }, { name: 'Next week', days: week(23) }]} onMove={onMove} onClose={() => {}} />);
    const dialog = screen.getByRole('dialog', { name: 'Move “Buy milk” to…' });
    expect(within(within(dialog).getByRole('group', { name: 'This week' })).getAllByRole('button')).toHaveLength(7);
    const here = within(dialog).getByRole('button', { name: 'Wed 25 Nov' });
    expect(here).toBeDisabled();
    expect(here).toHaveAttribute('aria-current', 'true');
    await user.click(within(dialog).getByRole('button', { name: 'Some Day' }));
    await user.click(within(within(dialog).getByRole('group', { name: 'This week' })).getByRole('button', { name: 'Mon 16 Nov' }));
    expect(onMove.mock.calls).toEqual([['someday'], ['2026-11-16']]);
  });
});

describe("'Move to…' on the planner", () => {
  async function renderPlanner() {
    const rendered = renderWithProviders(<PlannerPage />, { storage: new MemoryStorage({ 'weekly-planner-tasks': JSON.stringify(stored) }) });
    await screen.findByRole('button', { name: 'Buy milk' });
    return rendered;
  }

  it('moves a task from the keyboard to a day of next week, as one step that Undo takes back', async () => {
    const { user, store } = await renderPlanner();
    screen.getByRole('button', { name: 'Move "Buy milk" to…' }).focus();
    await user.keyboard('{Enter}');
    // The dialog is a chunk of its own, loaded on first use.
    const dialog = await screen.findByRole('dialog', { name: 'Move “Buy milk” to…' });
    within(within(dialog).getByRole('group', { name: 'Next week' })).getByRole('button', { name: 'Tue 1 Dec' }).focus();
    await user.keyboard(' ');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Buy milk' })).not.toBeInTheDocument();
    const tasks = () => Object.values(placedTasks(store.getState().tasks)).map((t) => [t!.title, t!.date, t!.order]);
    expect(tasks()).toEqual(expect.arrayContaining([['Buy milk', '2026-12-01', 1], ['Pay rent', '2026-12-01', 0], ['Call mum', '2026-11-25', 0]]));
    expect(store.getState().history.undo).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(within(screen.getByRole('region', { name: 'Wed 25 Nov' })).getAllByRole('listitem').map((card) => card.textContent)).toEqual(['Buy milk', 'Call mum']);
  }, 15_000);

  it('moves to Some Day with a press; closed, it leaves the task where it was', async () => {
    const { user } = await renderPlanner();
    await user.click(screen.getByRole('button', { name: 'Move "Call mum" to…' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Move "Call mum" to…' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Some Day' }));
    expect(within(screen.getByRole('region', { name: 'Some Day' })).getByRole('button', { name: 'Call mum' })).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Wed 25 Nov' })).getAllByRole('listitem')).toHaveLength(1);
  }, 15_000);
});
