import { screen, waitFor, within } from '@testing-library/react';
import { PlannerPage } from '../../src/features/planner/PlannerPage';
import { loadSeries, serializeSeries, SERIES_KEY } from '../../src/features/series/seriesHost';
import { selectAllTasks } from '../../src/features/tasks/taskSelectors';
import { created, replay, rule } from '../unit/seriesFixtures';
import { MemoryStorage } from '../unit/memoryStorage';
import { renderWithProviders } from '../utils/renderWithProviders';

// A task's details (issue 30.6) on the planner: notes on a plain task (stored in the plain array, undoable, shown
// on the card), and an occurrence's change with the scope question. Only Date is faked: today is Wed 25 Nov 2026.
const realTimers = ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'setImmediate', 'clearImmediate', 'queueMicrotask', 'nextTick', 'hrtime', 'performance', 'requestAnimationFrame', 'cancelAnimationFrame', 'requestIdleCallback', 'cancelIdleCallback'] as const;
beforeAll(() => loadSeries());
beforeEach(() => jest.useFakeTimers({ now: new Date(2026, 10, 25, 9, 30), doNotFake: [...realTimers] }));
afterEach(() => jest.useRealTimers());

const mondays = created('Water plants', '2026-11-02', rule('FREQ=WEEKLY;BYDAY=MO'));
const column = (name: string) => screen.getByRole('region', { name });

function planner() {
  const storage = new MemoryStorage({
    'weekly-planner-tasks': JSON.stringify([{ id: 't1', title: 'Buy milk', date: '2026-11-25', completed: false, createdAt: 1, order: 0 }]),
    [SERIES_KEY]: serializeSeries(replay([mondays])),
  });
  return renderWithProviders(<PlannerPage />, { storage });
}

it('gives a plain task notes from its details: stored with the task, marked on the card, undone by Ctrl+Z', async () => {
  const { user, store, storage } = planner();
  await user.click(await within(column('Wed 25 Nov')).findByRole('button', { name: 'Details of "Buy milk"' }));
  const details = await screen.findByRole('dialog', { name: 'Task details' });
  await user.type(within(details).getByRole('textbox', { name: 'Notes' }), 'Oat https://x.io/a');
  expect(within(details).getByRole('link', { name: 'https://x.io/a' })).toHaveAttribute('href', 'https://x.io/a');
  await user.click(within(details).getByRole('button', { name: 'Save' }));

  expect(selectAllTasks(store.getState())).toEqual([expect.objectContaining({ id: 't1', notes: 'Oat https://x.io/a' })]);
  expect(within(column('Wed 25 Nov')).getByRole('img', { name: 'Has notes' })).toBeInTheDocument();
  // The stored list stays the spec's plain array; the notes ride in the task.
  await waitFor(() => expect(JSON.parse(storage.getItem('weekly-planner-tasks')!)).toEqual([{ id: 't1', title: 'Buy milk', date: '2026-11-25', completed: false, createdAt: 1, order: 0, notes: 'Oat https://x.io/a' }]));

  await user.keyboard('{Control>}z{/Control}');
  expect(selectAllTasks(store.getState())[0]).not.toHaveProperty('notes');
  expect(within(column('Wed 25 Nov')).queryByRole('img', { name: 'Has notes' })).not.toBeInTheDocument();
}, 20_000);

it("asks which occurrences a rename is for: 'This and following' starts a new series from that one", async () => {
  const { user, store } = planner();
  await user.click(screen.getByRole('button', { name: 'Next week' }));
  await user.click(await within(column('Mon 30 Nov')).findByRole('button', { name: 'Details of "Water plants"' }));
  const details = await screen.findByRole('dialog', { name: 'Task details' });
  expect(details).toHaveAccessibleDescription('Every Monday');
  const title = within(details).getByRole('textbox', { name: 'Title' });
  await user.clear(title);
  await user.type(title, 'Water the plants');
  await user.click(within(details).getByRole('button', { name: 'Save' }));
  await user.click(within(details).getByRole('button', { name: 'This and following' }));

  expect(within(column('Mon 30 Nov')).getByRole('button', { name: 'Water the plants' })).toBeInTheDocument();
  const titles = Object.values(store.getState().series.series.entities).map((series) => [series!.template.title, series!.lastDate ?? null]);
  expect(titles).toEqual([
    ['Water plants', '2026-11-29'],
    ['Water the plants', null],
  ]);
  await user.click(screen.getByRole('button', { name: 'Previous week' }));
  expect(within(column('Mon 23 Nov')).getByRole('button', { name: 'Water plants' })).toBeInTheDocument();
}, 20_000);
