import {
  taskAdded,
  taskCompletionSet,
  taskDeleted,
  taskMoved,
  taskRenamed,
  tasksRebased,
  tasksRestored,
} from '../../src/features/tasks/events';
import { changedIdsOf } from '../../src/features/tasks/taskEdit';
import { TaskSubscriptions } from '../../src/features/tasks/useLiveTask';
import { MemoryStorage, startStore } from './memoryStorage';
import { MON, TUE, placedTasks, taskEntities } from './taskFixtures';

// A completion or rename among thousands of cards wakes one card's subscription, and no column re-renders
// (tests/unit/columnSelectors.test.ts): the click does the work of one card.

async function planner(count: number) {
  const { store } = await startStore(new MemoryStorage());
  const ids = Array.from({ length: count }, (_, i) => {
    const added = taskAdded(`Task ${i}`, i % 2 ? TUE : MON);
    store.dispatch(added);
    return added.payload.id;
  });
  const subscriptions = new TaskSubscriptions(store);
  const calls = new Map<string, number>();
  const dateOf = (id: string) => taskEntities(store.getState().tasks)[id]!.date;
  const stops = ids.map((id) => subscriptions.subscribe(id, dateOf(id), () => calls.set(id, (calls.get(id) ?? 0) + 1)));
  const woken = () => Object.fromEntries(calls);
  return { store, ids, subscriptions, woken, calls, dateOf, stopAll: () => stops.forEach((stop) => stop()) };
}

describe('per-task subscriptions (useLiveTask)', () => {
  it('a completion or a rename wakes only its own task’s card', async () => {
    const { store, ids, woken, calls } = await planner(200);
    store.dispatch(taskCompletionSet({ id: ids[17]!, completed: true }));
    expect(woken()).toEqual({ [ids[17]!]: 1 });
    calls.clear();
    store.dispatch(taskRenamed({ id: ids[42]!, title: 'Renamed' }));
    expect(woken()).toEqual({ [ids[42]!]: 1 });
  });

  it('a change on one day compares only that day’s cards: a completion on Monday looks at no Tuesday card', async () => {
    const { store, ids, woken, dateOf } = await planner(200);
    const tuesday = ids.filter((id) => dateOf(id) === TUE);
    const states: unknown[] = [];
    const unsubscribe = store.subscribe(() => states.push(store.getState().tasks.days[TUE]));
    store.dispatch(taskCompletionSet({ id: ids[0]!, completed: true }));
    unsubscribe();
    expect(woken()).toEqual({ [ids[0]!]: 1 });
    // Tuesday's day state is the very object it was, so its 100 subscriptions were not even compared.
    expect(tuesday).toHaveLength(100);
    expect(states[0]).toBe(store.getState().tasks.days[TUE]);
  });

  it('a list from elsewhere (sync’s rebase) is compared card by card: the changed one wakes', async () => {
    const { store, ids, woken, dateOf } = await planner(30);
    const days = store.getState().tasks.days;
    const date = dateOf(ids[4]!);
    const day = days[date]!;
    const renamed = { ...day, entities: { ...day.entities, [ids[4]!]: { ...day.entities[ids[4]!]!, title: 'From the log' } } };
    store.dispatch(tasksRebased({ days: { ...days, [date]: renamed } }));
    expect(woken()).toEqual({ [ids[4]!]: 1 });
  });

  it('an event that changes nothing wakes nobody', async () => {
    const { store, ids, woken } = await planner(20);
    store.dispatch(taskCompletionSet({ id: ids[3]!, completed: false }));
    store.dispatch(taskRenamed({ id: ids[3]!, title: '  ' }));
    expect(woken()).toEqual({});
  });

  it('any other change wakes the cards whose title or completion changed, and only those', async () => {
    const { store, ids, woken, calls } = await planner(40);
    // Moving Monday's first task to the end changes nothing a card shows.
    store.dispatch(taskMoved({ id: ids[0]!, toDate: MON, toIndex: 99 }));
    expect(woken()).toEqual({});
    store.dispatch(taskDeleted({ id: ids[1]! }));
    expect(woken()).toEqual({ [ids[1]!]: 1 });
    calls.clear();
    const task = placedTasks(store.getState().tasks)[ids[5]!]!;
    store.dispatch(tasksRestored({ tasks: [{ ...task, title: 'Restored' }] }));
    expect(woken()).toEqual({ [ids[5]!]: 1 });
  });

  it('a delete or a move at the top of a long day names only that task, and the day\'s other tasks keep their objects', async () => {
    const { store, ids, dateOf } = await planner(200);
    const before = store.getState().tasks.days[MON]!.entities;
    store.dispatch(taskDeleted({ id: ids[0]! }));
    const after = store.getState().tasks.days[MON]!.entities;
    // The 99 Monday tasks after it moved up a place; their objects are the same (their place is the day's ids).
    expect(Object.keys(after).filter((id) => after[id] !== before[id])).toEqual([]);
    expect(store.getState().tasks.days[MON]!.ids).toEqual(ids.filter((id, n) => n > 0 && dateOf(id) === MON));
    expect([...changedIdsOf(after, before)!]).toEqual([ids[0]]);
    const tuesday = store.getState().tasks.days[TUE]!.entities;
    store.dispatch(taskMoved({ id: ids[2]!, toDate: TUE, toIndex: 0 }));
    expect(dateOf(ids[2]!)).toBe(TUE);
    expect([...changedIdsOf(store.getState().tasks.days[TUE]!.entities, tuesday)!]).toEqual([ids[2]]);
    expect([...changedIdsOf(store.getState().tasks.days[MON]!.entities, after)!]).toEqual([ids[2]]);
  });

  it('listens to the store only while a card is subscribed', async () => {
    const { store, ids, subscriptions, dateOf, stopAll } = await planner(5);
    stopAll();
    const before = subscriptions.woken.changes;
    store.dispatch(taskCompletionSet({ id: ids[0]!, completed: true }));
    expect(subscriptions.woken.changes).toBe(before);
    const heard: string[] = [];
    const stop = subscriptions.subscribe(ids[0]!, dateOf(ids[0]!), () => heard.push('again'));
    store.dispatch(taskCompletionSet({ id: ids[0]!, completed: false }));
    expect(heard).toEqual(['again']);
    stop();
  });
});
