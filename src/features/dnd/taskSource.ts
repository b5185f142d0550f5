import type { DragSource } from 'dnd-core';
import type { AppStore } from '../../app/store';
import type { OccurrenceRef } from '../series/occurrenceScope';
import type { ShownOccurrence } from '../series/weekOccurrences';
import type { TaskDate } from '../tasks/types';
import { taskDragCancelled, taskDragEnded, taskMoved, taskDragStarted } from '../tasks/events';
import { selectTaskById } from '../tasks/taskSelectors';
import { cancelled, dropped, pickedUp } from './announcements';
import { OCCURRENCE_ATTR, type DraggedTask } from './backend/attributes';
import { slotOf } from './dragPosition';

/** A card's drag source: an occurrence's (given the planner's host) or a task's. */
export function cardSource(id: string, card: Element, store: AppStore, announce: (message: string) => void, occurrences?: OccurrenceDragHost): DragSource {
  return occurrences && card.hasAttribute(OCCURRENCE_ATTR) ? occurrenceSource(card, occurrences, announce) : taskSource(id, card, store, announce);
}

/** A card's drag source (registered on demand, see backend/cardSources.ts): what a drag of task `id` does. */
export function taskSource(id: string, element: Element, store: AppStore, announce: (message: string) => void): DragSource {
  return {
    canDrag: () => true,
    beginDrag: (): DraggedTask => {
      store.dispatch(taskDragStarted({ id }));
      const slot = slotOf(store.getState(), id);
      if (slot) announce(pickedUp(titleOf(store, id), slot.date, slot.index));
      return { id, width: element.getBoundingClientRect().width };
    },
    // A move to another day remounts the card: the new one is still the dragged one.
    isDragging: (monitor) => (monitor.getItem() as DraggedTask | null)?.id === id,
    endDrag: (monitor) => {
      const didDrop = monitor.didDrop();
      if (didDrop) {
        // The whole drag becomes one event of the log: the final place, if it differs from where it began.
        const origin = store.getState().tasks.drag?.positions[id];
        const end = slotOf(store.getState(), id);
        if (origin && end && (origin.date !== end.date || origin.order !== end.index)) {
          store.dispatch(taskMoved({ id, toDate: end.date, toIndex: end.index }));
        }
        store.dispatch(taskDragEnded());
      } else store.dispatch(taskDragCancelled());
      const slot = slotOf(store.getState(), id);
      if (slot) announce((didDrop ? dropped : cancelled)(titleOf(store, id), slot.date, slot.index));
    },
  };
}

const titleOf = (store: AppStore, id: string): string => selectTaskById(store.getState(), id)?.title ?? 'task';

/**
 * What a drag of an occurrence does to the planner, given by the planner page (planner/occurrenceDrag.ts). Passed in
 * rather than imported, and in this module (PlannerDndProvider imports no other): with either, the bundler split
 * tasks/types.ts (and taskList.ts) out of the entry, one more request on every first load (tests/e2e/build.spec.ts).
 */
export interface OccurrenceDragHost {
  /** The occurrence as it stands now. */
  shown(ref: OccurrenceRef): ShownOccurrence | undefined;
  started(occurrence: ShownOccurrence): void;
  /** The drag as it ends: the occurrence and the day it was over, if one runs. */
  current(): { occurrence: ShownOccurrence; over: TaskDate } | null;
  ended(): void;
  /** The drop: this occurrence moves there (the one rule for occurrences: series/occurrenceScope.ts). */
  moved(ref: OccurrenceRef, to: TaskDate): void;
}

/** Where the card with this key stands in a day's list on the page (it shows after the day's tasks). */
function positionOf(key: string, date: string): number {
  const cards = [...(document.getElementById(`day-${date}`)?.querySelectorAll('[role="listitem"]') ?? [])];
  const index = cards.findIndex((card) => card.getAttribute(OCCURRENCE_ATTR) === key);
  return index < 0 ? cards.length : index;
}

/**
 * An occurrence card's drag source (registered on demand, as a task card's is: backend/cardSources.ts). The drag
 * shows the occurrence on the day it is over; the drop is one occurrenceMoved keyed by (series id, original date),
 * made by the one rule for occurrences (this one only, said in a toast with Undo: series/occurrenceScope.ts).
 */
export function occurrenceSource(card: Element, host: OccurrenceDragHost, announce: (message: string) => void): DragSource {
  const key = card.getAttribute(OCCURRENCE_ATTR) ?? '';
  const cut = key.lastIndexOf('|');
  const ref = { seriesId: key.slice(0, cut), originalDate: key.slice(cut + 1) };
  return {
    canDrag: () => host.shown(ref) !== undefined,
    beginDrag: (): DraggedTask => {
      const occurrence = host.shown(ref)!;
      host.started(occurrence);
      announce(pickedUp(occurrence.title, occurrence.date, positionOf(key, occurrence.date)));
      return { id: key, width: card.getBoundingClientRect().width, occurrence: { title: occurrence.title, completed: occurrence.completed } };
    },
    isDragging: (monitor) => (monitor.getItem() as DraggedTask | null)?.id === key,
    endDrag: (monitor) => {
      const drag = host.current();
      const place = drag && monitor.didDrop() ? drag.over : drag?.occurrence.date;
      const at = place ? positionOf(key, place) : 0;
      host.ended();
      if (!drag || !place) return;
      if (place !== drag.occurrence.date) host.moved(ref, place);
      announce((monitor.didDrop() ? dropped : cancelled)(drag.occurrence.title, place, at));
    },
  };
}
