import { signIn, signOut } from '../../src/features/auth/authThunks';
import { PENDING_UPLOAD_KEY } from '../../src/features/sync/syncListeners';
import { selectAllTasks, taskAdded, taskCompletionSet, taskRenamed } from '../../src/features/tasks/tasksSlice';
import type { Task } from '../../src/features/tasks/types';
import { settle, startApp, storedTasks, task } from '../support/appStore';
import { FakeBackend } from '../support/fakeBackend';

const alice = { email: 'alice@example.com', password: 'secret-1' };

function subscribedBackend(): FakeBackend {
  const backend = new FakeBackend([alice]);
  backend.subscriptions.set(backend.idOf(alice.email), { subscribed: true, subscription_tier: 'Premium' });
  return backend;
}

const uploaded = (backend: FakeBackend, index = -1) => JSON.parse(backend.upserts.at(index)!.tasks) as Task[];

async function signedIn(backend: FakeBackend, stored?: Task[]) {
  const app = await startApp(backend, { stored });
  await app.store.dispatch(signIn(alice));
  await settle();
  return app;
}

beforeEach(() => {
  jest.useFakeTimers();
  localStorage.clear();
  jest.spyOn(console, 'warn').mockImplementation(() => {});
});

afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

describe('who syncs', () => {
  test('a visitor never loads the client nor sends tasks', async () => {
    const backend = subscribedBackend();
    const { store } = await startApp(backend);
    store.dispatch(taskAdded('Buy milk', '2026-11-23'));
    await settle(10_000);
    expect(backend.log).toEqual([]);
  });

  test('a signed-in free user never sends tasks', async () => {
    const backend = new FakeBackend([alice]);
    const { store } = await signedIn(backend, [task('a')]);
    store.dispatch(taskAdded('Buy milk', '2026-11-23'));
    await settle(10_000);
    expect(backend.log).toEqual(['signIn', 'check-subscription']);
  });

  test('sync stops when the subscription check says it ended', async () => {
    const backend = subscribedBackend();
    const { store } = await signedIn(backend, [task('a')]);
    expect(backend.upserts).toHaveLength(1);
    backend.subscriptions.set(backend.idOf(alice.email), { subscribed: false });
    window.dispatchEvent(new Event('focus'));
    await settle(10_000);
    store.dispatch(taskRenamed({ id: 'a', title: 'Renamed' }));
    await settle(10_000);
    expect(backend.upserts).toHaveLength(1);
  });
});

describe('first load', () => {
  test('a non-empty cloud list replaces the local one and is cached locally', async () => {
    const backend = subscribedBackend();
    const cloud = [task('c1', { title: 'From the cloud' }), task('c2', { order: 1 })];
    backend.rows.set(backend.idOf(alice.email), JSON.stringify(cloud));
    const { store } = await signedIn(backend, [task('local')]);
    expect(selectAllTasks(store.getState()).map((t) => t.id)).toEqual(['c1', 'c2']);
    await settle(500); // redux-persist's throttled write
    expect(storedTasks().map((t) => t.id)).toEqual(['c1', 'c2']);
    expect(backend.upserts).toEqual([]);
  });

  test('an empty cloud gets the local tasks', async () => {
    const backend = subscribedBackend();
    const { store } = await signedIn(backend, [task('a'), task('b', { order: 1 })]);
    expect(backend.upserts).toHaveLength(1);
    expect(backend.upserts[0]!.user_id).toBe(backend.idOf(alice.email));
    expect(uploaded(backend)).toEqual(selectAllTasks(store.getState()));
  });

  test('a stored empty array counts as empty', async () => {
    const backend = subscribedBackend();
    backend.rows.set(backend.idOf(alice.email), '[]');
    await signedIn(backend, [task('a')]);
    expect(uploaded(backend).map((t) => t.id)).toEqual(['a']);
  });

  test('nothing is sent when both are empty', async () => {
    const backend = subscribedBackend();
    await signedIn(backend);
    await settle(10_000);
    expect(backend.log).toEqual(['signIn', 'check-subscription', 'select']);
  });

  test('corrupt cloud data never replaces local tasks', async () => {
    const backend = subscribedBackend();
    backend.rows.set(backend.idOf(alice.email), '{"not": "a list"');
    const { store } = await signedIn(backend, [task('a')]);
    expect(selectAllTasks(store.getState()).map((t) => t.id)).toEqual(['a']);
    expect(uploaded(backend).map((t) => t.id)).toEqual(['a']);
  });

  test('invalid cloud entries are dropped, valid ones kept (also when the column holds an array)', async () => {
    const backend = subscribedBackend();
    backend.rows.set(backend.idOf(alice.email), [task('ok'), { id: 7 }, null, 'x']);
    const { store } = await signedIn(backend, [task('local')]);
    expect(selectAllTasks(store.getState()).map((t) => t.id)).toEqual(['ok']);
  });

  test('a read error uploads nothing and reads again later', async () => {
    const backend = subscribedBackend();
    backend.rows.set(backend.idOf(alice.email), JSON.stringify([task('cloud')]));
    backend.failures.select = { message: 'network down' };
    const { store } = await signedIn(backend, [task('local')]);
    expect(backend.upserts).toEqual([]);
    delete backend.failures.select;
    await settle(2000);
    expect(selectAllTasks(store.getState()).map((t) => t.id)).toEqual(['cloud']);
  });
});

