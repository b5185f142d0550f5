import { createRoot } from 'react-dom/client';
import { act } from 'react';
import { TASK_ATTR } from '../../src/features/dnd/backend/attributes';
import { plainCardsHtml } from '../../src/features/planner/plainCards';
import type { TaskEntity } from '../../src/features/tasks/types';

// The plain cards' markup is written by hand (plainCards.ts): it must make the DOM React made of the PlainCard
// component it replaced, whatever a title or id holds.
function PlainCard({ task }: { task: TaskEntity }) {
  return (
    <li role="listitem" {...{ [TASK_ATTR]: task.id }} className="task-card lite" data-done={task.completed ? '' : undefined}>
      <span className="task-title">{task.title}</span>
      <span className="task-details" aria-hidden="true" />
    </li>
  );
}

const task = (id: string, title: string, completed = false): TaskEntity => ({ id, title, date: '2026-12-07', completed, createdAt: 1 });

const tasks = [
  task('a', 'Buy milk'),
  task('b', 'Done one', true),
  task('c"><script>alert(1)</script>', '<img src=x onerror="alert(1)"> & </li><li>'),
  task("d'&amp;", "Tom's  two  spaces & 'quotes' \"double\"\nnext line"),
  task('e', '   '),
  task('f', 'Ünïcödé ✓ 🎉 &lt;not a tag&gt;'),
];

test('plain cards from markup are the DOM React renders for them', () => {
  Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });
  const expected = document.createElement('div');
  const root = createRoot(expected);
  act(() =>
    root.render(
      <>
        {tasks.map((t) => (
          <PlainCard key={t.id} task={t} />
        ))}
      </>,
    ),
  );
  const actual = document.createElement('div');
  actual.innerHTML = plainCardsHtml(tasks);
  expect(actual.children).toHaveLength(tasks.length);
  expect(actual.isEqualNode(expected)).toBe(true);
  // No markup in a title or id became an element.
  expect(actual.querySelectorAll('script, img')).toHaveLength(0);
  expect([...actual.querySelectorAll('.task-title')].map((el) => el.textContent)).toEqual(tasks.map((t) => t.title));
  expect([...actual.children].map((el) => el.getAttribute(TASK_ATTR))).toEqual(tasks.map((t) => t.id));
  act(() => root.unmount());
});

test('no tasks, no markup', () => {
  expect(plainCardsHtml([])).toBe('');
});
