import { signIn, signOut } from '../../src/features/auth/authThunks';
import { labelCreated } from '../../src/features/catalog/catalogSlice';
import { CATALOG_KEY } from '../../src/features/catalog/storage';
import { loadSeries } from '../../src/features/series/seriesHost';
import { BASE_KEY } from '../../src/features/sync/syncStorage';
import { taskAdded, taskLabelsSet } from '../../src/features/tasks/events';
import { selectAllTasks } from '../../src/features/tasks/taskSelectors';
import { settle, startApp } from '../support/appStore';
import { FakeBackend } from '../support/fakeBackend';
import { loadCatalog } from '../../src/features/catalog/catalogHost';

// The catalog code arrives by a dynamic import in the app; these tests make its events, so it is here first.
beforeAll(() => loadCatalog());

// Labels and lists ride the task log (issue 43.6) through the real store: sent as task-prefixed events, kept in
// the confirmed state on disk and in the snapshot's catalog column, seeded from a visitor's own into an empty log,
// and taken away again (the visitor's back) on sign-out.

const alice = { email: 'alice@example.com', password: 'secret-1' };

function subscribedBackend(): FakeBackend {
  const backend = new FakeBackend([alice]);
  backend.subscriptions.set(backend.idOf(alice.email), { subscribed: true, subscription_tier: 'Premium' });
  return backend;
}

const logOf = (backend: FakeBackend) => backend.logOf(backend.idOf(alice.email));
const namesOf = (state: { catalog: { labels: Array<{ name: string }> } }) => state.catalog.labels.map((label) => label.name);

async function signedIn(backend: FakeBackend) {
  await loadSeries();
  const app = await startApp(backend);
  await app.store.dispatch(signIn(alice));
  await settle(1000);
  return app;
}

beforeEach(() => {
  jest.useFakeTimers();
  localStorage.clear();
});

afterEach(() => jest.useRealTimers());

test("a visitor's labels start an empty log before the tasks that carry them; a new device has them from the snapshot", async () => {
  const visitor = await startApp(subscribedBackend());
  visitor.store.dispatch(labelCreated('Work', 'blue', 'label-w'));
  const added = taskAdded('Report', 'someday');
  visitor.store.dispatch(added);
  visitor.store.dispatch(taskLabelsSet({ id: added.payload.id, labels: ['label-w'] }));
  visitor.persistor.flush();
  await settle(100);
  const tasksBefore = localStorage.getItem('weekly-planner-tasks');
  const catalogBefore = localStorage.getItem(CATALOG_KEY);
  localStorage.clear();
  localStorage.setItem('weekly-planner-tasks', tasksBefore!);
  localStorage.setItem(CATALOG_KEY, catalogBefore!);

  const backend = subscribedBackend();
  const first = await signedIn(backend);
  await settle(12_000);
  expect(logOf(backend).map((row) => (row.event as { type: string }).type)).toEqual(['tasks/catalogRestored', 'tasks/taskRestored']);
  const snapshot = backend.rows.get(backend.idOf(alice.email)) as { catalog: string };
  expect(JSON.parse(snapshot.catalog)).toMatchObject({ labels: [{ id: 'label-w', name: 'Work' }] });
  expect(JSON.parse(localStorage.getItem(BASE_KEY)!)).toMatchObject({ catalog: { labels: [{ id: 'label-w' }] } });
  expect(namesOf(first.store.getState())).toEqual(['Work']);

  // A new device: nothing of its own; the snapshot holds the label and the task carries it.
  localStorage.clear();
  const second = await signedIn(backend);
  expect(namesOf(second.store.getState())).toEqual(['Work']);
  expect(selectAllTasks(second.store.getState()).map((task) => task.labels)).toEqual([['label-w']]);
});

test("another device's label shows here; sign-out gives the device its own labels back and none of the account's", async () => {
  localStorage.setItem(CATALOG_KEY, JSON.stringify({ version: 1, labels: [{ id: 'label-v', name: 'Visitor', colour: 'red', createdAt: 1 }], lists: [], aliases: {} }));
  const backend = subscribedBackend();
  const log = logOf(backend);
  log.push({ seq: 1, client_id: 'other-device', client_seq: 1, event: labelCreated('Alice errands', 'green', 'label-a') });
  const { store } = await signedIn(backend);
  await settle(100);
  expect(namesOf(store.getState())).toEqual(['Alice errands']);
  store.dispatch(labelCreated('Alice home', 'teal'));
  await settle(12_000);
  expect(logOf(backend)).toHaveLength(2);
  expect(localStorage.getItem(CATALOG_KEY)).toContain('Alice home');

  await store.dispatch(signOut());
  await settle(2000);
  expect(namesOf(store.getState())).toEqual(['Visitor']);
  expect(localStorage.getItem(CATALOG_KEY)).toContain('Visitor');
  const everything = Object.keys(localStorage)
    .filter((key) => !key.startsWith('weekly-planner-sync-outbox'))
    .map((key) => localStorage.getItem(key))
    .join('\n');
  expect(everything).not.toMatch(/Alice/);
});
