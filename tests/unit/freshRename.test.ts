import { loadCatalog } from '../../src/features/catalog/catalogHost';
import { labelCreated } from '../../src/features/catalog/catalogSlice';
import { undoRequested } from '../../src/features/history/historySlice';
import { addDays, localDayKey } from '../../src/features/series/days';
import { loadSeries } from '../../src/features/series/seriesHost';
import { taskAdded } from '../../src/features/tasks/events';
import { cardRenamed, markFresh } from '../../src/features/tasks/freshTasks';
import { selectAllTasks } from '../../src/features/tasks/taskSelectors';
import { notify } from '../../src/lib/notify';
import { MemoryStorage, startStore } from './memoryStorage';

// The floating '+' adds 'New task' and opens its title for typing: that first rename reads '#name', days and repeat
// phrases as a day's add box does; every later rename (and a rename of any other task) keeps the text as typed.

const today = localDayKey(new Date());

async function plusPressed() {
  await Promise.all([loadSeries(), loadCatalog()]);
  const { store } = await startStore(new MemoryStorage());
  const { id } = store.dispatch(taskAdded('New task', today)).payload;
  markFresh(id);
  const task = () => selectAllTasks(store.getState()).find((one) => one.id === id);
  const settle = async (action: ReturnType<typeof cardRenamed>) => void (await store.dispatch(action));
  return { store, id, task, settle };
}

afterEach(() => jest.restoreAllMocks());

describe("the first rename of a task '+' made", () => {
  it("reads '#name' (making the label), in one undo step; a later rename keeps '#' as typed", async () => {
    const { store, id, task, settle } = await plusPressed();
    await settle(cardRenamed(id, 'Pack for the trip #travel'));
    const travel = store.getState().catalog.labels.find((label) => label.name === 'travel')!;
    expect(task()).toMatchObject({ title: 'Pack for the trip', date: today, labels: [travel.id] });
    expect(store.getState().history.undo).toHaveLength(2);
    await settle(cardRenamed(id, 'Pack #2 and #3'));
    expect(task()).toMatchObject({ title: 'Pack #2 and #3', labels: [travel.id] });
    expect(store.getState().catalog.labels).toHaveLength(1);
    store.dispatch(undoRequested());
    store.dispatch(undoRequested());
    // Undo of the parsed rename: the task as '+' made it.
    expect(task()).toMatchObject({ title: 'New task', date: today });
    expect(task()!.labels).toBeUndefined();
  });

  it('moves it to the day a phrase names', async () => {
    const { id, task, settle } = await plusPressed();
    await settle(cardRenamed(id, 'Call mum tomorrow'));
    expect(task()).toMatchObject({ title: 'Call mum', date: addDays(today, 1) });
  });

  it('turns it into a labelled series with a repeat phrase; one undo brings the task back', async () => {
    const { store, id, task, settle } = await plusPressed();
    store.dispatch(labelCreated('Work', 'blue', 'label-work'));
    await settle(cardRenamed(id, 'Standup every weekday #work'));
    expect(task()).toBeUndefined();
    const series = Object.values(store.getState().series.series.entities);
    expect(series).toMatchObject([{ template: { title: 'Standup', notes: '', labels: ['label-work'] }, repeat: { kind: 'rule', rule: 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR' } }]);
    expect(store.getState().history.undo).toHaveLength(2);
    store.dispatch(undoRequested());
    expect(task()).toMatchObject({ title: 'New task', date: today });
    expect(store.getState().series.series.ids).toEqual([]);
  });

  it('keeps a plain text as typed, and then is an ordinary task', async () => {
    const { id, task, settle } = await plusPressed();
    await settle(cardRenamed(id, 'Water the plants'));
    expect(task()).toMatchObject({ title: 'Water the plants', date: today });
    await settle(cardRenamed(id, 'Plan next week tomorrow'));
    expect(task()).toMatchObject({ title: 'Plan next week tomorrow', date: today });
  });

  it('refused (a label name over 100 characters) changes nothing, and the next rename reads phrases again', async () => {
    const error = jest.spyOn(notify, 'error').mockImplementation(() => {});
    const { store, id, task, settle } = await plusPressed();
    await settle(cardRenamed(id, `Pack #${'x'.repeat(101)}`));
    expect(error).toHaveBeenCalledWith(expect.stringContaining('at most 100 characters'));
    expect(task()).toMatchObject({ title: 'New task' });
    expect(store.getState().catalog.labels).toEqual([]);
    await settle(cardRenamed(id, 'Pack #travel'));
    expect(task()).toMatchObject({ title: 'Pack' });
  });

  it("does not read phrases in the rename of a task '+' did not make", async () => {
    const { store, settle } = await plusPressed();
    const other = store.dispatch(taskAdded('Old', today)).payload.id;
    await settle(cardRenamed(other, 'Ship v2 #release every monday'));
    expect(selectAllTasks(store.getState()).find((one) => one.id === other)).toMatchObject({ title: 'Ship v2 #release every monday' });
    expect(store.getState().catalog.labels).toEqual([]);
    expect(store.getState().series.series.ids).toEqual([]);
  });
});
