import { screen, within } from '@testing-library/react';
import { Toaster } from '../../src/components/ui/Toaster';
import { PlannerPage } from '../../src/features/planner/PlannerPage';
import { SERIES_KEY } from '../../src/features/series/seriesHost';
import type { Task } from '../../src/features/tasks/types';
import { MemoryStorage } from '../unit/memoryStorage';
import { renderWithProviders } from '../utils/renderWithProviders';

// Typed phrases in a day's add box (issue 30.2), on the planner as a person uses it. Today: Wed 25 Nov 2026.
const realTimers = ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'setImmediate', 'clearImmediate', 'queueMicrotask', 'nextTick', 'hrtime', 'performance', 'requestAnimationFrame', 'cancelAnimationFrame', 'requestIdleCallback', 'cancelIdleCallback'] as const;
beforeEach(() => jest.useFakeTimers({ now: new Date(2026, 10, 25, 9, 30), doNotFake: [...realTimers] }));
afterEach(() => jest.useRealTimers());
// jsdom has no pointer capture, which sonner's toasts call on a press; the parser is loaded once for the file.
beforeAll(async () => {
  Element.prototype.setPointerCapture ??= () => {};
  await import('../../src/features/series/quickAdd');
});

// A first toast fetches sonner (a dynamic import): under load that alone can take longer than findBy's 1 s default.
const TOAST = { timeout: 5000 };
const column = (name: string) => within(screen.getByRole('region', { name }));
const storedTasks = (storage: Storage) => JSON.parse(storage.getItem('weekly-planner-tasks') ?? '[]') as Task[];

async function typeIn(day: string, text: string) {
  const rendered = renderWithProviders(
    <>
      <PlannerPage />
      <Toaster />
    </>,
    { storage: new MemoryStorage() },
  );
  await rendered.user.click(screen.getByRole('button', { name: `Add task to ${day}` }));
  await enter(rendered.user, day, text);
  return rendered;
}

/** Pasted rather than typed key by key: the phrase is what is under test, not the field's keystrokes. */
async function enter(user: ReturnType<typeof renderWithProviders>['user'], day: string, text: string) {
  await user.click(screen.getByRole('textbox', { name: `New task for ${day}` }));
  await user.paste(text);
  await user.keyboard('{Enter}');
}

// The whole planner, the toaster and the parser: 5-10 s a test on this shared 2-core machine under a load of 15-18.
jest.setTimeout(20_000);
describe('quick-add phrases', () => {
  it("'Water plants every monday' makes a series; the toast's Undo gives back the literal text as a plain task", async () => {
    const { user, store, storage } = await typeIn('Wed 25 Nov', 'Water plants every monday');
    const toast = (await screen.findByText('Added “Water plants”: Every Monday', {}, TOAST)).closest('li')!;
    expect(Object.values(store.getState().series.series.entities)).toMatchObject([{ template: { title: 'Water plants' }, firstDate: '2026-11-30' }]);
    expect(column('Wed 25 Nov').queryByRole('listitem')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next week' }));
    expect(column('Mon 30 Nov').getByRole('button', { name: 'Water plants' })).toHaveAccessibleDescription('Every Monday');
    await user.click(within(toast).getByRole('button', { name: 'Undo' }));
    expect(column('Mon 30 Nov').queryByRole('listitem')).not.toBeInTheDocument();
    expect(store.getState().series.series.ids).toEqual([]);
    expect(JSON.parse(storage.getItem(SERIES_KEY)!).series).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Today' }));
    expect(column('Wed 25 Nov').getByRole('button', { name: 'Water plants every monday' })).toBeInTheDocument();
  });

  it("'Call mum tomorrow' adds to tomorrow and 'Read someday' to Some Day, titles without the phrase", async () => {
    const { user, persistor, storage } = await typeIn('Mon 23 Nov', 'Call mum tomorrow');
    expect(await column('Thu 26 Nov').findByRole('button', { name: 'Call mum' })).toBeInTheDocument();
    expect(await screen.findByText('Added “Call mum” to Thu 26 Nov', {}, TOAST)).toBeInTheDocument();
    await enter(user, 'Mon 23 Nov', 'Read someday');
    expect(await column('Some Day').findByRole('button', { name: 'Read' })).toBeInTheDocument();
    persistor.flush();
    expect(storedTasks(storage).map((task) => `${task.date} ${task.title}`).sort()).toEqual(['2026-11-26 Call mum', 'someday Read']);
  });

  it('keeps an ordinary title as typed, and refuses a repeat that is too far apart with a message, storing nothing', async () => {
    const { user, store } = await typeIn('Tue 24 Nov', 'Buy milk');
    expect(column('Tue 24 Nov').getByRole('button', { name: 'Buy milk' })).toBeInTheDocument();
    await enter(user, 'Tue 24 Nov', 'Stretch every 10000 weeks');
    expect(await screen.findByText(/Every 10,000 weeks is too far apart/, {}, TOAST)).toBeInTheDocument();
    expect(store.getState().series.series.ids).toEqual([]);
    expect(column('Tue 24 Nov').getAllByRole('listitem')).toHaveLength(1);
  });
});
