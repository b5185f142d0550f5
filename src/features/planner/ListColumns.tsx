import { useAppDispatch, useAppStore, useAppSelector } from '../../app/hooks';
import { loadCatalog } from '../catalog/catalogHost';
import { NewListForm } from '../catalog/NewListForm';
import { selectShownLists } from '../catalog/shownLists';
import { listNames } from '../dnd/announcements';
import { listKey } from '../tasks/types';
import { DayColumnContainer } from './DayColumnContainer';

/**
 * The named lists not archived, each a column after Some Day with the days' machinery (add box, cards, drag, keyboard
 * drag, 'Move to…'); and the form of '+ New list'. A chunk of its own (WeekGrid.tsx).
 */
export default function ListColumns() {
  const lists = useAppSelector(selectShownLists);
  for (const list of lists) listNames.set(list.id, list.name);
  return (
    <>
      {lists.map((list) => (
        <DayColumnContainer key={list.id} date={listKey(list.id)} title={list.name} />
      ))}
    </>
  );
}

/** The name field the week's '+ New list' opens (WeekGrid.tsx), open at once; it keeps the button from then on. */
export function NewList() {
  const dispatch = useAppDispatch();
  const store = useAppStore();
  const create = async (name: string) => {
    // The catalog's events and checks come with its code (catalogHost.ts).
    const code = await loadCatalog();
    const problem = code.listNameProblem(store.getState().catalog, name, true);
    if (!problem) dispatch(code.listCreated(name));
    return problem;
  };
  return <NewListForm onCreate={create} defaultOpen />;
}
