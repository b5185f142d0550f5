import { authConnectRequested } from '../../src/features/auth/authSlice';
import { signIn, signOut } from '../../src/features/auth/authThunks';
import { keptKey, VISITOR_KEY } from '../../src/features/sync/signOutStorage';
import { BASE_KEY, OUTBOX_PREFIX } from '../../src/features/sync/syncStorage';
import { selectUnsentCount } from '../../src/features/sync/syncSlice';
import { taskAdded, taskRenamed } from '../../src/features/tasks/events';
import { selectAllTasks } from '../../src/features/tasks/taskSelectors';
import type { Task } from '../../src/features/tasks/types';
import { settle, startApp, storedTasks, task } from '../support/appStore';
import { FakeBackend } from '../support/fakeBackend';

// A subscriber's sign-out through the real store, listeners and jsdom's localStorage: the account's list leaves
// the screen and storage, the device's own list comes back, and unsent events wait for the account's next sign-in.

const alice = { email: 'alice@example.com', password: 'secret-1' };
const visitorList = [task('v', { title: 'Visitor errand' })];

function subscribedBackend(): FakeBackend {
  const backend = new FakeBackend([alice]);
  const id = backend.idOf(alice.email);
  backend.subscriptions.set(id, { subscribed: true, subscription_tier: 'Premium' });
  backend.setCloudList(id, [task('a', { title: 'Alice secret', date: '2026-11-24' })]);
  return backend;
}

const titles = (tasks: Task[]) => tasks.map((t) => t.title).sort();
const everythingStored = () => Object.keys(localStorage).map((key) => `${key}=${localStorage.getItem(key)}`).join('\n');
const eventTitles = (backend: FakeBackend) =>
  backend.logOf(backend.idOf(alice.email)).map((row) => (row.event as { payload: { title?: string } }).payload.title);

beforeEach(() => {
  jest.useFakeTimers();
  localStorage.clear();
});

afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

test("after sign-out the account's tasks are gone from the list and storage; the device's own list is back", async () => {
  const backend = subscribedBackend();
  const { store } = await startApp(backend, { stored: visitorList });
  await store.dispatch(signIn(alice));
  await settle(1000);
  store.dispatch(taskAdded('Alice plans', '2026-11-25'));
  await settle(15_000); // sent, confirmed, snapshot and base written
  expect(titles(selectAllTasks(store.getState()))).toEqual(['Alice plans', 'Alice secret']);
  expect(store.getState().sync.outbox).toEqual([]);

  await store.dispatch(signOut());
  await settle(2000);
  expect(titles(selectAllTasks(store.getState()))).toEqual(['Visitor errand']);
  expect(titles(storedTasks())).toEqual(['Visitor errand']);
  expect(everythingStored()).not.toMatch(/Alice/);
  expect(localStorage.getItem(BASE_KEY)).toBeNull();
  expect(Object.keys(localStorage).filter((key) => key.startsWith(OUTBOX_PREFIX))).toEqual([]);

  // The visitor's list goes on as before; a later sign-in brings the account's back.
  store.dispatch(taskAdded('Visitor again', '2026-11-25'));
  await settle(2000);
  expect(titles(storedTasks())).toEqual(['Visitor again', 'Visitor errand']);
  await store.dispatch(signIn(alice));
  await settle(2000);
  expect(titles(selectAllTasks(store.getState()))).toContain('Alice plans');
  await store.dispatch(signOut());
  await settle(2000);
  expect(titles(storedTasks())).toEqual(['Visitor again', 'Visitor errand']);
});

test('after a reload as the subscriber, sign-out still shows no account task (the list kept aside is not the account\'s)', async () => {
  const backend = subscribedBackend();
  const first = await startApp(backend, { stored: visitorList });
  await first.store.dispatch(signIn(alice));
  await settle(15_000);
  first.persistor.pause();
  // A reload: a new store on the same storage, the session restored by the client.
  backend.restoreSession(alice.email);
  const { store } = await startApp(backend);
  store.dispatch(authConnectRequested());
  await settle(3000);
  expect(titles(selectAllTasks(store.getState()))).toEqual(['Alice secret']);
  await store.dispatch(signOut());
  await settle(2000);
  expect(titles(storedTasks())).toEqual(['Visitor errand']);
  expect(everythingStored()).not.toMatch(/Alice/);
});

