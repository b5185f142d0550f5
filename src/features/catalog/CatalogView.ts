import { createContext, useEffect, useMemo, useState } from 'react';
import { useAppSelector } from '../../app/hooks';
import type { CatalogState, Label } from './types';

// What the week needs of labels (first load): each card's chips and the header's filter. Given by the planner page
// through a context, so a card reads it without a store subscription of its own (thousands of cards).

/** The header's label filter: ids of the labels chosen, on this device only (it survives a reload). */
export const LABEL_FILTER_KEY = 'weekly-planner-label-filter';

export interface CatalogView {
  /** Labels by id, aliases included (see CatalogState.aliases). */
  byId: ReadonlyMap<string, Label>;
  /** Every label, by name. */
  labels: readonly Label[];
  /** The chosen labels (only those that exist); none: every task shows. */
  filter: readonly string[];
  setFilter: (ids: string[]) => void;
}

export const CatalogViewContext = createContext<CatalogView | null>(null);

const byName = (a: Label, b: Label) => a.name.localeCompare(b.name);

function readFilter(): string[] {
  try {
    const stored = JSON.parse(localStorage.getItem(LABEL_FILTER_KEY) ?? '[]') as unknown;
    return Array.isArray(stored) ? stored.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

/** The view of the store's catalog, with the filter read from and written to this device's storage. */
export function useCatalogView(): CatalogView {
  const catalog = useAppSelector((state) => state.catalog);
  const [chosen, setChosen] = useState(readFilter);
  useEffect(() => {
    try {
      if (chosen.length > 0) localStorage.setItem(LABEL_FILTER_KEY, JSON.stringify(chosen));
      else localStorage.removeItem(LABEL_FILTER_KEY);
    } catch {
      // Blocked storage: the filter lasts this visit.
    }
  }, [chosen]);
  return useMemo(() => viewOf(catalog, chosen, setChosen), [catalog, chosen]);
}

export function viewOf(catalog: CatalogState, chosen: readonly string[], setFilter: (ids: string[]) => void): CatalogView {
  const byId = new Map(catalog.labels.map((label) => [label.id, label]));
  for (const [from, to] of Object.entries(catalog.aliases)) {
    const label = byId.get(to);
    if (label) byId.set(from, label);
  }
  // A deleted label leaves the filter by itself (a filter of nothing would hide every task).
  const filter = chosen.filter((id) => byId.has(id));
  return { byId, labels: [...catalog.labels].sort(byName), filter, setFilter };
}

/** A task's labels as its card shows them: known ones, each once, by name. */
export function labelsOf(view: CatalogView, ids: readonly string[] | undefined): Label[] | undefined {
  if (!ids || ids.length === 0) return undefined;
  const found = new Set<Label>();
  for (const id of ids) {
    const label = view.byId.get(id);
    if (label) found.add(label);
  }
  return found.size > 0 ? [...found].sort(byName) : undefined;
}

/** Whether the filter hides a task with these labels. */
export const filteredOut = (view: CatalogView | null, labels: readonly Label[] | undefined) =>
  !!view && view.filter.length > 0 && !labels?.some((label) => view.filter.includes(label.id));
