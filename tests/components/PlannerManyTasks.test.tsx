import { act, render, screen, waitFor, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { PersistGate } from 'redux-persist/integration/react';
import { NavigateContext } from '../../src/app/navigation';
import { makeStore } from '../../src/app/store';
import { PlannerPage } from '../../src/features/planner/PlannerPage';
import { taskAdded, taskDeleted, taskMoved } from '../../src/features/tasks/events';
import type { Task } from '../../src/features/tasks/types';
import { MemoryStorage } from '../unit/memoryStorage';

// A day holding hundreds of tasks, mounted as main.tsx mounts the app (after storage has loaded):
// the column renders every card at once (those after its first group plain at first, cardUpgrade.ts), and every task
// ends up shown, in order.

const WED = '2026-11-25';
const COUNT = 150;
const FILLED = { timeout: 5000 };

beforeEach(() => {
  jest.useFakeTimers({ now: new Date(2026, 10, 25, 9, 30), doNotFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'queueMicrotask', 'nextTick', 'performance', 'requestAnimationFrame', 'cancelAnimationFrame', 'setImmediate', 'clearImmediate', 'hrtime'] });
});
afterEach(() => jest.useRealTimers());

function renderPlanner(tasks: Task[]) {
  const storage = new MemoryStorage({ 'weekly-planner-tasks': JSON.stringify(tasks) });
  const { store, persistor } = makeStore({ storage: () => storage });
  render(
    <Provider store={store}>
      <PersistGate loading={null} persistor={persistor}>
        <NavigateContext value={jest.fn()}>
          <PlannerPage />
        </NavigateContext>
      </PersistGate>
    </Provider>,
  );
  return store;
}

const many = Array.from({ length: COUNT }, (_, i): Task => ({ id: `t${i}`, title: `Task ${i}`, date: WED, completed: false, createdAt: i, order: i }));
const titlesIn = (name: string) => within(screen.getByRole('region', { name })).queryAllByRole('listitem').map((item) => item.textContent);

it('shows every task of a crowded day, in order, and the count from the start', async () => {
  renderPlanner(many);
  expect(await screen.findByRole('button', { name: 'Task 0' })).toBeInTheDocument();
  expect(within(screen.getByRole('region', { name: 'Wed 25 Nov' })).getByText(String(COUNT))).toBeInTheDocument();
  await waitFor(() => expect(titlesIn('Wed 25 Nov')).toHaveLength(COUNT), FILLED);
  expect(titlesIn('Wed 25 Nov')).toEqual(many.map((task) => task.title));
});

it('shows a task added once the day is complete right away, at the end', async () => {
  const store = renderPlanner(many);
  await waitFor(() => expect(titlesIn('Wed 25 Nov')).toHaveLength(COUNT), FILLED);
  act(() => {
    store.dispatch(taskAdded('One more', WED));
  });
  expect(titlesIn('Wed 25 Nov').at(-1)).toBe('One more');
});

it('shows a task added while the day is still filling in once it is filled', async () => {
  const store = renderPlanner(many);
  await screen.findByRole('button', { name: 'Task 0' });
  act(() => {
    store.dispatch(taskAdded('Early bird', WED));
  });
  await waitFor(() => expect(titlesIn('Wed 25 Nov')).toHaveLength(COUNT + 1), FILLED);
  expect(titlesIn('Wed 25 Nov').at(-1)).toBe('Early bird');
});

it('a move or delete near the top of a long day keeps the other cards’ elements (no remount of every later card)', async () => {
  const store = renderPlanner(many);
  await waitFor(() => expect(titlesIn('Wed 25 Nov')).toHaveLength(COUNT), FILLED);
  // The cards below the first group start plain (cardUpgrade.ts) and are full cards soon after, a group at a time in
  // transitions: a cheap check while React works in slices (a role query of 150 cards between each slice starved them).
  await waitFor(() => expect(document.querySelectorAll('.task-card.lite')).toHaveLength(0), FILLED);
  expect(screen.getAllByRole('button', { name: /^Mark "Task \d+" complete$/ })).toHaveLength(COUNT);
  const card = (title: string) => screen.getByRole('button', { name: title }).closest('li');
  const kept = ['Task 25', 'Task 51', 'Task 100', 'Task 140'].map((title) => [title, card(title)] as const);
  act(() => {
    store.dispatch(taskMoved({ id: 't1', toDate: WED, toIndex: 120 }));
    store.dispatch(taskDeleted({ id: 't0' }));
  });
  expect(titlesIn('Wed 25 Nov')).toHaveLength(COUNT - 1);
  expect(titlesIn('Wed 25 Nov')[119]).toBe('Task 1');
  expect(kept.filter(([title, element]) => card(title) !== element).map(([title]) => title)).toEqual([]);
});

it('holds the groups after a day’s first in one element that skips them off screen, so a hit test at the top passes them by', async () => {
  renderPlanner(many);
  await waitFor(() => expect(titlesIn('Wed 25 Nov')).toHaveLength(COUNT), FILLED);
  const list = within(screen.getByRole('region', { name: 'Wed 25 Nov' })).getByRole('list');
  // Cards off screen may still be plain (cardUpgrade.ts): found by their text.
  const group = (title: string) => screen.getByText(title, { selector: 'li *' }).closest('li')!.parentElement!;
  const skipsOffScreen = (element: Element) => element.className.split(' ').includes('[content-visibility:auto]');
  // The first group, in view when the page opens, stands alone; every later group is in the tail.
  expect(group('Task 0').parentElement).toBe(list);
  const tail = group('Task 149').parentElement!;
  expect(tail.parentElement).toBe(list);
  expect(list.children).toHaveLength(2);
  expect(skipsOffScreen(tail)).toBe(true);
  expect(new Set(['Task 60', 'Task 110', 'Task 149'].map(group)).size).toBeGreaterThan(1);
  for (const title of ['Task 60', 'Task 110', 'Task 149']) {
    expect(group(title).parentElement).toBe(tail);
    expect(skipsOffScreen(group(title))).toBe(true);
  }
  expect(tail.style.containIntrinsicSize).toBe(`auto ${(COUNT - group('Task 0').children.length) * 50}px`);
});
