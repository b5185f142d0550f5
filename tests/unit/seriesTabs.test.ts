import { makeStore } from '../../src/app/store';
import type { TabLink, TabMessage } from '../../src/app/tabSync';
import { loadSeries, SERIES_KEY } from '../../src/features/series/seriesHost';
import { occurrenceSkipped, seriesCreated } from '../../src/features/series/seriesSlice';
import { MemoryStorage } from './memoryStorage';

// Two tabs of a visitor (two real stores, one storage, a channel between them): a series event made in one
// shows in the other at once, and the other does not record it as its own step to undo.

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

test("a visitor's series and a skip made in one tab show in the other, which cannot undo them", async () => {
  await loadSeries();
  const storage = new MemoryStorage();
  const hub = new Hub();
  const a = makeStore({ storage: () => storage, tabLink: hub.link() }).store;
  const b = makeStore({ storage: () => storage, tabLink: hub.link() }).store;
  const made = seriesCreated({ template: { title: 'Stretch', notes: '' }, firstDate: '2026-11-23', repeat: { kind: 'rule', rule: 'FREQ=DAILY' } });
  a.dispatch(made);
  a.dispatch(occurrenceSkipped({ seriesId: made.payload.series.id, originalDate: '2026-11-24', skipped: true }));
  await delivered();
  const shown = b.getState().series;
  expect(shown.series.ids).toEqual([made.payload.series.id]);
  expect(Object.values(shown.exceptions.entities)).toMatchObject([{ originalDate: '2026-11-24', skipped: true }]);
  expect(a.getState().history.undo).toHaveLength(2);
  expect(b.getState().history.undo).toHaveLength(0);
  // Both write what they show: the same series.
  expect(JSON.parse(storage.getItem(SERIES_KEY)!)).toMatchObject({ series: [{ id: made.payload.series.id }] });
});
