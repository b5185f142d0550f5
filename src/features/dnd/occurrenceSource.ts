import type { DragSource } from 'dnd-core';
import type { AppStore } from '../../app/store';
import { selectWeekOccurrences } from '../planner/columnView';
import { occurrenceDragEnded, occurrenceDragStarted } from '../planner/plannerSlice';
import { occurrenceMovedHere } from '../series/occurrenceScope';
import type { ShownOccurrence } from '../series/weekOccurrences';
import { cancelled, dropped, pickedUp } from './announcements';
import { OCCURRENCE_ATTR, type DraggedTask } from './backend/attributes';

/** The occurrence a card shows, by its key, among the week's on screen. */
function shownOccurrence(store: AppStore, key: string): ShownOccurrence | undefined {
  for (const day of selectWeekOccurrences(store.getState()).values()) {
    const found = day.find((occurrence) => occurrence.key === key);
    if (found) return found;
  }
  return undefined;
}

/** Where a day's card stands: after the day's tasks, among its occurrences. */
function positionOf(store: AppStore, occurrence: ShownOccurrence, date: string): number {
  const state = store.getState();
  const tasks = state.tasks.days[date]?.ids.length ?? 0;
  const others = (selectWeekOccurrences(state).get(date) ?? []).filter((other) => other.key !== occurrence.key).length;
  return tasks + others;
}

/**
 * An occurrence card's drag source (registered on demand, as a task card's is: backend/cardSources.ts). The drag
 * shows the occurrence on the day it is over; the drop is one occurrenceMoved keyed by (series id, original date),
 * made by the one rule for occurrences (this one only, said in a toast with Undo: series/occurrenceScope.ts).
 */
export function occurrenceSource(card: Element, store: AppStore, announce: (message: string) => void): DragSource {
  const key = card.getAttribute(OCCURRENCE_ATTR) ?? '';
  const cut = key.lastIndexOf('|');
  const ref = { seriesId: key.slice(0, cut), originalDate: key.slice(cut + 1) };
  return {
    canDrag: () => shownOccurrence(store, key) !== undefined,
    beginDrag: (): DraggedTask => {
      const occurrence = shownOccurrence(store, key)!;
      store.dispatch(occurrenceDragStarted(occurrence));
      announce(pickedUp(occurrence.title, occurrence.date, positionOf(store, occurrence, occurrence.date)));
      return { id: key, width: card.getBoundingClientRect().width, occurrence: { title: occurrence.title, completed: occurrence.completed } };
    },
    isDragging: (monitor) => (monitor.getItem() as DraggedTask | null)?.id === key,
    endDrag: (monitor) => {
      const drag = store.getState().planner.occurrenceDrag;
      store.dispatch(occurrenceDragEnded());
      if (!drag) return;
      const { occurrence, over } = drag;
      if (monitor.didDrop() && over !== occurrence.date) {
        store.dispatch(occurrenceMovedHere(ref, over));
        announce(dropped(occurrence.title, over, positionOf(store, occurrence, over)));
      } else announce((monitor.didDrop() ? dropped : cancelled)(occurrence.title, occurrence.date, positionOf(store, occurrence, occurrence.date)));
    },
  };
}
