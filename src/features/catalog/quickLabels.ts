import type { UnknownAction } from '@reduxjs/toolkit';
import { loadCatalog } from './catalogHost';
import { LABEL_COLOURS, type CatalogState } from './types';

// '#name' in an add box (issue 43.2): 'Call the bank #errands #home' is the task 'Call the bank' with the labels
// Errands and Home, found by name as a person would (case and accents ignored), made when new. A name the rules
// refuse (over 100 characters, or more labels than allowed) refuses the whole add with the reason: nothing is stored.

const TAG = /(^|\s)#([\p{L}\p{N}_-][\p{L}\p{N}_.-]*)/gu;

export async function labelsFromText(
  typed: string,
  catalog: CatalogState,
  dispatch: (action: UnknownAction) => unknown,
): Promise<{ text: string; labels: string[] } | { error: string }> {
  const names = [...typed.matchAll(TAG)].map((match) => match[2]!.replace(/\.+$/, ''));
  if (names.length === 0) return { text: typed, labels: [] };
  const text = typed.replace(TAG, '$1').replace(/\s+/g, ' ').trim();
  if (!text) return { error: 'Type the task before its labels (“Call the bank #errands”).' };
  const { labelCreated, labelNameProblem, nameKey } = await loadCatalog();
  let state = catalog;
  const wanted = new Map<string, string>(); // by folded name, so '#Work #work' is one label
  for (const name of names) {
    const key = nameKey(name);
    if (wanted.has(key)) continue;
    const existing = state.labels.find((label) => nameKey(label.name) === key);
    if (existing) {
      wanted.set(key, existing.id);
      continue;
    }
    const problem = labelNameProblem(state, name);
    if (problem) return { error: problem };
    // Made only once every name is known to be fine, so a refusal leaves no label behind.
    const made = labelCreated(name, LABEL_COLOURS[state.labels.length % LABEL_COLOURS.length]!);
    state = { ...state, labels: [...state.labels, { ...made.payload }] };
    wanted.set(key, made.payload.id);
  }
  for (const label of state.labels.slice(catalog.labels.length)) dispatch(labelCreated(label.name, label.colour, label.id));
  return { text, labels: [...wanted.values()] };
}
