import { signIn } from '../../src/features/auth/authThunks';
import { loadSeries, SERIES_KEY, serializeSeries } from '../../src/features/series/seriesHost';
import { occurrenceCompletionSet, seriesCreated, type SeriesState } from '../../src/features/series/seriesSlice';
import { BASE_KEY } from '../../src/features/sync/syncStorage';
import { settle, startApp } from '../support/appStore';
import { FakeBackend } from '../support/fakeBackend';

// Series events ride the task log (issue 30.7): sent like task events, received from other devices, kept in
// the confirmed state on disk and in the snapshot, and a visitor's series become the start of an empty log.

const alice = { email: 'alice@example.com', password: 'secret-1' };
const WEEKLY = { kind: 'rule' as const, rule: 'FREQ=WEEKLY;BYDAY=MO' };

function subscribedBackend(): FakeBackend {
  const backend = new FakeBackend([alice]);
  backend.subscriptions.set(backend.idOf(alice.email), { subscribed: true, subscription_tier: 'Premium' });
  return backend;
}

const logOf = (backend: FakeBackend) => backend.logOf(backend.idOf(alice.email));
const titlesOf = (state: SeriesState) => state.series.ids.map((id) => state.series.entities[id]!.template.title);

/** Another device of Alice's writing to the log directly. */
function otherDevice(backend: FakeBackend, clientSeq: number, event: unknown) {
  const log = logOf(backend);
  log.push({ seq: log.length + 1, client_id: 'other-device', client_seq: clientSeq, event });
}

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

test("a series made here goes to the log, and another device's completion of its occurrence shows here", async () => {
  const backend = subscribedBackend();
  const { store } = await signedIn(backend);
  const made = seriesCreated({ template: { title: 'Water plants', notes: '' }, firstDate: '2026-11-23', repeat: WEEKLY });
  store.dispatch(made);
  await settle(5000);
  expect(logOf(backend).map((row) => (row.event as { type: string }).type)).toEqual(['series/seriesCreated']);
  expect(store.getState().sync.outbox).toEqual([]);

  otherDevice(backend, 1, occurrenceCompletionSet({ seriesId: made.payload.series.id, originalDate: '2026-11-30' }, true, '2026-11-30'));
  window.dispatchEvent(new Event('online'));
  await settle(100);
  const key = `${made.payload.series.id}|2026-11-30`;
  expect(store.getState().series.exceptions.entities[key]).toMatchObject({ completed: true });
  expect(store.getState().sync.confirmedSeries?.exceptions.entities[key]).toMatchObject({ completed: true });

  // Kept with the confirmed state on disk and in the snapshot, so a reload or a new device starts with them.
  await settle(12_000);
  const base = JSON.parse(localStorage.getItem(BASE_KEY)!) as { series: { series: Array<{ id: string }> } };
  expect(base.series.series.map((s) => s.id)).toEqual([made.payload.series.id]);
  const snapshot = backend.rows.get(backend.idOf(alice.email)) as { series: string };
  expect(JSON.parse(snapshot.series)).toMatchObject({ series: [{ id: made.payload.series.id }], exceptions: [{ id: key }] });
});

test("a visitor's series start an empty log; a device that starts from the snapshot shows them once", async () => {
  await loadSeries();
  const { seriesStateOf } = await import('../../src/features/series/storage');
  const series = { id: 'series-1', template: { title: 'Stretch', notes: '' }, firstDate: '2026-11-23', repeat: WEEKLY, createdAt: 1 };
  localStorage.setItem(SERIES_KEY, serializeSeries(seriesStateOf({ series: [series], exceptions: [] })));
  const backend = subscribedBackend();
  const first = await signedIn(backend);
  await settle(12_000);
  expect(logOf(backend).map((row) => (row.event as { type: string }).type)).toEqual(['series/seriesRestored']);
  expect(titlesOf(first.store.getState().series)).toEqual(['Stretch']);

  // A new device: nothing of its own, the snapshot holds the series.
  localStorage.clear();
  const second = await signedIn(backend);
  expect(titlesOf(second.store.getState().series)).toEqual(['Stretch']);
  expect(logOf(backend)).toHaveLength(1);
});

test("sign-out puts the device's own series back and takes the account's away, from the screen and storage", async () => {
  await loadSeries();
  const { seriesStateOf } = await import('../../src/features/series/storage');
  const { signOut } = await import('../../src/features/auth/authThunks');
  const visitors = { id: 'series-v', template: { title: 'Visitor stretch', notes: '' }, firstDate: '2026-11-23', repeat: WEEKLY, createdAt: 1 };
  localStorage.setItem(SERIES_KEY, serializeSeries(seriesStateOf({ series: [visitors], exceptions: [] })));
  const backend = subscribedBackend();
  // Alice's log is not empty: the visitor's series do not start it.
  otherDevice(backend, 1, seriesCreated({ template: { title: 'Alice yoga', notes: '' }, firstDate: '2026-11-24', repeat: WEEKLY }, 1_790_000_000_000));
  const { store } = await signedIn(backend);
  await settle(12_000);
  expect(titlesOf(store.getState().series)).toEqual(['Alice yoga']);

  await store.dispatch(signOut());
  await settle(2000);
  expect(titlesOf(store.getState().series)).toEqual(['Visitor stretch']);
  expect(localStorage.getItem(SERIES_KEY)).toContain('Visitor stretch');
  const everything = Object.keys(localStorage).map((key) => localStorage.getItem(key)).join('\n');
  expect(everything).not.toMatch(/Alice yoga/);
});
