import { signIn } from '../../src/features/auth/authThunks';
import { PENDING_UPLOAD_KEY } from '../../src/features/sync/snapshot';
import { BASE_KEY, OUTBOX_PREFIX } from '../../src/features/sync/syncStorage';
import { taskAdded, taskCompletionSet, taskDeleted, taskRenamed } from '../../src/features/tasks/events';
import { selectAllTasks } from '../../src/features/tasks/taskSelectors';
import type { Task } from '../../src/features/tasks/types';
import { loadSeries } from '../../src/features/series/seriesHost';
import { selectSyncUserId } from '../../src/features/sync/session';
import { settle, startApp, storedTasks, task } from '../support/appStore';
import { FakeBackend } from '../support/fakeBackend';

// The event-log sync through the real store and listeners, against an in-memory server that numbers,
// deduplicates and pushes events as the real one does (tests/support/fakeBackend.ts).

// The series code's load, slowed down by one test (it is a chunk of its own in the app).
jest.mock('../../src/features/series/seriesHost', () => {
  const actual = jest.requireActual<typeof import('../../src/features/series/seriesHost')>('../../src/features/series/seriesHost');
  return { ...actual, loadSeries: jest.fn(actual.loadSeries) };
});

const alice = { email: 'alice@example.com', password: 'secret-1' };

function subscribedBackend(): FakeBackend {
  const backend = new FakeBackend([alice]);
  backend.subscriptions.set(backend.idOf(alice.email), { subscribed: true, subscription_tier: 'Premium' });
  return backend;
}

async function signedIn(backend: FakeBackend, stored?: Task[]) {
  const app = await startApp(backend, { stored });
  await app.store.dispatch(signIn(alice));
  await settle(1000);
  return app;
}

const titles = (tasks: Task[]) => tasks.map((t) => t.title).sort();
const eventTypes = (backend: FakeBackend) => backend.logOf(backend.idOf(alice.email)).map((row) => (row.event as { type: string }).type);

const outboxKeys = () => Object.keys(localStorage).filter((key) => key.startsWith(OUTBOX_PREFIX));

/** A page of Alice's renames task 'a' offline and closes (pagehide) with the rename unsent. */
async function closedWithOfflineRename(backend: FakeBackend) {
  const first = await signedIn(backend, [task('a')]);
  backend.offline = true;
  first.store.dispatch(taskRenamed({ id: 'a', title: 'Offline rename' }));
  await settle(50);
  const saved = outboxKeys();
  expect(saved).toHaveLength(1);
  window.dispatchEvent(new Event('pagehide'));
  // The page is gone: it sends nothing more.
  first.uploads.changed = () => {};
  first.uploads.flush = async () => {};
  backend.offline = false;
  return { key: saved[0]! };
}

/** Another device of Alice's writing to the log directly. */
function otherDevice(backend: FakeBackend, clientSeq: number, event: unknown) {
  const log = backend.logOf(backend.idOf(alice.email));
  const row = { seq: log.length + 1, client_id: 'other-device', client_seq: clientSeq, event };
  log.push(row);
  return row;
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
});

describe('start', () => {
  test('an empty cloud gets the local tasks as the start of the log, in one request, then a snapshot', async () => {
    const backend = subscribedBackend();
    const { store } = await signedIn(backend, [task('a'), task('b', { order: 1 })]);
    expect(backend.appends).toHaveLength(1);
    expect(eventTypes(backend)).toEqual(['tasks/taskRestored', 'tasks/taskRestored']);
    expect(store.getState().sync.outbox).toEqual([]);
    expect(store.getState().sync.lastSeq).toBe(2);
    await settle(3000);
    const snapshot = backend.rows.get(backend.idOf(alice.email)) as { tasks: string; seq: number };
    expect(snapshot.seq).toBe(2);
    expect(JSON.parse(snapshot.tasks)).toEqual(selectAllTasks(store.getState()));
  });

  test('a cloud list from before the log replaces the local one, and nothing is sent', async () => {
    const backend = subscribedBackend();
    backend.setCloudList(backend.idOf(alice.email), JSON.stringify([task('c1', { title: 'From the cloud' }), task('c2', { order: 1 })]));
    const { store } = await signedIn(backend, [task('local')]);
    expect(selectAllTasks(store.getState()).map((t) => t.id).sort()).toEqual(['c1', 'c2']);
    await settle(2000);
    expect(storedTasks().map((t) => t.id).sort()).toEqual(['c1', 'c2']);
    expect(backend.appends).toEqual([]);
  });

  test('an unsent change from before the upgrade adds this device’s own tasks to the log', async () => {
    const backend = subscribedBackend();
    backend.setCloudList(backend.idOf(alice.email), JSON.stringify([task('c1')]));
    localStorage.setItem(PENDING_UPLOAD_KEY, backend.idOf(alice.email));
    const { store } = await signedIn(backend, [task('c1'), task('mine', { order: 1 })]);
    expect(selectAllTasks(store.getState()).map((t) => t.id).sort()).toEqual(['c1', 'mine']);
    expect(eventTypes(backend)).toEqual(['tasks/taskRestored']);
    expect(localStorage.getItem(PENDING_UPLOAD_KEY)).toBeNull();
  });

  test('the snapshot plus the events after it make the list; the whole history is never read', async () => {
    const backend = subscribedBackend();
    const userId = backend.idOf(alice.email);
    backend.rows.set(userId, { tasks: JSON.stringify([task('s1', { title: 'In the snapshot' })]), seq: 1 });
    otherDevice(backend, 1, taskAdded('Compacted away', 'someday'));
    otherDevice(backend, 2, taskRenamed({ id: 's1', title: 'Renamed after the snapshot' }));
    const { store } = await signedIn(backend);
    expect(titles(selectAllTasks(store.getState()))).toEqual(['Renamed after the snapshot']);
    expect(store.getState().sync.lastSeq).toBe(2);
  });

  test('corrupt cloud data never replaces local tasks', async () => {
    const backend = subscribedBackend();
    backend.setCloudList(backend.idOf(alice.email), '{"not": "a list"');
    const { store } = await signedIn(backend, [task('a')]);
    expect(selectAllTasks(store.getState()).map((t) => t.id)).toEqual(['a']);
  });
});