test("unsent events are kept for the account's next sign-in, which sends them", async () => {
  const backend = subscribedBackend();
  const { store } = await startApp(backend, { stored: visitorList });
  await store.dispatch(signIn(alice));
  await settle(15_000);
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
  backend.offline = true;
  store.dispatch(taskRenamed({ id: 'a', title: 'Alice renamed offline' }));
  await settle(2000);
  expect(store.getState().sync.outbox).toHaveLength(1);

  await store.dispatch(signOut({ unsent: 1 }));
  await settle(2000);
  expect(titles(selectAllTasks(store.getState()))).toEqual(['Visitor errand']);
  // Kept under the account's own key only (nothing of it in the list, the base or this page's outbox).
  const kept = JSON.parse(localStorage.getItem(keptKey(backend.idOf(alice.email)))!) as { entries: unknown[] };
  expect(kept.entries).toHaveLength(1);
  expect(titles(storedTasks())).toEqual(['Visitor errand']);
  expect(eventTitles(backend)).not.toContain('Alice renamed offline');
  expect(warn).toHaveBeenCalledWith('Cloud sync: upload failed', expect.any(Error));

  backend.offline = false;
  await store.dispatch(signIn(alice));
  await settle(5000);
  expect(eventTitles(backend)).toContain('Alice renamed offline');
  expect(titles(selectAllTasks(store.getState()))).toEqual(['Alice renamed offline']);
  expect(localStorage.getItem(keptKey(backend.idOf(alice.email)))).toBeNull();
});

test('another open tab follows the sign-out and does not write the account\'s tasks back', async () => {
  const backend = subscribedBackend();
  const tabA = await startApp(backend, { stored: visitorList });
  await tabA.store.dispatch(signIn(alice));
  await settle(15_000);
  const tabB = await startApp(backend);
  tabB.store.dispatch(authConnectRequested());
  await settle(3000);
  expect(titles(selectAllTasks(tabB.store.getState()))).toEqual(['Alice secret']);
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
  backend.offline = true;
  tabB.store.dispatch(taskAdded('Alice in tab B', '2026-11-25'));
  await settle(500);

  await tabA.store.dispatch(signOut());
  await settle(5000);
  for (const { store } of [tabA, tabB]) expect(titles(selectAllTasks(store.getState()))).toEqual(['Visitor errand']);
  expect(titles(storedTasks())).toEqual(['Visitor errand']);
  // Tab B's unsent event is kept for the account, not written into the list.
  const kept = JSON.parse(localStorage.getItem(keptKey(backend.idOf(alice.email)))!) as { entries: Array<{ event: { payload: { title: string } } }> };
  expect(kept.entries.map((entry) => entry.event.payload.title)).toEqual(['Alice in tab B']);
  expect(localStorage.getItem(VISITOR_KEY)).not.toMatch(/Alice/);
  expect(warn).toHaveBeenCalledWith('Cloud sync: upload failed', expect.any(Error));
});

test('an event the server acknowledged is not unsent while its echo is on the way: sign-out neither counts nor keeps it, and it is not sent twice', async () => {
  const backend = subscribedBackend();
  const { store } = await startApp(backend, { stored: visitorList });
  await store.dispatch(signIn(alice));
  await settle(15_000);
  // The append is answered; the log's echo (realtime, the read-back) has not reached this device yet.
  backend.realtimeDown = true;
  backend.readGate = new Promise(() => {});
  store.dispatch(taskRenamed({ id: 'a', title: 'Alice stored' }));
  await settle(2000);
  expect(eventTitles(backend)).toEqual(expect.arrayContaining(['Alice stored']));
  expect(store.getState().sync.outbox).toHaveLength(1);
  expect(selectUnsentCount(store.getState())).toBe(0);
  expect(titles(selectAllTasks(store.getState()))).toEqual(['Alice stored']);

  // A later edit goes alone: the acknowledged one is not sent again.
  const appendsBefore = backend.appends.length;
  store.dispatch(taskAdded('Alice later', '2026-11-25'));
  await settle(2000);
  expect(backend.appends.slice(appendsBefore).flatMap((append) => append.events)).toHaveLength(1);
  expect(selectUnsentCount(store.getState())).toBe(0);

  await store.dispatch(signOut());
  await settle(2000);
  expect(localStorage.getItem(keptKey(backend.idOf(alice.email)))).toBeNull();
  expect(titles(selectAllTasks(store.getState()))).toEqual(['Visitor errand']);
});
