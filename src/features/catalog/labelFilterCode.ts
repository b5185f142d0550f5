import type { ComponentType } from 'react';

// The header's label filter (its button and the way to its dialog) is code only a visitor with labels runs, so it
// is a chunk of its own, fetched once a label exists (LabelFilterSlot.tsx). A visitor whose stored catalog has
// labels gets it before the first render (app/startApp.tsx waits for it; index.html's loader fetches it with the
// entry), so the button is there on the first paint as before.

let Filter: ComponentType | null = null;
let loading: Promise<ComponentType> | null = null;

/** The filter once its code has arrived. */
export const loadedLabelFilter = (): ComponentType | null => Filter;

/** The filter's code, loaded once; a failed fetch is tried again on the next change of labels. */
export function loadLabelFilter(): Promise<ComponentType> {
  loading ??= import('./LabelFilterContainer').then(
    (module) => (Filter = module.LabelFilterContainer),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}
