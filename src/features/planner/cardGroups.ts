import type { TaskEntity } from '../tasks/types';

// Cards go in groups that skip style, layout and paint while off screen (content-visibility): a column
// of hundreds lays out only the groups in view. Per group rather than per card, because each such
// element is a paint layer with an intersection observer of its own, and thousands of those made every
// frame and click slow. The first group, the one in view when the page opens, holds 25 (it may grow to 50
// as tasks are added), the others 50: 104 layers with 5,000 tasks, those after a column's first held in
// one more such element (DayColumnContainer's CardTail), so a hit test at the top passes them by. Groups of 100 (56 layers) made
// each hit test of a hover or a press ~0.05-0.1 ms shorter, but a drag's live reorder then lays out and
// renders twice the cards (a dropped frame in each of three drag bench runs). A group keeps its first task across
// renders, so a task added, removed or moved (a drag hovering over a long day reorders it live) remounts
// only the cards whose group changed, not every card after it (a card moving to another group remounts,
// as a move to another day does; the keyboard drag puts focus back on its handle).
export const FIRST_GROUP = 25;
export const GROUP = 50;

export interface TaskGroup {
  /** The first group is 'first'; another is named after the task it started with. */
  key: string;
  tasks: TaskEntity[];
}

/** What a card shows of its task (see TaskCardContainer's memo): a group whose cards show the same need not render. */
const sameCards = (a: TaskEntity[], b: TaskEntity[]) =>
  a.length === b.length && a.every((task, i) => task === b[i] || (task.id === b[i]!.id && task.title === b[i]!.title && task.completed === b[i]!.completed && task.notes === b[i]!.notes));

export function groupTasks(tasks: TaskEntity[], previous: TaskGroup[]): TaskGroup[] {
  const known = new Set(previous.map((group) => group.key));
  const groups: TaskGroup[] = [];
  let current: TaskGroup | undefined;
  let limit = 0;
  for (const task of tasks) {
    if (!current || (current.tasks.length > 0 && (known.has(task.id) || current.tasks.length >= limit))) {
      const key = current ? task.id : 'first';
      current = { key, tasks: [] };
      groups.push(current);
      // A new group is full at its size; a known one may grow to twice that before a new group splits off.
      limit = (known.has(key) ? 2 : 1) * (key === 'first' ? FIRST_GROUP : GROUP);
    }
    current.tasks.push(task);
  }
  // A reorder in a long day changes one or two groups; the others keep their arrays, so their memo holds.
  const before = new Map(previous.map((group) => [group.key, group.tasks]));
  for (const group of groups) {
    const kept = before.get(group.key);
    if (kept && sameCards(kept, group.tasks)) group.tasks = kept;
  }
  return groups;
}
