import type { Task } from '../tasks/types';
import { catalogRestored, labelDeleted, listDeleted, nameKey, resolveLabelId, type CatalogEvent } from './catalogSlice';
import type { CatalogState } from './types';

/**
 * The events that bring a backup's labels and lists in, and its tasks with their labels as they are to be here.
 * Merge: labels and lists not here are added (one whose name a label here has is that label, and the file's tasks
 * are relabelled to it); those here stay. Replace: every label and list here goes first, then the file's come.
 * A backup without them (every backup before labels) changes none of them, in either mode.
 */
export function catalogImportEvents(
  current: CatalogState,
  incoming: CatalogState | undefined,
  tasks: Task[],
  mode: 'merge' | 'replace',
): { events: CatalogEvent[]; tasks: Task[]; relabel: (ids: readonly string[]) => string[] } {
  if (!incoming) return { events: [], tasks, relabel: (ids) => [...ids] };
  const events: CatalogEvent[] = [];
  const here = mode === 'replace' ? { ...current, labels: [], lists: [] } : current;
  if (mode === 'replace') {
    for (const label of current.labels) events.push(labelDeleted({ id: label.id }));
    for (const list of current.lists) events.push(listDeleted({ id: list.id }));
  }
  // A label of the file: itself, unless a label here has its name (then that one).
  const byName = new Map(here.labels.map((label) => [nameKey(label.name), label.id]));
  const target = new Map<string, string>();
  for (const label of incoming.labels) target.set(label.id, byName.get(nameKey(label.name)) ?? label.id);
  const mapped = (id: string) => {
    const own = resolveLabelId(incoming, id);
    return target.get(own) ?? own;
  };
  // The same for a series' labels (backup.ts relabels the file's series templates with it).
  const relabel = (ids: readonly string[]) => [...new Set(ids.map(mapped))];
  const relabelled = tasks.map((task) => {
    if (!task.labels) return task;
    const labels = relabel(task.labels);
    return labels.every((id, i) => id === task.labels![i]) && labels.length === task.labels.length ? task : { ...task, labels };
  });
  const labels = incoming.labels.filter((label) => target.get(label.id) === label.id);
  events.push(catalogRestored({ labels, lists: incoming.lists }));
  return { events, tasks: relabelled, relabel };
}
