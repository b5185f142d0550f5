import { taskEntities } from '../unit/taskFixtures';
import { screen, within } from '@testing-library/react';
import { Toaster } from '../../src/components/ui/Toaster';
import { PlannerPage } from '../../src/features/planner/PlannerPage';
import type { Task } from '../../src/features/tasks/types';
import { MemoryStorage } from '../unit/memoryStorage';
import { renderWithProviders } from '../utils/renderWithProviders';

// The keys, the header buttons and a deletion's toast, on the planner as a person uses it.
const realTimers = ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'setImmediate', 'clearImmediate', 'queueMicrotask', 'nextTick', 'hrtime', 'performance', 'requestAnimationFrame', 'cancelAnimationFrame', 'requestIdleCallback', 'cancelIdleCallback'] as const;
beforeEach(() => jest.useFakeTimers({ now: new Date(2026, 10, 25, 9, 30), doNotFake: [...realTimers] }));
afterEach(() => jest.useRealTimers());
// jsdom has no pointer capture, which sonner's toasts call on a press (for swiping them away).
beforeAll(() => {
  Element.prototype.setPointerCapture ??= () => {};
});

const stored: Task[] = [
  { id: 'task-1-a', title: 'Buy milk', date: '2026-11-25', completed: false, createdAt: 1, order: 0 },
  { id: 'task-2-b', title: 'Call mum', date: '2026-11-25', completed: false, createdAt: 2, order: 1 },
];

async function renderPlanner() {
  const rendered = renderWithProviders(
    <>
      <PlannerPage />
      <Toaster />
    </>,
    { storage: new MemoryStorage({ 'weekly-planner-tasks': JSON.stringify(stored) }) },
  );
  await screen.findByRole('button', { name: 'Buy milk' });
  return rendered;
}

const wednesday = () => within(screen.getByRole('region', { name: 'Wed 25 Nov' }));

describe('undo and redo on the planner', () => {
  it('Ctrl+Z undoes a completion, Ctrl+Shift+Z and Ctrl+Y redo it', async () => {
    const { user } = await renderPlanner();
    await user.click(screen.getByRole('button', { name: 'Mark "Buy milk" complete' }));
    expect(screen.getByRole('button', { name: 'Mark "Buy milk" complete', pressed: true })).toBeInTheDocument();

    await user.keyboard('{Control>}z{/Control}');
    expect(screen.getByRole('button', { name: 'Mark "Buy milk" complete', pressed: false })).toBeInTheDocument();
    await user.keyboard('{Control>}{Shift>}z{/Shift}{/Control}');
    expect(screen.getByRole('button', { name: 'Mark "Buy milk" complete', pressed: true })).toBeInTheDocument();
    await user.keyboard('{Meta>}z{/Meta}');
    expect(screen.getByRole('button', { name: 'Mark "Buy milk" complete', pressed: false })).toBeInTheDocument();
    await user.keyboard('{Control>}y{/Control}');
    expect(screen.getByRole('button', { name: 'Mark "Buy milk" complete', pressed: true })).toBeInTheDocument();
  });

  it('leaves Ctrl+Z to the browser inside a text field', async () => {
    const { user, store } = await renderPlanner();
    await user.click(screen.getByRole('button', { name: 'Mark "Call mum" complete' }));
    await user.click(screen.getByRole('button', { name: 'Add task to Wed 25 Nov' }));
    const input = screen.getByRole('textbox', { name: 'New task for Wed 25 Nov' });
    await user.type(input, 'Dentist');
    await user.keyboard('{Control>}z{/Control}');
    expect(taskEntities(store.getState().tasks)['task-2-b']!.completed).toBe(true);
    expect(input).toBeInTheDocument();
  });

  it('has Undo and Redo buttons, disabled when there is nothing to do', async () => {
    const { user } = await renderPlanner();
    const undo = screen.getByRole('button', { name: 'Undo' });
    const redo = screen.getByRole('button', { name: 'Redo' });
    expect(undo).toBeDisabled();
    expect(redo).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Call mum' }));
    const editor = screen.getByRole('textbox', { name: 'Edit "Call mum"' });
    await user.clear(editor);
    await user.type(editor, 'Call dad{Enter}');
    expect(wednesday().getByText('Call dad')).toBeInTheDocument();
    // Recorded as the edit is reduced (withHistory): the header knows at once.
    expect(undo).toBeEnabled();

    await user.click(undo);
    expect(wednesday().getByText('Call mum')).toBeInTheDocument();
    expect(redo).toBeEnabled();
    expect(undo).toBeDisabled();
    await user.click(redo);
    expect(wednesday().getByText('Call dad')).toBeInTheDocument();
  });

  it("shows a toast on delete whose 'Undo' brings the task back in its place", async () => {
    const { user } = await renderPlanner();
    await user.click(screen.getByRole('button', { name: 'Delete "Buy milk"' }));
    expect(wednesday().queryByText('Buy milk')).not.toBeInTheDocument();
    const toast = (await screen.findByText('Deleted “Buy milk”')).closest('li')!;
    await user.click(within(toast).getByRole('button', { name: 'Undo' }));
    expect(wednesday().getAllByRole('listitem').map((item) => item.textContent)).toEqual([expect.stringContaining('Buy milk'), expect.stringContaining('Call mum')]);
  });
});
