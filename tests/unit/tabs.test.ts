import { makeStore } from '../../src/app/store';
import type { TabLink, TabMessage } from '../../src/app/tabSync';
import { undoRequested } from '../../src/features/history/historySlice';
import { taskAdded, taskCompletionSet, taskDragEnded, taskDragMovedTo, taskDragStarted, taskRenamed } from '../../src/features/tasks/events';
import { selectAllTasks } from '../../src/features/tasks/taskSelectors';
import { MemoryStorage } from './memoryStorage';
import { MON, TUE } from './taskFixtures';

// Two real stores as two tabs of one browser: one storage, and a channel between them that delivers
// a little later, as a BroadcastChannel does. The `storage` event is fired by hand after a write (jsdom
// fires none between stores of one window).

const KEY = 'weekly-planner-tasks';

class Hub {
  private readonly tabs = new Set<(message: TabMessage) => void>();
  link(): TabLink {
    let receive: ((message: TabMessage) => void) | null = null;
    const deliver = (message: TabMessage) => receive?.(message);
    this.tabs.add(deliver);
    return {
      post: (message) => {
        const copy = JSON.parse(JSON.stringify(message)) as TabMessage;
        for (const other of this.tabs) if (other !== deliver) queueMicrotask(() => other(copy));
      },
      listen: (handler) => void (receive = handler),
      close: () => void this.tabs.delete(deliver),
    };
  }
}

async function openTab(storage: MemoryStorage, hub: Hub) {
  const made = makeStore({ storage: () => storage, tabLink: hub.link() });
  await new Promise<void>((resolve) => {
    const check = () => made.persistor.getState().bootstrapped && resolve();
    made.persistor.subscribe(check);
    check();
  });
  return made;
}

const titles = (tab: Awaited<ReturnType<typeof openTab>>) => selectAllTasks(tab.store.getState()).map((task) => task.title).sort();
const stored = (storage: Storage) => (JSON.parse(storage.getItem(KEY) ?? '[]') as Array<{ title: string }>).map((task) => task.title).sort();
const delivered = () => new Promise((resolve) => setTimeout(resolve, 0));
const otherTabWrote = () => window.dispatchEvent(new StorageEvent('storage', { key: KEY }));

describe('two tabs of one browser', () => {
  it('show each other\'s edits at once, and storage holds both tabs\' tasks whoever writes last', async () => {
    const storage = new MemoryStorage();
    const hub = new Hub();
    const a = await openTab(storage, hub);
    const b = await openTab(storage, hub);
    a.store.dispatch(taskAdded('Dentist', MON));
    await delivered();
    expect(titles(b)).toEqual(['Dentist']);
    b.store.dispatch(taskAdded('Groceries', TUE));
    await delivered();
    expect(titles(a)).toEqual(['Dentist', 'Groceries']);

    // B writes first, then A, neither having heard of the other's write: both tasks stay.
    await b.persistor.flush();
    await a.persistor.flush();
    expect(stored(storage)).toEqual(['Dentist', 'Groceries']);
    const reopened = await openTab(storage, new Hub());
    expect(titles(reopened)).toEqual(['Dentist', 'Groceries']);
  });

  it('merge on write without a channel: an edit is never lost to another tab\'s whole list', async () => {
    const storage = new MemoryStorage();
    const a = makeStore({ storage: () => storage, tabLink: null });
    const b = makeStore({ storage: () => storage, tabLink: null });
    await delivered();
    a.store.dispatch(taskAdded('Dentist', MON));
    await a.persistor.flush();
    b.store.dispatch(taskAdded('Groceries', TUE));
    await b.persistor.flush();
    expect(stored(storage)).toEqual(['Dentist', 'Groceries']);
    otherTabWrote();
    expect(titles(a)).toEqual(['Dentist', 'Groceries']);
    expect(titles(b)).toEqual(['Dentist', 'Groceries']);
  });

  it('keep undo per tab: undo in one tab takes back its own edit, never the other tab\'s', async () => {
    const storage = new MemoryStorage();
    const hub = new Hub();
    const a = await openTab(storage, hub);
    const b = await openTab(storage, hub);
    const dentist = taskAdded('Dentist', MON);
    a.store.dispatch(dentist);
    await delivered();
    b.store.dispatch(taskRenamed({ id: dentist.payload.id, title: 'Dentist 9:00' }));
    await delivered();
    expect(titles(a)).toEqual(['Dentist 9:00']);
    expect(b.store.getState().history.undo).toHaveLength(1);
    b.store.dispatch(undoRequested());
    await delivered();
    expect(titles(a)).toEqual(['Dentist']);
    expect(titles(b)).toEqual(['Dentist']);
    b.store.dispatch(undoRequested()); // nothing more of b's to undo: the task a added stays
    await delivered();
    expect(titles(b)).toEqual(['Dentist']);
  });

  it('keep a drag\'s preview while another tab writes, and show that write after the drop', async () => {
    const storage = new MemoryStorage();
    const a = makeStore({ storage: () => storage, tabLink: null });
    const b = makeStore({ storage: () => storage, tabLink: null });
    await delivered();
    const card = taskAdded('Dragged', MON);
    a.store.dispatch(card);
    await a.persistor.flush();
    otherTabWrote();
    b.store.dispatch(taskDragStarted({ id: card.payload.id }));
    b.store.dispatch(taskDragMovedTo({ id: card.payload.id, toDate: TUE }));
    a.store.dispatch(taskCompletionSet({ id: card.payload.id, completed: true }));
    await a.persistor.flush();
    otherTabWrote();
    expect(b.store.getState().tasks.days[TUE]?.ids).toEqual([card.payload.id]);
    b.store.dispatch(taskDragEnded());
    expect(selectAllTasks(b.store.getState())).toEqual([expect.objectContaining({ title: 'Dragged', completed: true, date: MON })]);
  });
});
