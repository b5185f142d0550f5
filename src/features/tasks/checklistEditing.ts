import { useMemo } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { historyGroupEnded, historyGroupStarted } from '../history/historySlice';
import { selectWeekDayKeys } from '../planner/plannerSlice';
import { dateLabel, dayLabel } from '../planner/week';
import { occurrenceChecklist } from '../series/occurrenceChecklist';
import { loadedSeries } from '../series/seriesHost';
import { occurrenceKey } from '../series/types';
import type { ChecklistEditorProps } from './ChecklistEditor';
import { sameChecklist, type ChecklistItem } from './checklist';
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
import { selectTaskById } from './taskSelectors';
import { SOMEDAY } from './types';

// The details view's checklist wired to events: a task's own items (tasks/ events), or for an occurrence of a
// series the template's items (series/ events, every occurrence's list) with this occurrence's ticks.

const NO_ITEMS: readonly ChecklistItem[] = Object.freeze([]);

export const SERIES_CHECKLIST_HINT = 'The items are the same in every occurrence of this series; the ticks are this occurrence’s own.';

/** The items the target shows, kept as one object while they read the same (an occurrence's are computed). */
function useItems(target: DetailsTarget | null): readonly ChecklistItem[] | null {
  return useAppSelector((state) => {
    if (!target) return null;
    if (target.kind === 'task') return selectTaskById(state, target.id)?.checklist ?? NO_ITEMS;
    const series = state.series.series.entities[target.seriesId];
    if (!series) return null;
    return occurrenceChecklist(series, state.series.exceptions.entities[occurrenceKey(target.seriesId, target.originalDate)]) ?? NO_ITEMS;
  }, sameItems);
}

const sameItems = (a: readonly ChecklistItem[] | null, b: readonly ChecklistItem[] | null) => a === b || (!!a && !!b && sameChecklist(a, b));

export function useChecklistEditor(target: DetailsTarget | null): ChecklistEditorProps | undefined {
  const dispatch = useAppDispatch();
  const items = useItems(target);
  const weekDays = useAppSelector(selectWeekDayKeys);
  const ownDay = useAppSelector((state) =>
    !target ? undefined : target.kind === 'task' ? selectTaskById(state, target.id)?.date : (state.series.exceptions.entities[occurrenceKey(target.seriesId, target.originalDate)]?.movedTo ?? target.originalDate),
  );
  const days = useMemo(() => [...weekDays.map((date) => ({ date, label: `${dayLabel(date)} ${dateLabel(date)}` })), { date: SOMEDAY, label: 'Some Day' }], [weekDays]);
  return useMemo(() => {
    if (!target || !items) return undefined;
    if (target.kind === 'task') {
      const id = target.id;
      return {
        items,
        days,
        defaultDay: ownDay,
        onAdd: (text) => dispatch(checklistItemAdded(id, text)),
        onDoneSet: (itemId, done) => dispatch(checklistItemDoneSet({ id, itemId, done })),
        onTextSet: (itemId, text) => dispatch(checklistItemTextSet({ id, itemId, text })),
        onMove: (itemId, toIndex) => dispatch(checklistItemMoved({ id, itemId, toIndex })),
        onDelete: (itemId) => dispatch(checklistItemDeleted({ id, itemId })),
        onMakeTask: (itemId, date) => dispatch(checklistItemMadeTask(id, itemId, date)),
      } satisfies ChecklistEditorProps;
    }
    // An occurrence's card exists only once the series code is here.
    const code = loadedSeries();
    if (!code) return undefined;
    const ref = { seriesId: target.seriesId, originalDate: target.originalDate };
    const id = target.seriesId;
    return {
      items,
      days,
      defaultDay: ownDay,
      hint: SERIES_CHECKLIST_HINT,
      onAdd: (text) => dispatch(code.seriesChecklistItemAdded(id, text)),
      onDoneSet: (itemId, done) => dispatch(code.occurrenceChecklistItemDoneSet({ ...ref, itemId, done })),
      onTextSet: (itemId, text) => dispatch(code.seriesChecklistItemTextSet({ id, itemId, text })),
      onMove: (itemId, toIndex) => dispatch(code.seriesChecklistItemMoved({ id, itemId, toIndex })),
      onDelete: (itemId) => dispatch(code.seriesChecklistItemDeleted({ id, itemId })),
      // The item stays the series' (the next occurrences still have it); here it becomes a task and is ticked.
      onMakeTask: (itemId, date) => {
        const item = items.find((one) => one.id === itemId);
        if (!item) return;
        dispatch(historyGroupStarted());
        dispatch(taskAdded(item.text, date));
        dispatch(code.occurrenceChecklistItemDoneSet({ ...ref, itemId, done: true }));
        dispatch(historyGroupEnded());
      },
    } satisfies ChecklistEditorProps;
  }, [target, items, days, ownDay, dispatch]);
}
