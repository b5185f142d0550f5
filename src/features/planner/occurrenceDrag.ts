import type { AppStore } from '../../app/store';
import type { OccurrenceDragHost } from '../dnd/taskSource';
import { loadedSeries } from '../series/seriesHost';
import { occurrenceKey } from '../series/types';
import { occurrenceDragEnded, occurrenceDragStarted } from './plannerSlice';

/** What a drag of an occurrence does to the planner (dnd/taskSource.ts says why it is passed in). */
export function occurrenceDragHost(store: AppStore): OccurrenceDragHost {
  return {
    shown({ seriesId, originalDate }) {
      const { series } = store.getState();
      const own = series.series.entities[seriesId];
      if (!own) return undefined;
      const key = occurrenceKey(seriesId, originalDate);
      const exception = series.exceptions.entities[key];
      return {
        key,
        seriesId,
        originalDate,
        date: exception?.movedTo ?? originalDate,
        title: exception?.title ?? own.template.title,
        notes: exception?.notes ?? own.template.notes,
        completed: exception?.completed === true,
        repeatText: loadedSeries()?.describeRepeat(own.repeat, own.firstDate) ?? '',
      };
    },
    started: (occurrence) => store.dispatch(occurrenceDragStarted(occurrence)),
    current: () => store.getState().planner.occurrenceDrag,
    ended: () => store.dispatch(occurrenceDragEnded()),
    // An occurrence is dragged only once the series code has shown it.
    moved: (ref, to) => store.dispatch(loadedSeries()!.occurrenceMovedHere(ref, to)),
  };
}
