import { useAppDispatch, useAppStore, useAppSelector } from '../../app/hooks';
import { loadCatalog } from '../catalog/catalogHost';
import { NewListForm } from '../catalog/NewListForm';
import { selectShownLists } from '../catalog/shownLists';
import { listNames } from '../dnd/announcements';
import { listKey } from '../tasks/types';
import { DayColumnContainer } from './DayColumnContainer';

/**
 * The named lists not archived, each a column after Some Day with the days' machinery (add box, cards, drag, keyboard
 * drag, 'Move to…'), then '+ New list'. A chunk of its own (WeekGrid.tsx).
 */
export default function ListColumns() {
  const lists = useAppSelector(selectShownLists);
  const dispatch = useAppDispatch();
  const store = useAppStore();
  for (const list of lists) listNames.set(list.id, list.name);
  const create = async (name: string) => {
    // The catalog's events and checks come with its code (catalogHost.ts).
    const code = await loadCatalog();
    const problem = code.listNameProblem(store.getState().catalog, name, true);
    if (!problem) dispatch(code.listCreated(name));
    return problem;
  };
  return (
    <>
      {lists.map((list) => (
        <DayColumnContainer key={list.id} date={listKey(list.id)} title={list.name} />
      ))}
      <div className="col-span-full">
        <NewListForm onCreate={create} />
      </div>
    </>
  );
}
