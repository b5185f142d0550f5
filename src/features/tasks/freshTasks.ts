import type { AppThunk } from '../../app/store';
import { MAY_HOLD_PHRASE } from '../series/quickAddPlain';
import { taskRenamed } from './events';

// Tasks just made by the floating '+' ('New task', its title opened for typing at once): their first rename reads
// the phrases an add box reads ('#name', 'tomorrow', 'every monday'), since what is typed there is what a person
// would have typed in an add box. Held in this tab's memory only, never stored or synced: after a reload, in another
// tab or on another device the task is an ordinary one, and any later rename keeps its text as typed (a title may
// hold '#'). An id leaves the set at its first rename; a rename refused (a bad label name) puts it back.

const fresh = new Set<string>();
/** A person presses '+' a few times at most before typing: the oldest are forgotten past this. */
const KEPT = 20;

export function markFresh(id: string): void {
  fresh.add(id);
  if (fresh.size > KEPT) fresh.delete(fresh.values().next().value!);
}

/** Whether the task was just made by '+' and not renamed since; it is not fresh any more after this. */
export const takeFresh = (id: string): boolean => fresh.delete(id);

/**
 * What a card's rename dispatches: a fresh task's first rename goes to the phrase reader (loaded then, off the first
 * load); every other rename is the title as typed.
 */
export const cardRenamed =
  (id: string, typed: string): AppThunk<unknown> =>
  (dispatch) => {
    const plain = () => dispatch(taskRenamed({ id, title: typed }));
    // A text with no '#' and no word a phrase could hold is renamed at once, as any other (offline too).
    if (!takeFresh(id) || (!typed.includes('#') && !MAY_HOLD_PHRASE.test(typed))) return plain();
    // The reader's chunk out of reach (offline before it was ever fetched): the title as typed, nothing lost.
    return import('../series/quickRenameThunk').then(({ freshRenamed }) => dispatch(freshRenamed(id, typed)), plain);
  };
