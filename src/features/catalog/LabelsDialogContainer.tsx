import { useState } from 'react';
import { useAppDispatch, useAppSelector, useAppStore } from '../../app/hooks';
import { notify } from '../../lib/notify';
import { labelCreated, labelDeleted, labelNameProblem, labelRecoloured, labelRenamed } from './catalogSlice';
import LabelsDialog from './LabelsDialog';
import { useListsManager } from './listsManaging';
import { ListsManager } from './ListsManager';
import type { LabelColour } from './types';

const byName = <T extends { name: string }>(a: T, b: T) => a.name.localeCompare(b.name);

/**
 * The 'Labels and lists' dialog on the store. Loaded with the catalog code (loadLabelsDialog), so its events are
 * reduced. A deleted label's tasks keep its id: Undo makes it again under that id, and they carry it again.
 */
export default function LabelsDialogContainer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const dispatch = useAppDispatch();
  const store = useAppStore();
  const labels = useAppSelector((state) => state.catalog.labels);
  const catalog = () => store.getState().catalog;
  const [deleted, setDeleted] = useState<{ name: string; onUndo: () => void } | null>(null);
  const lists = useListsManager();
  return (
    <LabelsDialog
      open={open}
      onClose={onClose}
      labels={[...labels].sort(byName)}
      onCreate={(name, colour: LabelColour) => {
        const problem = labelNameProblem(catalog(), name);
        if (!problem) dispatch(labelCreated(name, colour));
        return problem;
      }}
      onRename={(id, name) => {
        const problem = labelNameProblem(catalog(), name, id);
        if (!problem) dispatch(labelRenamed({ id, name }));
        return problem;
      }}
      deleted={deleted}
      onRecolour={(id, colour) => dispatch(labelRecoloured({ id, colour }))}
      onDelete={(id) => {
        const label = catalog().labels.find((one) => one.id === id);
        if (!label) return;
        dispatch(labelDeleted({ id }));
        const undo = () => {
          dispatch(labelCreated(label.name, label.colour, label.id));
          setDeleted(null);
        };
        setDeleted({ name: label.name, onUndo: undo });
        // Also after the dialog is closed.
        notify.withAction(`Deleted the label “${label.name}”`, { label: 'Undo', onClick: undo });
      }}
    >
      <ListsManager {...lists} />
    </LabelsDialog>
  );
}
