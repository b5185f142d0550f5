import { useAppDispatch, useAppSelector, useAppStore } from '../../app/hooks';
import type { RootState } from '../../app/store';
import { loadedSeries } from '../series/seriesHost';
import { taskLabelsSet } from '../tasks/events';
import { selectTaskById } from '../tasks/taskSelectors';
import { labelCreated, labelNameProblem, resolveLabelId } from './catalogSlice';
import { TaskLabelsField } from './TaskLabelsField';
import { LABEL_COLOURS } from './types';

const NONE: readonly string[] = [];

/**
 * A task's labels on the store, or a series' (given `seriesId`: every occurrence carries them, so an occurrence's
 * details set them for the whole series). Each tick sets the whole set (an intention that replays anywhere).
 */
export default function TaskLabelsContainer({ id, seriesId }: { id?: string; seriesId?: string }) {
  const dispatch = useAppDispatch();
  const store = useAppStore();
  const catalog = useAppSelector((state) => state.catalog);
  const chosen = useAppSelector((state: RootState) =>
    seriesId !== undefined ? (state.series.series.entities[seriesId]?.template.labels ?? NONE) : (selectTaskById(state, id!)?.labels ?? NONE),
  );
  // Merged labels (see CatalogState.aliases) show as the label they became.
  const resolved = [...new Set(chosen.map((one) => resolveLabelId(catalog, one)))];
  const labels = [...catalog.labels].sort((a, b) => a.name.localeCompare(b.name));
  // An occurrence's details open only once the series code is here (occurrences are computed by it).
  const set = (ids: string[]) => dispatch(seriesId !== undefined ? loadedSeries()!.seriesLabelsSet({ id: seriesId, labels: ids }) : taskLabelsSet({ id: id!, labels: ids }));
  return (
    <TaskLabelsField
      labels={labels}
      chosen={resolved}
      forSeries={seriesId !== undefined}
      onChange={set}
      onCreate={(name) => {
        const current = store.getState().catalog;
        const problem = labelNameProblem(current, name);
        if (problem) return problem;
        const made = dispatch(labelCreated(name, LABEL_COLOURS[current.labels.length % LABEL_COLOURS.length]!));
        set([...resolved, made.payload.id]);
        return null;
      }}
    />
  );
}
