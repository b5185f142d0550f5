import { memo, use, useCallback, useMemo } from 'react';
import { useAppDispatch, useAppSelector, useAppStore } from '../../app/hooks';
import { CatalogViewContext, filteredOut, labelsOf } from '../catalog/CatalogView';
import { occurrenceDndProps } from '../dnd/useTaskDnd';
import { DetailsRequestContext } from '../tasks/detailsRequest';
import { OccurrenceMoveRequestContext } from '../tasks/moveRequest';
import { progressOf } from '../tasks/checklist';
import { TaskCard } from '../tasks/TaskCard';
import { occurrenceDeletedHere, occurrenceEditedHere } from './occurrenceScope';
import { loadedSeries } from './seriesHost';
import { occurrenceKey } from './types';
import type { ShownOccurrence } from './weekOccurrences';

/** A computed occurrence's id for the page (its key holds '|', which ids may hold but selectors dislike). */
const occurrenceElementId = (occurrence: Pick<ShownOccurrence, 'seriesId' | 'originalDate'>) =>
  `occurrence-${occurrence.seriesId}-${occurrence.originalDate}`;

interface OccurrenceCardContainerProps {
  occurrence: ShownOccurrence;
}

/**
 * One occurrence of a series on its day: what a person does to it becomes an event keyed by (series id,
 * original date). Its card is a task card with the repeat mark. Deleting, renaming and moving it (drag, 'Move to…')
 * follow the one rule for occurrences: this one only, said in a toast with Undo and the others (occurrenceScope.ts).
 */
export const OccurrenceCardContainer = memo(function OccurrenceCardContainer({ occurrence }: OccurrenceCardContainerProps) {
  const dispatch = useAppDispatch();
  const store = useAppStore();
  const { seriesId, originalDate } = occurrence;
  // The card exists only once the series code is here (occurrences are computed by it).
  const series = loadedSeries()!;
  const onToggleComplete = useCallback(() => {
    const done = store.getState().series.exceptions.entities[occurrenceKey(seriesId, originalDate)]?.completed === true;
    dispatch(series.occurrenceCompletionSet({ seriesId, originalDate }, !done));
  }, [dispatch, store, series, seriesId, originalDate]);
  const onDelete = useCallback(() => dispatch(occurrenceDeletedHere({ seriesId, originalDate })), [dispatch, seriesId, originalDate]);
  const onRename = useCallback((title: string) => dispatch(occurrenceEditedHere({ seriesId, originalDate }, { title })), [dispatch, seriesId, originalDate]);
  const requestMove = use(OccurrenceMoveRequestContext);
  const onMoveRequest = requestMove ? () => requestMove({ seriesId, originalDate }) : undefined;
  const isDragging = useAppSelector((state) => state.planner.occurrenceDrag?.occurrence.key === occurrence.key);
  const { cardProps, handleProps } = occurrenceDndProps(occurrence.key, isDragging);
  // Its details: title, notes, repeat, and the scope question (planner/TaskDetailsContainer.tsx).
  const requestDetails = use(DetailsRequestContext);
  const open = requestDetails ? () => requestDetails({ kind: 'occurrence', seriesId, originalDate }) : undefined;
  // The series' labels, on every occurrence: chips, and the header's filter shows it when it carries a chosen one.
  const view = use(CatalogViewContext);
  const labels = useMemo(() => (view ? labelsOf(view, occurrence.labels) : undefined), [view, occurrence.labels]);
  return (
    <TaskCard
      title={occurrence.title}
      completed={occurrence.completed}
      isDragging={isDragging}
      cardProps={cardProps}
      handleProps={handleProps}
      repeat={{ text: occurrence.repeatText, id: `${occurrenceElementId(occurrence)}-repeat` }}
      hasNotes={occurrence.notes.trim() !== ''}
      progress={progressOf(occurrence.checklist)}
      labels={labels}
      filtered={filteredOut(view, labels)}
      onToggleComplete={onToggleComplete}
      onDelete={onDelete}
      onRename={onRename}
      onMoveRequest={onMoveRequest}
      onOpenDetails={open}
    />
  );
});
