import { useAppDispatch, useAppSelector, useAppStore } from '../../app/hooks';
import { taskLabelsSet } from '../tasks/events';
import { selectTaskById } from '../tasks/taskSelectors';
import { labelCreated, labelNameProblem, resolveLabelId } from './catalogSlice';
import { TaskLabelsField } from './TaskLabelsField';
import { LABEL_COLOURS } from './types';

const NONE: readonly string[] = [];

/** A task's labels on the store: each tick sets the whole set (an intention that replays anywhere). */
export default function TaskLabelsContainer({ id }: { id: string }) {
  const dispatch = useAppDispatch();
  const store = useAppStore();
  const catalog = useAppSelector((state) => state.catalog);
  const chosen = useAppSelector((state) => selectTaskById(state, id)?.labels ?? NONE);
  // Merged labels (see CatalogState.aliases) show as the label they became.
  const resolved = [...new Set(chosen.map((one) => resolveLabelId(catalog, one)))];
  const labels = [...catalog.labels].sort((a, b) => a.name.localeCompare(b.name));
  return (
    <TaskLabelsField
      labels={labels}
      chosen={resolved}
      onChange={(ids) => dispatch(taskLabelsSet({ id, labels: ids }))}
      onCreate={(name) => {
        const current = store.getState().catalog;
        const problem = labelNameProblem(current, name);
        if (problem) return problem;
        const made = dispatch(labelCreated(name, LABEL_COLOURS[current.labels.length % LABEL_COLOURS.length]!));
        dispatch(taskLabelsSet({ id, labels: [...resolved, made.payload.id] }));
        return null;
      }}
    />
  );
}
