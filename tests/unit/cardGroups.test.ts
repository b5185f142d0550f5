import { FIRST_GROUP, GROUP, groupTasks } from '../../src/features/planner/cardGroups';
import type { Task } from '../../src/features/tasks/types';

// A long day's cards in groups: a reorder re-renders the groups it touched, not the whole day.

const day = (n: number): Task[] => Array.from({ length: n }, (_, i) => ({ id: `t${i}`, title: `Task ${i}`, date: '2026-11-25', completed: false, createdAt: i, order: i }));
/** The list after moving `from` to index `to`, every task renumbered as the reducer does (new objects where the order changed). */
function moved(tasks: Task[], from: number, to: number): Task[] {
  const list = [...tasks];
  list.splice(to, 0, list.splice(from, 1)[0]!);
  return list.map((task, order) => (task.order === order ? task : { ...task, order }));
}

it('starts with a group of 25 (what a column shows when the page opens), then groups of 50, in order', () => {
  const groups = groupTasks(day(160), []);
  expect(groups.map((group) => group.tasks.length)).toEqual([FIRST_GROUP, GROUP, GROUP, 35]);
  expect(groups.flatMap((group) => group.tasks.map((task) => task.id))).toEqual(day(160).map((task) => task.id));
});

it('lets a known group grow to twice its size before a new one splits off', () => {
  const first = groupTasks(day(160), []);
  const added = [...day(160).slice(0, 10), ...day(180).slice(160).map((task) => ({ ...task, id: `new${task.id}` })), ...day(160).slice(10)];
  const groups = groupTasks(added, first);
  expect(groups.map((group) => group.key)).toEqual(first.map((group) => group.key));
  expect(groups.map((group) => group.tasks.length)).toEqual([FIRST_GROUP + 20, GROUP, GROUP, 35]);
  const many = [...day(160).slice(0, 10), ...day(220).slice(160).map((task) => ({ ...task, id: `new${task.id}` })), ...day(160).slice(10)];
  expect(groupTasks(many, first).map((group) => group.tasks.length)).toEqual([2 * FIRST_GROUP, 35, GROUP, GROUP, 35]);
});

it('a first load that completes a day shown in part grows the group it showed to 50, then makes new groups of 50', () => {
  const shown = groupTasks(day(23), []);
  expect(shown.map((group) => group.tasks.length)).toEqual([23]);
  const groups = groupTasks(day(625), shown);
  expect(groups.map((group) => group.tasks.length)).toEqual([2 * FIRST_GROUP, ...Array<number>(11).fill(GROUP), 25]);
  expect(groups.flatMap((group) => group.tasks.map((task) => task.id))).toEqual(day(625).map((task) => task.id));
});

it('a move inside a long day gives new arrays to the groups it touched only', () => {
  const tasks = day(600);
  const first = groupTasks(tasks, []);
  const next = moved(tasks, 310, 318); // both inside the group starting at t275
  const groups = groupTasks(next, first);
  expect(groups.flatMap((group) => group.tasks.map((task) => task.id))).toEqual(next.map((task) => task.id));
  const changed = groups.filter((group, i) => group.tasks !== first[i]!.tasks).map((group) => group.key);
  expect(changed).toEqual(['t275']);
});

it('keeps a group whose tasks only got another order, and renews one whose card shows something new', () => {
  const tasks = day(100);
  const first = groupTasks(tasks, []);
  const renumbered = tasks.map((task) => ({ ...task, order: task.order + 1 }));
  expect(groupTasks(renumbered, first).map((group) => group.tasks)).toEqual(first.map((group) => group.tasks));
  expect(groupTasks(renumbered, first).every((group, i) => group.tasks === first[i]!.tasks)).toBe(true);

  const completed = tasks.map((task) => (task.id === 't60' ? { ...task, completed: true } : task));
  const after = groupTasks(completed, first);
  expect(after.filter((group, i) => group.tasks !== first[i]!.tasks).map((group) => group.key)).toEqual(['t25']);
  expect(after[1]!.tasks[35]).toMatchObject({ id: 't60', completed: true });
});
