import type { SeriesEvent } from './seriesSlice';
import type { Series } from './types';

// A series with a long template checklist (up to 100 items of 200 characters, ~25 KB as JSON) does not fit one row
// of the log (8 KB). The events that carry a whole series go without its checklist, each item following as its own
// event: applied in order, the same state. Plain module (no slice import): sync's entry code uses it.

/** Room kept for the spaces the database's jsonb adds after every ':' and ','. */
const EVENT_BUDGET = 6000;

const itemAdded = (id: string, item: { id: string; text: string }): SeriesEvent =>
  ({ type: 'series/seriesChecklistItemAdded', payload: { id, item: { id: item.id, text: item.text } } }) as SeriesEvent;

function slim(series: Series): { series: Series; items: SeriesEvent[] } {
  const { checklist, ...template } = series.template;
  return { series: { ...series, template }, items: (checklist ?? []).map((item) => itemAdded(series.id, item)) };
}

/** A series event as the log takes it: one carrying a series too large for a row becomes several, in order. */
export function splitSeriesForLog(event: SeriesEvent): SeriesEvent[] {
  const payload = event.payload as { series?: Series; next?: Series };
  const carried = payload.series ?? payload.next;
  if (!carried?.template?.checklist?.length || JSON.stringify(event).length * 1.2 <= EVENT_BUDGET) return [event];
  const { series, items } = slim(carried);
  const key = payload.series ? 'series' : 'next';
  return [{ ...event, payload: { ...event.payload, [key]: series } } as SeriesEvent, ...items];
}
