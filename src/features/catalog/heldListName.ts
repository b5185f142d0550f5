/** The name field's look, shared by the form and the field that stands in for it while its code comes. */
export const listNameField =
  'h-9 min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-2 text-sm pointer-coarse:h-11 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:border-slate-700 dark:bg-slate-950';

/**
 * What was typed into the stand-in field, and whether Enter was pressed there: the form (NewListForm.tsx) starts
 * from it, so a name typed the moment '+ New list' was pressed is neither lost nor left unsent.
 */
export const heldListName = { name: '', submit: false };
