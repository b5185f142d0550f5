import { useCallback, useEffect, useRef, useState } from 'react';
import type { TaskDate } from '../tasks/types';

// The planner's drop targets, as the first screen knows them: a node and what a drag over it means, no react-dnd.
// react-dnd and dnd-core (~6 kB brotli) load with the drag backends on the first sign of a drag (dragIntent.ts),
// and their layer (DndLayer.tsx) makes each zone listed here a react-dnd target, telling the zone when a drag is over.

/** A place a dragged card may be over: a day's column, or 'Previous week' / 'Next week'. */
export interface DropZone {
  readonly id: number;
  node: HTMLElement;
  /** The day a drop here goes to; none for the week buttons, where nothing is dropped. */
  readonly date?: TaskDate;
  /** Told by the drag layer as a drag comes over the zone and leaves it. */
  readonly setOver: (isOver: boolean) => void;
}

let nextId = 1;
let zones: readonly DropZone[] = [];
const listeners = new Set<() => void>();

function changed(next: readonly DropZone[]): void {
  zones = next;
  for (const listener of listeners) listener();
}

/** The zones on the page now (a new array whenever one comes, goes or moves to another node). */
export const dropZones = (): readonly DropZone[] => zones;

export function subscribeDropZones(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** A zone for as long as `node` is on the page: the ref callback to attach it, and whether a drag is over it. */
function useDropZone(date?: TaskDate): [(node: HTMLElement | null) => void, boolean] {
  const [isOver, setOver] = useState(false);
  const zone = useRef<DropZone | null>(null);
  const ref = useCallback(
    (node: HTMLElement | null) => {
      const before = zone.current;
      zone.current = node ? { id: nextId++, node, date, setOver } : null;
      if (before) setOver(false);
      changed([...zones.filter((z) => z !== before), ...(zone.current ? [zone.current] : [])]);
    },
    [date],
  );
  return [ref, isOver];
}

export interface ColumnDrop {
  /** Attach to the column's root element. */
  ref: (node: HTMLElement | null) => void;
  /** A dragged task is over the column or one of its cards. */
  isOver: boolean;
}

/**
 * The column is the only drop target: the card under the pointer is found in the DOM rather than each card being a
 * target of its own (see backend/cardSources.ts for why). What a drag over it does is in columnTarget.ts.
 */
export function useColumnDrop(date: TaskDate): ColumnDrop {
  const [ref, isOver] = useDropZone(date);
  return { ref, isOver };
}

/** How long a drag rests on 'Previous week' or 'Next week' before the week turns (and again each time after). */
export const WEEK_TURN_MS = 700;

/**
 * 'Previous week' and 'Next week' as places a drag may rest on (mouse, touch or the keyboard's pointer): the week
 * turns under the dragged task or occurrence, which then goes to a day of that week like any other. Nothing is
 * dropped on the button itself: a release there is outside every day, a cancel.
 */
export function useWeekTurnDrop(turn: () => void): (node: HTMLElement | null) => void {
  const [ref, isOver] = useDropZone();
  useEffect(() => {
    if (!isOver) return;
    const timer = setInterval(turn, WEEK_TURN_MS);
    return () => clearInterval(timer);
  }, [isOver, turn]);
  return ref;
}
