import { combineReducers } from '@reduxjs/toolkit';
import { logEventsReceived, outboxAdopted, syncBaseLoaded, syncReducer, syncStarted, tabEntriesReceived, withSync } from '../../src/features/sync/syncSlice';
import { OUTBOX_PREFIX, OutboxStore } from '../../src/features/sync/syncStorage';
import { taskAdded, taskRenamed } from '../../src/features/tasks/events';
import { allTasksOf } from '../../src/features/tasks/taskList';
import { tasksReducer } from '../../src/features/tasks/tasksReducer';
import { SOMEDAY } from '../../src/features/tasks/types';
import { MemoryStorage } from './memoryStorage';

// A subscriber's tabs: another tab's events show here at once and wait in this tab's outbox, marked as
// that tab's (it sends them); this tab's later events wait behind them, and the log confirms them once.

const reducer = withSync(combineReducers({ tasks: tasksReducer, sync: syncReducer }));

function tab(clientId: string) {
  let state = reducer(undefined, { type: '@@init' });
  state = reducer(state, syncStarted({ userId: 'u', clientId, pending: [], early: [], base: null }));
  return reducer(state, syncBaseLoaded({ lastSeq: 0, tasks: [], seed: [] }));
}

describe('another tab\'s events in a subscriber\'s tab', () => {
  it('are shown at once, kept as that tab\'s, and leave when the log confirms them', () => {
    const added = taskAdded('Dentist', SOMEDAY);
    const a = reducer(tab('ca'), added);
    const sent = a.sync.outbox;
    let b = reducer(tab('cb'), tabEntriesReceived({ entries: sent, receivedAt: 5 }));
    expect(allTasksOf(b.tasks.days).map((task) => task.title)).toEqual(['Dentist']);
    expect(b.sync.outbox).toEqual([{ ...sent[0], foreign: 5 }]);
    // A rename made here goes behind it, under this tab's own id.
    b = reducer(b, taskRenamed({ id: added.payload.id, title: 'Dentist 9:00' }));
    expect(b.sync.outbox.map((entry) => [entry.clientId, entry.foreign])).toEqual([['ca', 5], ['cb', undefined]]);
    // The same message twice, or this tab's own entries echoed, add nothing.
    expect(reducer(b, tabEntriesReceived({ entries: [...sent, b.sync.outbox[1]!], receivedAt: 9 })).sync.outbox).toHaveLength(2);

    b = reducer(b, logEventsReceived({ events: [{ seq: 1, client_id: 'ca', client_seq: sent[0]!.clientSeq, event: sent[0]!.event }] }));
    expect(b.sync.outbox.map((entry) => entry.clientId)).toEqual(['cb']);
    expect(allTasksOf(b.tasks.days).map((task) => task.title)).toEqual(['Dentist 9:00']);
  });

  it('become this tab\'s to send when that tab closes and its outbox is adopted', () => {
    const a = reducer(tab('ca'), taskAdded('Dentist', SOMEDAY));
    let b = reducer(tab('cb'), tabEntriesReceived({ entries: a.sync.outbox, receivedAt: 5 }));
    b = reducer(b, outboxAdopted({ entries: a.sync.outbox }));
    expect(b.sync.outbox).toEqual(a.sync.outbox);
  });

  it('are not stored with this tab\'s outbox (that tab keeps its own)', () => {
    const storage = new MemoryStorage();
    const a = reducer(tab('ca'), taskAdded('Dentist', SOMEDAY));
    let b = reducer(tab('cb'), tabEntriesReceived({ entries: a.sync.outbox, receivedAt: 5 }));
    b = reducer(b, taskAdded('Groceries', SOMEDAY));
    const store = new OutboxStore(() => storage, 'cb');
    store.save('u', b.sync.outbox, b.sync.nextClientSeq);
    store.stop();
    const saved = JSON.parse(storage.getItem(`${OUTBOX_PREFIX}cb`)!) as { entries: Array<{ clientId: string }> };
    expect(saved.entries.map((entry) => entry.clientId)).toEqual(['cb']);
  });

  it('wait for this tab\'s log: before it is loaded the log brings them', () => {
    let b = reducer(undefined, { type: '@@init' });
    b = reducer(b, syncStarted({ userId: 'u', clientId: 'cb', pending: [], early: [], base: null }));
    const a = reducer(tab('ca'), taskAdded('Dentist', SOMEDAY));
    expect(reducer(b, tabEntriesReceived({ entries: a.sync.outbox, receivedAt: 5 }))).toBe(b);
  });
});

describe('a page that has gone (pagehide)', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('stays marked gone through the moment it still runs, so the next load takes its events over at once', () => {
    const storage = new MemoryStorage();
    const state = reducer(tab('ca'), taskAdded('Dentist', SOMEDAY));
    const store = new OutboxStore(() => storage, 'ca');
    const alive = () => (JSON.parse(storage.getItem(`${OUTBOX_PREFIX}ca`)!) as { alive: number }).alive;
    store.save('u', state.sync.outbox, state.sync.nextClientSeq);
    jest.advanceTimersByTime(0);
    expect(alive()).toBeGreaterThan(0);

    window.dispatchEvent(new Event('pagehide'));
    expect(alive()).toBe(0);
    // Timers and answers still arrive as the page closes: a heartbeat, a save after an upload's answer.
    jest.advanceTimersByTime(3000);
    store.save('u', state.sync.outbox, state.sync.nextClientSeq);
    jest.advanceTimersByTime(0);
    expect(alive()).toBe(0);

    // Back from the back/forward cache: alive again.
    window.dispatchEvent(new Event('pageshow'));
    expect(alive()).toBeGreaterThan(0);
    store.stop();
  });
});