describe('edits made while sync was starting', () => {
  function gate() {
    let open!: () => void;
    const promise = new Promise<void>((resolve) => (open = resolve));
    return { promise, open };
  }

  test('before the subscription is known: replayed on top of the cloud list', async () => {
    const backend = subscribedBackend();
    backend.rows.set(backend.idOf(alice.email), JSON.stringify([task('cloud')]));
    const check = gate();
    backend.functionGate = check.promise;
    const { store } = await startApp(backend, { stored: [task('local')] });
    void store.dispatch(signIn(alice));
    await settle();
    const added = store.dispatch(taskAdded('Added at once', '2026-11-24'));
    check.open();
    await settle();
    const titles = selectAllTasks(store.getState()).map((t) => t.title);
    expect(titles).toEqual(['Task cloud', 'Added at once']);
    await settle(500);
    expect(uploaded(backend).map((t) => t.id)).toEqual(['cloud', added.payload.id]);
  });

  test('while the cloud copy is read: replayed too', async () => {
    const backend = subscribedBackend();
    backend.rows.set(backend.idOf(alice.email), JSON.stringify([task('cloud')]));
    const read = gate();
    backend.readGate = read.promise;
    const { store } = await startApp(backend, { stored: [task('local')] });
    void store.dispatch(signIn(alice));
    await settle();
    expect(backend.selects).toHaveLength(1);
    store.dispatch(taskRenamed({ id: 'local', title: 'Renamed locally' }));
    store.dispatch(taskAdded('Added meanwhile', '2026-11-24'));
    read.open();
    await settle(500);
    expect(selectAllTasks(store.getState()).map((t) => t.title)).toEqual(['Task cloud', 'Added meanwhile']);
    expect(uploaded(backend).map((t) => t.title)).toEqual(['Task cloud', 'Added meanwhile']);
  });

  test('a free user’s early edits are forgotten once the check says free', async () => {
    const backend = new FakeBackend([alice]);
    const userId = backend.idOf(alice.email);
    backend.rows.set(userId, JSON.stringify([task('cloud')]));
    const { store } = await startApp(backend, { stored: [task('local')] });
    const check = gate();
    backend.functionGate = check.promise;
    void store.dispatch(signIn(alice));
    await settle();
    store.dispatch(taskAdded('Free edit', '2026-11-24'));
    check.open();
    await settle();
    backend.functionGate = null;
    backend.subscriptions.set(userId, { subscribed: true });
    window.dispatchEvent(new Event('focus'));
    await settle(10_000);
    expect(selectAllTasks(store.getState()).map((t) => t.id)).toEqual(['cloud']);
  });
});

