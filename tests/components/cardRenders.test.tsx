import { act, screen } from '@testing-library/react';
import { Profiler } from 'react';
import { PlannerPage } from '../../src/features/planner/PlannerPage';
import { taskCompletionSet, taskRenamed } from '../../src/features/tasks/events';
import type { Task } from '../../src/features/tasks/types';
import { MemoryStorage } from '../unit/memoryStorage';
import { renderWithProviders } from '../utils/renderWithProviders';

const realTimers = ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'setImmediate', 'clearImmediate', 'queueMicrotask', 'nextTick', 'hrtime', 'performance', 'requestAnimationFrame', 'cancelAnimationFrame', 'requestIdleCallback', 'cancelIdleCallback'] as const;
beforeEach(() => jest.useFakeTimers({ now: new Date(2026, 10, 25, 9, 30), doNotFake: [...realTimers] }));
afterEach(() => jest.useRealTimers());

const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 50)));
const task = (id: string, title: string, order: number): Task => ({ id, title, date: '2026-11-25', completed: false, createdAt: 1, order });

describe("a card's edits", () => {
  it('a completion commits nothing: the card is marked without a render, and has no update left queued', async () => {
    const storage = new MemoryStorage();
    storage.setItem('weekly-planner-tasks', JSON.stringify([task('task-1', 'Buy milk', 0), task('task-2', 'Call Sam', 1)]));
    const commits: string[] = [];
    const { user } = renderWithProviders(
      <Profiler id="planner" onRender={(_id, phase) => commits.push(phase)}>
        <PlannerPage />
      </Profiler>,
      { storage },
    );
    // The page's first press loads what a drag needs (a commit of its own): made on another card.
    await user.click(await screen.findByRole('button', { name: 'Mark "Buy milk" complete' }));
    await settle();
    commits.length = 0;
    const check = screen.getByRole('button', { name: 'Mark "Call Sam" complete' });
    await user.click(check);
    await settle();
    expect(check).toHaveAttribute('aria-pressed', 'true');
    expect(check.closest('li')).toHaveAttribute('data-done');
    expect(commits).toEqual([]);
    await user.click(check);
    await settle();
    expect(check).toHaveAttribute('aria-pressed', 'false');
    expect(check.closest('li')).not.toHaveAttribute('data-done');
    expect(commits).toEqual([]);
  });

  it('a title rendered after a completion keeps the completion shown: React never writes an older one over it', async () => {
    const storage = new MemoryStorage();
    storage.setItem('weekly-planner-tasks', JSON.stringify([task('task-1', 'Buy milk', 0)]));
    const { store } = renderWithProviders(<PlannerPage />, { storage });
    const check = await screen.findByRole('button', { name: 'Mark "Buy milk" complete', pressed: false });
    // One act: the rename's render runs after both events, its card state read before the completion.
    act(() => {
      store.dispatch(taskRenamed({ id: 'task-1', title: 'Buy oat milk' }));
      store.dispatch(taskCompletionSet({ id: 'task-1', completed: true }));
    });
    await settle();
    expect(screen.getByRole('button', { name: 'Mark "Buy oat milk" complete' })).toBe(check);
    expect(check).toHaveAttribute('aria-pressed', 'true');
    expect(check.closest('li')).toHaveAttribute('data-done');
    act(() => {
      store.dispatch(taskCompletionSet({ id: 'task-1', completed: false }));
      store.dispatch(taskRenamed({ id: 'task-1', title: 'Buy milk' }));
    });
    await settle();
    expect(screen.getByRole('button', { name: 'Mark "Buy milk" complete', pressed: false })).toBe(check);
    expect(check.closest('li')).not.toHaveAttribute('data-done');
  });
});