describe('editing', () => {
  test('a burst of edits is one request of events, not the list', async () => {
    const backend = subscribedBackend();
    const { store } = await signedIn(backend, [task('a')]);
    const before = backend.appends.length;
    store.dispatch(taskRenamed({ id: 'a', title: 'One' }));
    store.dispatch(taskCompletionSet({ id: 'a', completed: true }));
    store.dispatch(taskAdded('Two', '2026-11-24'));
    await settle(1000);
    expect(backend.appends.length - before).toBe(1);
    expect(backend.appends.at(-1)!.events.map((e) => (e.event as { type: string }).type)).toEqual(['tasks/taskRenamed', 'tasks/taskCompletionSet', 'tasks/taskAdded']);
    expect(store.getState().sync.outbox).toEqual([]);
  });

  test('another device’s edit arrives live, under this device’s unsent edits', async () => {
    const backend = subscribedBackend();
    backend.realtimeDown = false;
    const { store } = await signedIn(backend, [task('a')]);
    backend.offline = true;
    store.dispatch(taskRenamed({ id: 'a', title: 'Mine' }));
    await settle(1000);
    backend.offline = false;
    // The other device renamed it too and added a task; this device's unsent rename stays on top.
    const added = taskAdded('From the phone', '2026-11-23');
    otherDevice(backend, 1, taskRenamed({ id: 'a', title: 'Theirs' }));
    otherDevice(backend, 2, added);
    window.dispatchEvent(new Event('online'));
    await settle(100);
    expect(titles(selectAllTasks(store.getState()))).toEqual(['From the phone', 'Mine']);
    await settle(60_000);
    expect(store.getState().sync.outbox).toEqual([]);
    expect(titles(selectAllTasks(store.getState()))).toEqual(['From the phone', 'Mine']);
  });

  test('a device thousands of events behind reads the log in pages of 1,000 until it is current', async () => {
    const backend = subscribedBackend();
    const { store } = await signedIn(backend, [task('a')]);
    const start = backend.logOf(backend.idOf(alice.email)).length;
    for (let n = 1; n <= 2500; n++) otherDevice(backend, n, taskRenamed({ id: 'a', title: `Edit ${n}` }));
    const reads = backend.log.filter((entry) => entry === 'readEvents').length;
    window.dispatchEvent(new Event('online'));
    await settle(100);
    expect(store.getState().sync.lastSeq).toBe(start + 2500);
    expect(selectAllTasks(store.getState()).map((t) => t.title)).toEqual(['Edit 2500']);
    // Pages of 1,000: 1,000, 1,000, 500, and no read past the end.
    expect(backend.log.filter((entry) => entry === 'readEvents').length - reads).toBe(3);
  });

  test('a delete against another device’s rename converges to deleted everywhere', async () => {
    const backend = subscribedBackend();
    const { store } = await signedIn(backend, [task('a')]);
    otherDevice(backend, 1, taskRenamed({ id: 'a', title: 'Renamed offline' }));
    store.dispatch(taskDeleted({ id: 'a' }));
    await settle(5000);
    expect(selectAllTasks(store.getState())).toEqual([]);
    expect(store.getState().sync.outbox).toEqual([]);
  });
});

