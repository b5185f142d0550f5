import { lazy, Suspense } from 'react';
import { LoadBoundary } from '../../components/ui/LoadBoundary';
import { loadSearch, type SearchState } from './searchOpening';

const SearchContainer = lazy(loadSearch);

/** The search dialog while search is open; its code arrives on the first opening. */
export function SearchLauncher({ search }: { search: SearchState }) {
  if (!search.open) return null;
  return (
    <LoadBoundary>
      <Suspense fallback={null}>
        <SearchContainer onHide={search.hide} />
      </Suspense>
    </LoadBoundary>
  );
}
