import { useEffect, useLayoutEffect, useMemo, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { localDayKey } from '../series/days';
import { loadedSeries, loadSeries } from '../series/seriesHost';
import type { SeriesState } from '../series/seriesSlice';
import { notify } from '../../lib/notify';
import { loadCatalog } from '../catalog/catalogHost';
import { listIdOf, SOMEDAY } from '../tasks/types';
import { MAX_QUERY_LENGTH } from './fold';
import { groupHits } from './groups';
import { searchTasks, type SearchHit } from './rank';
import { focusCard } from './revealResult';
import { SearchDialog, type SearchView } from './SearchDialog';
import { heldSearchText, stopHoldingSearchKeys, type SearchState } from './searchOpening';
import { buildIndex } from './searchIndex';
import { seriesDocs } from './seriesDocs';

// Search reads the store (every day's tasks, the series) and the series' computed occurrences, never the page; its
// index is derived on each render from that state and never stored. Mounted only while search is open, so a task
// change while it is closed costs it nothing.

interface SearchContainerProps {
  onHide: SearchState['hide'];
}

/** What was searched last: the next opening starts from it, selected, so typing replaces it. */
let lastQuery = '';

/** The planner's event for showing a day's week (planner/plannerSlice.ts: weekShown), by its type: see groups.ts. */
const weekShown = (date: string) => ({ type: 'planner/weekShown', payload: { date } });

/** The series code, loaded here when there are series and it has not arrived yet (a first load leaves it out). */
function useSeriesCode(series: SeriesState) {
  const [code, setCode] = useState(loadedSeries);
  const wanted = series.series.ids.length > 0 && code === null;
  useEffect(() => {
    if (!wanted) return;
    let current = true;
    void loadSeries().then((loaded) => current && setCode(loaded));
    return () => void (current = false);
  }, [wanted]);
  return code;
}

export default function SearchContainer({ onHide }: SearchContainerProps) {
  const dispatch = useAppDispatch();
  const days = useAppSelector((state) => state.tasks.days);
  const series = useAppSelector((state) => state.series);
  const catalogLists = useAppSelector((state) => state.catalog.lists);
  const lists = useMemo(() => new Map(catalogLists.map((list) => [list.id, list])), [catalogLists]);
  const code = useSeriesCode(series);
  const [today] = useState(() => localDayKey(new Date()));
  // Keys typed while this code was on its way start the search; otherwise the last search comes back, to type over.
  const [typedFirst] = useState(heldSearchText);
  const [query, setQuery] = useState(() => (typedFirst || lastQuery).slice(0, MAX_QUERY_LENGTH));
  const [cutTo, setCutTo] = useState<number | null>(null);

  const index = useMemo(() => buildIndex(days, code ? seriesDocs(series, code, today) : []), [days, series, code, today]);
  const view = useMemo((): SearchView => {
    const outcome = searchTasks(index, query, today);
    if (outcome.kind !== 'results') return outcome;
    return { kind: 'results', groups: groupHits(outcome.hits, today, lists), total: outcome.total, shown: outcome.hits.length, words: outcome.words };
  }, [index, query, today, lists]);

  const changeQuery = (text: string) => {
    // A pasted page of text is cut, and the dialog says so: nothing of it is kept anywhere else.
    const cut = text.length > MAX_QUERY_LENGTH;
    const kept = cut ? text.slice(0, MAX_QUERY_LENGTH) : text;
    setCutTo(cut ? MAX_QUERY_LENGTH : null);
    setQuery(kept);
    lastQuery = kept;
  };

  // The dialog's field has focus now (its layout effect ran first) and takes the keys from here on; those held since
  // the first render (it can yield before the commit) join the query before the frame shows it.
  useLayoutEffect(() => {
    const held = stopHoldingSearchKeys();
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the held keys are outside React: read once, at focus
    if (held !== typedFirst) changeQuery(held);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the field has focus
  }, []);

  // Closed without a pick, focus goes back where it was (the button, or the card that had it before '/').
  const [returnFocus] = useState(() => document.activeElement);
  const close = () => {
    onHide();
    if (returnFocus instanceof HTMLElement && returnFocus.isConnected) returnFocus.focus({ preventScroll: true });
  };

  const pick = ({ doc }: SearchHit) => {
    onHide();
    const listId = listIdOf(doc.date);
    const list = listId === null ? undefined : lists.get(listId);
    // An archived list's task is not on the week: the toast says where it is and offers the list back, then shows it.
    if (list?.archived) {
      notify.withAction(`“${doc.title}” is in the archived list “${list.name}”.`, {
        label: 'Restore the list',
        onClick: () =>
          void loadCatalog().then((code) => {
            dispatch(code.listArchivedSet({ id: list.id, archived: false }));
            focusCard(doc.target);
          }),
      });
      return;
    }
    if (doc.date !== SOMEDAY && listId === null) dispatch(weekShown(doc.date));
    focusCard(doc.target);
  };

  return <SearchDialog query={query} onQueryChange={changeQuery} view={view} cutTo={cutTo} onPick={pick} onClose={close} selectOnOpen={typedFirst === ''} />;
}
