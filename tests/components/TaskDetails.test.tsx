import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Toaster } from '../../src/components/ui/Toaster';
import { PlannerPage } from '../../src/features/planner/PlannerPage';
import { loadSeries, serializeSeries, SERIES_KEY } from '../../src/features/series/seriesHost';
import { selectAllTasks } from '../../src/features/tasks/taskSelectors';
import { created, replay, rule } from '../unit/seriesFixtures';
import { MemoryStorage } from '../unit/memoryStorage';
import { renderWithProviders } from '../utils/renderWithProviders';

// A task's details (issue 30.6) on the planner: notes on a plain task (stored in the plain array, undoable, shown
// on the card), and an occurrence's change: this one only, with the other scopes from its toast (issue 42). Only Date is faked: today is Wed 25 Nov 2026.
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
  return renderWithProviders(
    <>
      <PlannerPage />
      <Toaster />
    </>,
    { storage },
  );
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

it("renames this occurrence alone; the toast's 'Not just this one…' makes it 'This and following', one undo step", async () => {
  const { user, store } = planner();
  await user.click(screen.getByRole('button', { name: 'Next week' }));
  await user.click(await within(column('Mon 30 Nov')).findByRole('button', { name: 'Details of "Water plants"' }));
  const details = await screen.findByRole('dialog', { name: 'Task details' });
  expect(details).toHaveAccessibleDescription('Every Monday');
  // What the series does, as it stands for this occurrence.
  expect(within(details).getByRole('combobox', { name: 'Repeat' })).toHaveValue('weekly');
  expect(within(details).getByText('Occurrence 5')).toBeInTheDocument();
  expect(within(details).getByText('Mon 2 Nov 2026')).toBeInTheDocument();
  const title = within(details).getByRole('textbox', { name: 'Title' });
  await user.clear(title);
  await user.type(title, 'Water the plants');
  await user.click(within(details).getByRole('button', { name: 'Save' }));

  // This one only: the series keeps its name, the next Monday too.
  expect(within(column('Mon 30 Nov')).getByRole('button', { name: 'Water the plants' })).toBeInTheDocument();
  expect(Object.values(store.getState().series.series.entities).map((series) => series!.template.title)).toEqual(['Water plants']);
  const toast = (await screen.findByText('Renamed “Water plants” to “Water the plants” on Mon 30 Nov, this one only', {}, { timeout: 5000 })).closest('li')!;
  // A click alone: sonner's toast takes pointer capture on a press, which jsdom has not.
  fireEvent.click(within(toast).getByRole('button', { name: 'Not just this one…' }));
  const scopes = await screen.findByRole('dialog', { name: 'Change which tasks?' });
  await user.click(within(scopes).getByRole('button', { name: 'This and following' }));

  await waitFor(() =>
    expect(Object.values(store.getState().series.series.entities).map((series) => [series!.template.title, series!.lastDate ?? null])).toEqual([
      ['Water plants', '2026-11-29'],
      ['Water the plants', null],
    ]),
  );
  await user.click(screen.getByRole('button', { name: 'Next week' }));
  expect(within(column('Mon 7 Dec')).getByRole('button', { name: 'Water the plants' })).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Previous week' }));
  await user.click(screen.getByRole('button', { name: 'Previous week' }));
  expect(within(column('Mon 23 Nov')).getByRole('button', { name: 'Water plants' })).toBeInTheDocument();
  // One undo step takes the wider change back to where the series was before it.
  await user.keyboard('{Control>}z{/Control}');
  expect(Object.values(store.getState().series.series.entities).map((series) => series!.template.title)).toEqual(['Water plants']);
}, 30_000);

// Escape and a click outside are the browser's own (jsdom's <dialog> has neither): recurring-details.spec.ts.
it('keeps what was typed when the details close by their × button, as Save does', async () => {
  const { user, store } = planner();
  await user.click(await within(column('Wed 25 Nov')).findByRole('button', { name: 'Details of "Buy milk"' }));
  const details = await screen.findByRole('dialog', { name: 'Task details' });
  await user.type(within(details).getByRole('textbox', { name: 'Notes' }), 'Oat');
  await user.click(within(details).getByRole('button', { name: 'Close' }));
  expect(selectAllTasks(store.getState())[0]).toMatchObject({ notes: 'Oat' });
}, 20_000);
