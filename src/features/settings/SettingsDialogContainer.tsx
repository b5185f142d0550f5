import { useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { exportBackup, importBackup, readBackupFile, type BackupReading, type ImportMode } from '../backup/backup';
import { rolloverSet, selectRolloverEnabled } from '../rollover/rolloverSlice';
import SettingsDialog from './SettingsDialog';
import { taskCount } from './taskCount';

export interface SettingsDialogContainerProps {
  open: boolean;
  onClose: () => void;
}

/** The Settings dialog with its store: the rollover choice, export, and an import checked before it is applied. */
export default function SettingsDialogContainer({ open, onClose }: SettingsDialogContainerProps) {
  const dispatch = useAppDispatch();
  const rollover = useAppSelector(selectRolloverEnabled);
  const [pending, setPending] = useState<Extract<BackupReading, { ok: true }> | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);

  const reset = () => {
    setPending(null);
    setError(null);
    setStatus(null);
  };
  const apply = (mode: ImportMode) => {
    if (!pending) return;
    dispatch(importBackup(pending.tasks, mode, pending.series, pending.catalog));
    setPending(null);
    setStatus(`${mode === 'merge' ? 'Merged' : 'Replaced your tasks with'} ${taskCount(pending.tasks.length)} from the backup. Ctrl+Z undoes it.`);
  };

  return (
    <SettingsDialog
      open={open}
      onClose={() => {
        reset();
        onClose();
      }}
      rollover={rollover}
      onRolloverChange={(on) => dispatch(rolloverSet(on))}
      onExport={() => void dispatch(exportBackup())}
      onFileChosen={async (file) => {
        reset();
        const reading = await readBackupFile(file);
        if (reading.ok) setPending(reading);
        else setError(reading.error);
      }}
      pendingCount={pending?.tasks.length ?? null}
      onMerge={() => apply('merge')}
      onReplace={() => apply('replace')}
      onCancelImport={() => setPending(null)}
      error={error}
      status={status}
    />
  );
}