describe('nothing lost', () => {
  test('unsent events survive a reload and are sent under their original ids', async () => {
    const backend = subscribedBackend();
    const clientId = (await closedWithOfflineRename(backend)).key.slice(OUTBOX_PREFIX.length);

    // A new page (same storage, session restored), as after a reload.
    backend.restoreSession(alice.email);
    localStorage.setItem('sb-localhost-auth-token', '{"access_token":"x"}');
    const second = await startApp(backend);
    await settle(3000);
    const sent = backend.appends.filter((append) => append.clientId === clientId && append.events.some((e) => (e.event as { type: string }).type === 'tasks/taskRenamed'));
    expect(sent).toHaveLength(1);
    expect(eventTypes(backend).filter((type) => type === 'tasks/taskRenamed')).toHaveLength(1);
    expect(titles(selectAllTasks(second.store.getState()))).toEqual(['Offline rename']);
    expect(outboxKeys()).toEqual([]);
  });

  test('a load that cannot confirm its subscription yet takes over a closed page’s outbox and leaves one copy of it', async () => {
    const backend = subscribedBackend();
    const closedKey = (await closedWithOfflineRename(backend)).key;

    // The next load's subscription check hangs: its sync starts held, from the base and outboxes on the device.
    let answer!: () => void;
    backend.functionGate = new Promise<void>((resolve) => (answer = resolve));
    backend.restoreSession(alice.email);
    localStorage.setItem('sb-localhost-auth-token', '{"access_token":"x"}');
    const second = await startApp(backend);
    await settle(1000);
    expect(selectSyncUserId(second.store.getState())).toBeNull();
    expect(titles(selectAllTasks(second.store.getState()))).toEqual(['Offline rename']);
    // The closed page's events now live under this page's key only: the next load adopts nothing twice.
    expect(outboxKeys()).toHaveLength(1);
    expect(outboxKeys()).not.toContain(closedKey);

    answer();
    await settle(3000);
    expect(eventTypes(backend).filter((type) => type === 'tasks/taskRenamed')).toHaveLength(1);
    expect(outboxKeys()).toEqual([]);
  });

  test('a closed page’s event it had sent, which this device’s base already holds, is not waited for forever', async () => {
    const backend = subscribedBackend();
    const userId = backend.idOf(alice.email);
    backend.restoreSession(alice.email);
    // That page's rename reached the log (seq 1) and it had the answer, but closed before the log brought it back;
    // another page of this device saw the log later and kept the base at seq 1.
    const rename = taskRenamed({ id: 'a', title: 'Renamed there' });
    await backend.sync.appendEvents('closed-page', [{ client_seq: 1, event: rename }]);
    localStorage.setItem(BASE_KEY, JSON.stringify({ userId, lastSeq: 1, tasks: [task('a', { title: 'Renamed there' })] }));
    const entry = { clientId: 'closed-page', clientSeq: 1, event: rename, stored: true };
    localStorage.setItem(`${OUTBOX_PREFIX}closed-page`, JSON.stringify({ userId, clientId: 'closed-page', nextClientSeq: 2, entries: [entry], alive: 0 }));
    localStorage.setItem('sb-localhost-auth-token', '{"access_token":"x"}');

    const app = await startApp(backend);
    await settle(3000);
    expect(titles(selectAllTasks(app.store.getState()))).toEqual(['Renamed there']);
    expect(app.store.getState().sync.outbox).toEqual([]);
    expect(outboxKeys()).toEqual([]);
    expect(backend.logOf(userId)).toHaveLength(1);
  });

  test('a page gone without a pagehide (a crash) leaves its events to another page once its heartbeat is stale', async () => {
    const backend = subscribedBackend();
    const userId = backend.idOf(alice.email);
    backend.restoreSession(alice.email);
    localStorage.setItem(BASE_KEY, JSON.stringify({ userId, lastSeq: 0, tasks: [task('a')] }));
    // Its last heartbeat just now: for all another page knows, it is still open and sends its own events.
    const rename = taskRenamed({ id: 'a', title: 'Renamed before the crash' });
    const entry = { clientId: 'crashed-page', clientSeq: 1, event: rename };
    localStorage.setItem(`${OUTBOX_PREFIX}crashed-page`, JSON.stringify({ userId, clientId: 'crashed-page', nextClientSeq: 2, entries: [entry], alive: Date.now() }));
    localStorage.setItem('sb-localhost-auth-token', '{"access_token":"x"}');

    const app = await startApp(backend);
    await settle(3000);
    expect(titles(selectAllTasks(app.store.getState()))).toEqual(['Task a']);
    expect(backend.logOf(userId)).toHaveLength(0);

    // No heartbeat for OUTBOX_ORPHAN_MS: taken over at the next look (every 5 s), sent under its own ids, forgotten.
    await settle(12_000);
    expect(titles(selectAllTasks(app.store.getState()))).toEqual(['Renamed before the crash']);
    expect(backend.logOf(userId).map((row) => [row.client_id, row.client_seq])).toEqual([['crashed-page', 1]]);
    expect(outboxKeys()).toEqual([]);
  });

  test('a task added the moment the subscription is confirmed, before the series code is in, is kept and sent', async () => {
    const backend = subscribedBackend();
    const first = await signedIn(backend, [task('a')]);
    window.dispatchEvent(new Event('pagehide'));
    first.uploads.changed = () => {};
    first.uploads.flush = async () => {};

    // A reload whose series chunk is slow: the session and the subscription check come back first.
    let arrive!: () => void;
    const seriesLoad = loadSeries().then(async (runtime) => {
      await new Promise<void>((resolve) => (arrive = resolve));
      return runtime;
    });
    const realLoad = jest.requireActual<typeof import('../../src/features/series/seriesHost')>('../../src/features/series/seriesHost').loadSeries;
    jest.mocked(loadSeries).mockReturnValue(seriesLoad);
    backend.restoreSession(alice.email);
    localStorage.setItem('sb-localhost-auth-token', '{"access_token":"x"}');
    const second = await startApp(backend);
    await settle(100);
    expect(selectSyncUserId(second.store.getState())).toBe(backend.idOf(alice.email));
    second.store.dispatch(taskAdded('Added meanwhile', '2026-11-23'));
    jest.mocked(loadSeries).mockImplementation(realLoad);
    arrive();
    await settle(3000);
    expect(titles(selectAllTasks(second.store.getState()))).toEqual(['Added meanwhile', 'Task a']);
    expect(backend.logOf(backend.idOf(alice.email)).some((row) => (row.event as { payload: { title?: string } }).payload.title === 'Added meanwhile')).toBe(true);
  });

  test('a lapsed subscription stops uploads, says so once, keeps the edits, and sends them when it is back', async () => {
    const { notify } = await import('../../src/lib/notify');
    const error = jest.spyOn(notify, 'error').mockImplementation(() => {});
    const backend = subscribedBackend();
    const { store } = await signedIn(backend, [task('a')]);
    backend.subscriptions.set(backend.idOf(alice.email), { subscribed: false });
    store.dispatch(taskRenamed({ id: 'a', title: 'After it lapsed' }));
    await settle(1000);
    store.dispatch(taskRenamed({ id: 'a', title: 'Still local' }));
    await settle(10_000);
    expect(error).toHaveBeenCalledTimes(1);
    expect(titles(selectAllTasks(store.getState()))).toEqual(['Still local']);
    const kept = outboxKeys();
    expect(kept).toHaveLength(1);
    // Both edits are queued: the one refused and the one made after.
    expect(JSON.parse(localStorage.getItem(kept[0]!)!).entries).toHaveLength(2);
    const appendsWhileLapsed = backend.appends.length;

    backend.subscriptions.set(backend.idOf(alice.email), { subscribed: true, subscription_tier: 'Premium' });
    window.dispatchEvent(new Event('focus'));
    await settle(10_000);
    expect(backend.appends.length).toBeGreaterThan(appendsWhileLapsed);
    expect(titles(selectAllTasks(store.getState()))).toEqual(['Still local']);
    expect(store.getState().sync.outbox).toEqual([]);
    let replayed: Task | undefined;
    for (const row of backend.logOf(backend.idOf(alice.email))) {
      const event = row.event as { type: string; payload: { title?: string; task?: Task } };
      if (event.type === 'tasks/taskRenamed') replayed = { ...replayed!, title: event.payload.title! };
      if (event.type === 'tasks/taskRestored') replayed = event.payload.task;
    }
    expect(replayed?.title).toBe('Still local');
    expect(error).toHaveBeenCalledTimes(1);
  });

  test('back online means sent: after a long outage the outbox goes at once, not at the next backoff', async () => {
    const backend = subscribedBackend();
    const { store } = await signedIn(backend, [task('a')]);
    backend.offline = true;
    store.dispatch(taskRenamed({ id: 'a', title: 'Made offline' }));
    // Long enough for the retries to back off to their 30 s ceiling.
    await settle(120_000);
    const tries = backend.appends.length;
    backend.offline = false;
    window.dispatchEvent(new Event('online'));
    await settle(100);
    expect(backend.appends.length).toBeGreaterThan(tries);
    expect(eventTypes(backend)).toContain('tasks/taskRenamed');
    expect(store.getState().sync.outbox).toEqual([]);
  });
});