describe('uploads after edits', () => {
  test('a burst of edits becomes one upsert with the final list', async () => {
    const backend = subscribedBackend();
    const { store } = await signedIn(backend, [task('a')]);
    backend.upserts.length = 0;
    for (let i = 0; i < 20; i++) {
      store.dispatch(taskRenamed({ id: 'a', title: `Title ${i}` }));
      await settle(100);
    }
    store.dispatch(taskCompletionSet({ id: 'a', completed: true }));
    expect(backend.upserts).toHaveLength(0);
    await settle(499);
    expect(backend.upserts).toHaveLength(0);
    await settle(1);
    expect(backend.upserts).toHaveLength(1);
    expect(uploaded(backend)).toEqual([{ ...task('a'), title: 'Title 19', completed: true }]);
  });

  test('edits that never pause still upload at most 3 s after the first', async () => {
    const backend = subscribedBackend();
    const { store } = await signedIn(backend, [task('a')]);
    backend.upserts.length = 0;
    for (let i = 0; i < 40; i++) {
      store.dispatch(taskRenamed({ id: 'a', title: `Title ${i}` }));
      await settle(100);
    }
    expect(backend.upserts.length).toBe(1);
    await settle(3000);
    expect(backend.upserts.length).toBe(2);
    expect(uploaded(backend)[0]!.title).toBe('Title 39');
  });

  test('pagehide sends pending edits at once', async () => {
    const backend = subscribedBackend();
    const { store } = await signedIn(backend, [task('a')]);
    backend.upserts.length = 0;
    store.dispatch(taskRenamed({ id: 'a', title: 'Last words' }));
    window.dispatchEvent(new Event('pagehide'));
    expect(backend.upserts).toHaveLength(1);
    expect(uploaded(backend)[0]!.title).toBe('Last words');
    await settle(10_000);
    expect(backend.upserts).toHaveLength(1);
  });

  test('signing out first sends edits still waiting in the debounce', async () => {
    const backend = subscribedBackend();
    const { store } = await signedIn(backend, [task('a')]);
    store.dispatch(taskRenamed({ id: 'a', title: 'Before leaving' }));
    await store.dispatch(signOut());
    expect(backend.log.slice(-2)).toEqual(['upsert', 'signOut']);
    expect(uploaded(backend)[0]!.title).toBe('Before leaving');
  });

  test('a stalled upload delays signing out by at most 3 s', async () => {
    const backend = subscribedBackend();
    const { store } = await signedIn(backend, [task('a')]);
    backend.writeGate = new Promise(() => {});
    store.dispatch(taskRenamed({ id: 'a', title: 'Stuck' }));
    let outcome: unknown = null;
    void store.dispatch(signOut()).then((result) => (outcome = result));
    await settle(2900);
    expect(outcome).toBeNull();
    await settle(100);
    expect(outcome).toEqual({ ok: true });
    expect(backend.log.slice(-2)).toEqual(['upsert', 'signOut']);
  });

  test('upload errors are ignored but logged', async () => {
    const backend = subscribedBackend();
    const { store } = await signedIn(backend, [task('a')]);
    backend.failures.upsert = { message: 'boom' };
    store.dispatch(taskRenamed({ id: 'a', title: 'x' }));
    await settle(1000);
    expect(console.warn).toHaveBeenCalledWith('Cloud sync: upload failed', { message: 'boom' });
    expect(selectAllTasks(store.getState())[0]!.title).toBe('x');
  });
});

describe('pending-upload marker', () => {
  test('is set by an edit and cleared once the upload is confirmed', async () => {
    const backend = subscribedBackend();
    const { store } = await signedIn(backend, [task('a')]);
    const userId = backend.idOf(alice.email);
    store.dispatch(taskRenamed({ id: 'a', title: 'x' }));
    expect(localStorage.getItem(PENDING_UPLOAD_KEY)).toBe(userId);
    await settle(500);
    expect(localStorage.getItem(PENDING_UPLOAD_KEY)).toBeNull();
  });

  test('stays after a failed upload', async () => {
    const backend = subscribedBackend();
    const { store } = await signedIn(backend, [task('a')]);
    backend.failures.upsert = { message: 'offline' };
    store.dispatch(taskRenamed({ id: 'a', title: 'x' }));
    await settle(500);
    expect(localStorage.getItem(PENDING_UPLOAD_KEY)).toBe(backend.idOf(alice.email));
  });

  test('makes the next load upload local tasks instead of taking the older cloud copy', async () => {
    const backend = subscribedBackend();
    const userId = backend.idOf(alice.email);
    backend.rows.set(userId, JSON.stringify([task('old')]));
    localStorage.setItem(PENDING_UPLOAD_KEY, userId);
    const { store } = await signedIn(backend, [task('newer')]);
    expect(selectAllTasks(store.getState()).map((t) => t.id)).toEqual(['newer']);
    expect(JSON.parse(backend.rows.get(userId) as string)).toEqual([task('newer')]);
    expect(localStorage.getItem(PENDING_UPLOAD_KEY)).toBeNull();
  });

  test("another user's marker does not count", async () => {
    const backend = subscribedBackend();
    const userId = backend.idOf(alice.email);
    backend.rows.set(userId, JSON.stringify([task('cloud')]));
    localStorage.setItem(PENDING_UPLOAD_KEY, 'someone-else');
    const { store } = await signedIn(backend, [task('local')]);
    expect(selectAllTasks(store.getState()).map((t) => t.id)).toEqual(['cloud']);
  });
});
