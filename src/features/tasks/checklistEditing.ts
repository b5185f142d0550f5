import { useMemo } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { occurrenceChecklist } from '../series/occurrenceChecklist';
import type { ChecklistEditorProps, DayChoice } from './ChecklistEditor';
import { newChecklistItemId, sameChecklist, type ChecklistItem } from './checklist';
import type { DetailsTarget } from './detailsRequest';
import {
  checklistItemAdded,
  checklistItemDeleted,
  checklistItemDoneSet,
  checklistItemMadeTask,
  checklistItemMoved,
  checklistItemTextSet,
  taskAdded,
} from './events';
import type { TaskDays, TaskEntity } from './types';

// The details view's checklist wired to events: a task's own items (tasks/ events), or for an occurrence of a
// series the template's items (series/ events, every occurrence's list) with this occurrence's ticks.
//
// In the details chunk: it imports no module of the first load's beyond events.ts (which that chunk always used).
// Importing the history, planner or series host modules from here made Rolldown move four of the entry's modules
// into chunks of their own (three more requests and ~1 kB more on every first load): their actions go by type.

const HISTORY_GROUP_STARTED = 'history/groupStarted';
const HISTORY_GROUP_ENDED = 'history/groupEnded';
const seriesEvent = (name: string, payload: object) => ({ type: `series/${name}`, payload });
const occurrenceKey = (seriesId: string, originalDate: string) => `${seriesId}|${originalDate}`;

function taskOf(days: TaskDays, id: string): TaskEntity | undefined {
  for (const date in days) {
    const task = days[date]!.entities[id];
    if (task) return task;
  }
  return undefined;
}

const NO_ITEMS: readonly ChecklistItem[] = Object.freeze([]);

export const SERIES_CHECKLIST_HINT = 'The items are the same in every occurrence of this series; the ticks are this occurrence’s own.';

/** The items the target shows, kept as one object while they read the same (an occurrence's are computed). */
function useItems(target: DetailsTarget | null): readonly ChecklistItem[] | null {
  return useAppSelector((state) => {
    if (!target) return null;
    if (target.kind === 'task') return taskOf(state.tasks.days, target.id)?.checklist ?? NO_ITEMS;
    const series = state.series.series.entities[target.seriesId];
    if (!series) return null;
    return occurrenceChecklist(series, state.series.exceptions.entities[occurrenceKey(target.seriesId, target.originalDate)]) ?? NO_ITEMS;
  }, sameItems);
}

const sameItems = (a: readonly ChecklistItem[] | null, b: readonly ChecklistItem[] | null) => a === b || (!!a && !!b && sameChecklist(a, b));

/**
 * `days`: the choices of 'Make a task' (the week on screen and Some Day), and `lists` the named lists not archived
 * (column keys), from the planner. Into a list, the event carries the list beside Some Day (events.ts): replayed
 * where that list is gone, the task shows in Some Day, as a move into a gone list does.
 */
export function useChecklistEditor(target: DetailsTarget | null, days: readonly DayChoice[], lists?: readonly DayChoice[]): ChecklistEditorProps | undefined {
  const dispatch = useAppDispatch();
  const items = useItems(target);
  const ownDay = useAppSelector((state) =>
    !target ? undefined : target.kind === 'task' ? taskOf(state.tasks.days, target.id)?.date : (state.series.exceptions.entities[occurrenceKey(target.seriesId, target.originalDate)]?.movedTo ?? target.originalDate),
  );
  return useMemo(() => {
    if (!target || !items) return undefined;
    if (target.kind === 'task') {
      const id = target.id;
      return {
        items,
        days,
        lists,
        defaultDay: ownDay,
        onAdd: (text) => dispatch(checklistItemAdded(id, text)),
        onDoneSet: (itemId, done) => dispatch(checklistItemDoneSet({ id, itemId, done })),
        onTextSet: (itemId, text) => dispatch(checklistItemTextSet({ id, itemId, text })),
        onMove: (itemId, toIndex) => dispatch(checklistItemMoved({ id, itemId, toIndex })),
        onDelete: (itemId) => dispatch(checklistItemDeleted({ id, itemId })),
        onMakeTask: (itemId, date) => dispatch(checklistItemMadeTask(id, itemId, date)),
      } satisfies ChecklistEditorProps;
    }
    const ref = { seriesId: target.seriesId, originalDate: target.originalDate };
    const id = target.seriesId;
    return {
      items,
      days,
      lists,
      defaultDay: ownDay,
      hint: SERIES_CHECKLIST_HINT,
      onAdd: (text) => dispatch(seriesEvent('seriesChecklistItemAdded', { id, item: { id: newChecklistItemId(), text } })),
      onDoneSet: (itemId, done) => dispatch(seriesEvent('occurrenceChecklistItemDoneSet', { ...ref, itemId, done })),
      onTextSet: (itemId, text) => dispatch(seriesEvent('seriesChecklistItemTextSet', { id, itemId, text })),
      onMove: (itemId, toIndex) => dispatch(seriesEvent('seriesChecklistItemMoved', { id, itemId, toIndex })),
      onDelete: (itemId) => dispatch(seriesEvent('seriesChecklistItemDeleted', { id, itemId })),
      // The item stays the series' (the next occurrences still have it); here it becomes a task and is ticked.
      onMakeTask: (itemId, date) => {
        const item = items.find((one) => one.id === itemId);
        if (!item) return;
        dispatch({ type: HISTORY_GROUP_STARTED });
        dispatch(taskAdded(item.text, date));
        dispatch(seriesEvent('occurrenceChecklistItemDoneSet', { ...ref, itemId, done: true }));
        dispatch({ type: HISTORY_GROUP_ENDED });
      },
    } satisfies ChecklistEditorProps;
  }, [target, items, days, lists, ownDay, dispatch]);
}
