import { createSelector } from '@reduxjs/toolkit';
import type { CatalogState, TaskList } from './types';

// What the week shows of named lists (first load): the lists not archived, in their order, each a column after
// Some Day and an entry of the phone's day strip. Their columns' code is a chunk of its own (planner/ListColumns.tsx).

const NO_LISTS: TaskList[] = Object.freeze([]) as unknown as TaskList[];

export const selectShownLists = createSelector([(state: { catalog: CatalogState }) => state.catalog.lists], (lists) => {
  const shown = lists.filter((list) => !list.archived);
  return shown.length > 0 ? shown : NO_LISTS;
});
