import { act, screen } from '@testing-library/react';
import { Profiler } from 'react';
import { PlannerPage } from '../../src/features/planner/PlannerPage';
import type { Task } from '../../src/features/tasks/types';
import { MemoryStorage } from '../unit/memoryStorage';
import { renderWithProviders } from '../utils/renderWithProviders';

const realTimers = ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'setImmediate', 'clearImmediate', 'queueMicrotask', 'nextTick', 'hrtime', 'performance', 'requestAnimationFrame', 'cancelAnimationFrame', 'requestIdleCallback', 'cancelIdleCallback'] as const;
beforeEach(() => jest.useFakeTimers({ now: new Date(2026, 10, 25, 9, 30), doNotFake: [...realTimers] }));
afterEach(() => jest.useRealTimers());

const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 50)));
const task = (id: string, title: string, order: number): Task => ({ id, title, date: '2026-11-25', completed: false, createdAt: 1, order });

describe("a card's first edit", () => {
  it('commits once: a card whose subscription had nothing to catch up on has no update left queued', async () => {
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
    expect(commits).toEqual(['update']);
  });
});
