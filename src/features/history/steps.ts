import { restoreEvent } from '../tasks/restoreEvent';
import { taskCompletionSet, taskDeleted, taskLabelsSet, taskMoved, taskNotesSet, taskRenamed, taskRestored, tasksDeleted, type TaskEvent } from '../tasks/events';
import { sameChecklist } from '../tasks/checklist';
import { placedTask } from '../tasks/taskList';
import type { TasksState, Task } from '../tasks/types';
import type { HistoryStep, StepEntry } from './historySlice';

/** The tasks an event names. */
export function idsOf(event: TaskEvent): string[] {
  const payload = event.payload as { id?: string; ids?: string[]; task?: Task; tasks?: Task[]; newTask?: { id?: unknown } };
  // 'Make a task' changes two: the checklist's task and the one it makes.
  if (typeof payload.id === 'string' && typeof payload.newTask?.id === 'string') return [payload.id, payload.newTask.id];
  if (typeof payload.id === 'string') return [payload.id];
  if (payload.task) return [payload.task.id];
  if (Array.isArray(payload.ids)) return payload.ids;
  if (Array.isArray(payload.tasks)) return payload.tasks.map((task) => task.id);
  return [];
}

/**
 * A task as it was before an event. The task being dragged was already moved by the drag's preview
 * when its drop's move is recorded: its place is the one it had when the drag began.
 */
export function taskBefore(tasks: TasksState, id: string): Task | null {
  const task = placedTask(tasks, id);
  if (!task) return null;
  const origin = tasks.drag?.taskId === id ? tasks.drag.positions[id] : undefined;
  return origin ? { ...task, date: origin.date, order: origin.order } : task;
}

const samePlace = (a: Task, b: Task) => a.date === b.date && a.order === b.order;
// Labels count too: a step that only labelled a task is a step, and its undo takes the labels off.
const sameLabels = (a: Task, b: Task) => (a.labels ?? []).join('\n') === (b.labels ?? []).join('\n');
const same = (a: Task | null, b: Task | null) =>
  a === b ||
  (!!a &&
    !!b &&
    a.title === b.title &&
    a.completed === b.completed &&
    (a.notes ?? '') === (b.notes ?? '') &&
    sameChecklist(a.checklist, b.checklist) &&
    sameLabels(a, b) &&
    samePlace(a, b));

export const changed = (entry: StepEntry) => !same(entry.before, entry.after);

/**
 * The events that take a step's tasks from one side to the other: `before` for undo, `after` for redo.
 * One task gets the fewest events that revert what the step changed (a rename only renames, so what
 * another device changed meanwhile stays); many tasks get bulk events.
 */
export function eventsToward(step: HistoryStep, side: 'before' | 'after'): TaskEvent[] {
  const other = side === 'before' ? 'after' : 'before';
  if (step.entries.length === 1) return eventsForOne(step.entries[0]![other], step.entries[0]![side]);
  const gone: string[] = [];
  const back: Task[] = [];
  for (const entry of step.entries) {
    const target = entry[side];
    if (!target) {
      if (entry[other]) gone.push(entry.id);
    } else if (!same(target, entry[other])) back.push(target);
  }
  const events: TaskEvent[] = [];
  if (gone.length > 0) events.push(tasksDeleted({ ids: gone }));
  if (back.length > 0) events.push(restoreEvent(back));
  return events;
}

function eventsForOne(from: Task | null, to: Task | null): TaskEvent[] {
  if (!to) return from ? [taskDeleted({ id: from.id })] : [];
  if (!from) return [taskRestored({ task: to })];
  // A checklist goes back whole (its task put back as it was): item by item, a step's inverse would need the
  // inverse of each kind of item event; a checklist is one person's list, and an undo comes within moments.
  if (!sameChecklist(from.checklist, to.checklist)) return [taskRestored({ task: to })];
  const events: TaskEvent[] = [];
  if (from.title !== to.title) events.push(taskRenamed({ id: to.id, title: to.title }));
  if ((from.notes ?? '') !== (to.notes ?? '')) events.push(taskNotesSet({ id: to.id, notes: to.notes ?? '' }));
  if (from.completed !== to.completed) events.push(taskCompletionSet({ id: to.id, completed: to.completed }));
  if (!sameLabels(from, to)) events.push(taskLabelsSet({ id: to.id, labels: to.labels ?? [] }));
  if (!samePlace(from, to)) events.push(taskMoved({ id: to.id, toDate: to.date, toIndex: to.order }));
  return events;
}
