import { useMemo, useState } from 'react';
import { useAppDispatch, useAppSelector, useAppStore } from '../../app/hooks';
import { notify } from '../../lib/notify';
import { tasksDeleted, tasksRestored } from '../tasks/events';
import { placedTask } from '../tasks/taskList';
import { listKey } from '../tasks/types';
import { catalogRestored, listArchivedSet, listCreated, listDeleted, listMoved, listNameProblem, listRenamed } from './catalogSlice';
import type { ListsManagerProps } from './ListsManager';

/**
 * The lists' part of 'Labels and lists' on the store (loaded with the catalog code, as LabelsDialogContainer is).
 * A delete takes the list's tasks with it (docs/organize.md: a list is what its person chose to be rid of, and Some
 * Day is not a bin); Undo puts back the list in its place, archived or not, and every task where it stood.
 */
export function useListsManager(): ListsManagerProps {
  const dispatch = useAppDispatch();
  const store = useAppStore();
  const lists = useAppSelector((state) => state.catalog.lists);
  const days = useAppSelector((state) => state.tasks.days);
  const taskCounts = useMemo(() => Object.fromEntries(lists.map((list) => [list.id, days[listKey(list.id)]?.ids.length ?? 0])), [lists, days]);
  const [deleted, setDeleted] = useState<ListsManagerProps['deleted']>(null);
  const catalog = () => store.getState().catalog;
  return {
    lists,
    taskCounts,
    deleted,
    onCreate: (name) => {
      const problem = listNameProblem(catalog(), name, true);
      if (!problem) dispatch(listCreated(name));
      return problem;
    },
    onRename: (id, name) => {
      const problem = listNameProblem(catalog(), name, false);
      if (!problem) dispatch(listRenamed({ id, name }));
      return problem;
    },
    // The target's index in the whole order (archived lists too): listMoved counts once the list is taken out.
    onReorder: (id, targetId) => {
      const toIndex = catalog().lists.findIndex((list) => list.id === targetId);
      if (toIndex >= 0) dispatch(listMoved({ id, toIndex }));
    },
    onArchive: (id, archived) => {
      dispatch(listArchivedSet({ id, archived }));
    },
    onDelete: (id) => {
      const at = catalog().lists.findIndex((list) => list.id === id);
      const list = catalog().lists[at];
      if (!list) return;
      const state = store.getState();
      const ids = state.tasks.days[listKey(id)]?.ids ?? [];
      // As written out (date 'someday', `list`, `order`): what tasksRestored puts back where it was.
      const tasks = ids.map((taskId) => placedTask(state.tasks, taskId, listKey(id))!);
      if (ids.length > 0) dispatch(tasksDeleted({ ids: [...ids] }));
      dispatch(listDeleted({ id }));
      const undo = () => {
        if (catalog().lists.some((one) => one.id === id)) return;
        dispatch(catalogRestored({ labels: [], lists: [list] }));
        dispatch(listMoved({ id, toIndex: at }));
        if (tasks.length > 0) dispatch(tasksRestored({ tasks }));
        setDeleted(null);
      };
      setDeleted({ name: list.name, onUndo: undo });
      // Also after the dialog is closed.
      notify.withAction(`Deleted the list “${list.name}”`, { label: 'Undo', onClick: undo });
    },
  };
}
