import { memo, use, useCallback } from 'react';
import { useAppDispatch, useAppStore } from '../../app/hooks';
import { DetailsRequestContext } from '../tasks/detailsRequest';
import { TaskCard } from '../tasks/TaskCard';
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
 * original date). Its card is a task card with the repeat mark; renaming here is 'This task' (the details
 * ask the scope), and deleting skips this one.
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
  const onDelete = useCallback(() => dispatch(series.occurrenceSkipped({ seriesId, originalDate, skipped: true })), [dispatch, series, seriesId, originalDate]);
  const onRename = useCallback((title: string) => dispatch(series.occurrenceEdited({ seriesId, originalDate, title })), [dispatch, series, seriesId, originalDate]);
  // Its details: title, notes, repeat, and the scope question (planner/TaskDetailsContainer.tsx).
  const requestDetails = use(DetailsRequestContext);
  const open = requestDetails ? () => requestDetails({ kind: 'occurrence', seriesId, originalDate }) : undefined;
  return (
    <TaskCard
      title={occurrence.title}
      completed={occurrence.completed}
      repeat={{ text: occurrence.repeatText, id: `${occurrenceElementId(occurrence)}-repeat` }}
      hasNotes={occurrence.notes.trim() !== ''}
      onToggleComplete={onToggleComplete}
      onDelete={onDelete}
      onRename={onRename}
      onOpenDetails={open}
    />
  );
});
