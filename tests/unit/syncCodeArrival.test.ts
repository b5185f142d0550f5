// The sync reducers (syncSlice.ts) are not on a visitor's first load: the store's root reducer takes them up when the
// account's code brings them (syncState.ts, withSyncWhenLoaded). Each test runs in a fresh module registry, as a page
// load does, so whether the sync code has arrived depends only on what that load imported.

import type { AppExtra } from '../../src/app/store';

type Modules = {
  memory: typeof import('./memoryStorage');
  syncState: typeof import('../../src/features/sync/syncState');
  events: typeof import('../../src/features/tasks/events');
  loadSyncCode: () => Promise<unknown>;
};

async function pageLoad(run: (modules: Modules) => Promise<void>): Promise<void> {
  await jest.isolateModulesAsync(async () => {
    const modules: Modules = {
      memory: await import('./memoryStorage'),
      syncState: await import('../../src/features/sync/syncState'),
      events: await import('../../src/features/tasks/events'),
      loadSyncCode: () => import('../../src/features/sync/syncSlice'),
    };
    await run(modules);
  });
}

const WED = '2026-12-02';

describe('the sync code arriving after the store exists', () => {
  it('is not brought by the store: without it a session cannot start and edits queue nothing', async () => {
    await pageLoad(async ({ memory, syncState, events }) => {
      const { store } = await memory.startStore(new memory.MemoryStorage());
      store.dispatch(events.taskAdded('before', WED));
      store.dispatch(syncState.syncStarted({ userId: 'u1', clientId: 'c1', pending: [], early: [], base: null }));
      expect(store.getState().sync).toEqual(syncState.initialSyncState);
      expect(Object.values(store.getState().tasks.days).flatMap((day) => day.ids)).toHaveLength(1);
    });
  });

  it('brings the upload batching: asked for before it, the store says so rather than upload without it', async () => {
    await pageLoad(async ({ memory, loadSyncCode }) => {
      const made = await memory.startStore(new memory.MemoryStorage());
      // What thunks and listeners receive: one object for the store's life, read through a listener.
      let extra: AppExtra | undefined;
      made.startAppListening({ type: 'test/extra', effect: (_action, api) => void (extra = api.extra) });
      made.store.dispatch({ type: 'test/extra' });
      const before = extra!;
      expect(() => before.uploads).toThrow('before the sync code loaded');
      await loadSyncCode();
      expect(before.uploads.delayMs).toBe(150);
      expect(before.uploads).toBe(before.uploads);
    });
  });

  it('syncs the store made before it: a session starts and the next edit is queued for the log', async () => {
    await pageLoad(async ({ memory, syncState, events, loadSyncCode }) => {
      const { store } = await memory.startStore(new memory.MemoryStorage());
      const early = store.dispatch(events.taskAdded('before', WED));
      await loadSyncCode();
      store.dispatch(syncState.syncStarted({ userId: 'u1', clientId: 'c1', pending: [], early: [early], base: null }));
      const after = store.dispatch(events.taskAdded('after', WED));
      const { sync } = store.getState();
      expect(sync.userId).toBe('u1');
      expect(sync.outbox.map((entry) => [entry.clientSeq, entry.event])).toEqual([
        [1, early],
        [2, after],
      ]);
    });
  });
});
