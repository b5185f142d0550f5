import { makeStore } from '../../src/app/store';
import type { TabLink, TabMessage } from '../../src/app/tabSync';
import { loadCatalog } from '../../src/features/catalog/catalogHost';
import { labelCreated, labelRenamed } from '../../src/features/catalog/catalogSlice';
import { CATALOG_KEY } from '../../src/features/catalog/storage';
import { taskAdded, taskLabelsSet } from '../../src/features/tasks/events';
import { selectAllTasks } from '../../src/features/tasks/taskSelectors';
import { MemoryStorage } from './memoryStorage';

// Two tabs of a visitor (two real stores, one storage, a channel between them): a label made and renamed in one
// shows in the other, and both store the same catalog; a task labelled in one carries the label in the other.

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

const delivered = () => new Promise((resolve) => setTimeout(resolve, 0));

test("a visitor's label made and renamed in one tab shows in the other, with the task it labels", async () => {
  await loadCatalog();
  const storage = new MemoryStorage();
  const hub = new Hub();
  const a = makeStore({ storage: () => storage, tabLink: hub.link() });
  const b = makeStore({ storage: () => storage, tabLink: hub.link() });
  await delivered();
  a.store.dispatch(labelCreated('Work', 'blue', 'label-w'));
  a.store.dispatch(labelRenamed({ id: 'label-w', name: 'Office' }));
  const added = a.store.dispatch(taskAdded('Report', 'someday'));
  a.store.dispatch(taskLabelsSet({ id: added.payload.id, labels: ['label-w'] }));
  await delivered();
  await delivered();
  expect(b.store.getState().catalog.labels).toMatchObject([{ id: 'label-w', name: 'Office', colour: 'blue' }]);
  expect(selectAllTasks(b.store.getState())).toMatchObject([{ title: 'Report', labels: ['label-w'] }]);
  expect(JSON.parse(storage.getItem(CATALOG_KEY)!)).toMatchObject({ labels: [{ id: 'label-w', name: 'Office' }] });
});
