import { act, screen, within } from '@testing-library/react';
import { PlannerPage } from '../../src/features/planner/PlannerPage';
import { loadSeries, serializeSeries, SERIES_KEY } from '../../src/features/series/seriesHost';
import { created, replay, rule } from '../unit/seriesFixtures';
import { MemoryStorage } from '../unit/memoryStorage';
import { renderWithProviders } from '../utils/renderWithProviders';

// Series on the week view: computed occurrences beside plain tasks, with the repeat mark and the rule in words.
// Only Date is faked: 'today' is Wednesday 25 November 2026.
const realTimers = ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'setImmediate', 'clearImmediate', 'queueMicrotask', 'nextTick', 'hrtime', 'performance', 'requestAnimationFrame', 'cancelAnimationFrame', 'requestIdleCallback', 'cancelIdleCallback'] as const;
// The series code is a dynamic import: loaded once here, as a returning visitor's page would have it by then.
beforeAll(() => loadSeries());
beforeEach(() => jest.useFakeTimers({ now: new Date(2026, 10, 25, 9, 30), doNotFake: [...realTimers] }));
afterEach(() => jest.useRealTimers());

const mondays = created('Water plants', '2026-11-02', rule('FREQ=WEEKLY;BYDAY=MO'));
const id = mondays.payload.series.id;
const column = (name: string) => screen.getByRole('region', { name });

function plannerWithSeries() {
  const storage = new MemoryStorage({
    'weekly-planner-tasks': JSON.stringify([{ id: 't1', title: 'Buy milk', date: '2026-11-23', completed: false, createdAt: 1, order: 0 }]),
    [SERIES_KEY]: serializeSeries(replay([mondays])),
  });
  return renderWithProviders(<PlannerPage />, { storage });
}

describe('series on the week view', () => {
  it("shows each Monday's occurrence beside the day's tasks, described by its rule, in every week", async () => {
    const { user } = plannerWithSeries();
    const monday = column('Mon 23 Nov');
    const check = await within(monday).findByRole('button', { name: 'Mark "Water plants" complete' });
    expect(check).toHaveAccessibleDescription('Every Monday');
    expect(within(monday).getByRole('button', { name: 'Mark "Buy milk" complete' })).toBeInTheDocument();
    expect(within(monday).getAllByRole('listitem')).toHaveLength(2);
    expect(within(column('Tue 24 Nov')).queryByRole('listitem')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next week' }));
    expect(within(column('Mon 30 Nov')).getByRole('button', { name: 'Water plants' })).toHaveAccessibleDescription('Every Monday');
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
  });

  it('completes an occurrence as an exception keyed by the series and its original date, and undoes it', async () => {
    const { user, store, storage } = plannerWithSeries();
    const check = await within(column('Mon 23 Nov')).findByRole('button', { name: 'Mark "Water plants" complete' });
    await user.click(check);
    expect(store.getState().series.exceptions.entities[`${id}|2026-11-23`]).toMatchObject({ completed: true, completedOn: '2026-11-25' });
    expect(within(column('Mon 23 Nov')).getByRole('button', { name: 'Mark "Water plants" complete' })).toHaveAttribute('aria-pressed', 'true');
    expect(JSON.parse(storage.getItem(SERIES_KEY)!).exceptions).toHaveLength(1);
    await user.keyboard('{Control>}z{/Control}');
    expect(within(column('Mon 23 Nov')).getByRole('button', { name: 'Mark "Water plants" complete' })).toHaveAttribute('aria-pressed', 'false');
    expect(store.getState().series.exceptions.ids).toEqual([]);
  });

  it('deletes one occurrence by skipping it: the next week still has its own', async () => {
    const { user } = plannerWithSeries();
    await user.click(await within(column('Mon 23 Nov')).findByRole('button', { name: 'Delete "Water plants"' }));
    expect(within(column('Mon 23 Nov')).queryByRole('button', { name: 'Water plants' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next week' }));
    expect(within(column('Mon 30 Nov')).getByRole('button', { name: 'Water plants' })).toBeInTheDocument();
  });
});
