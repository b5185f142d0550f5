import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { NAME_FIELD, RenameField } from './RenameField';
import { COLOUR_NAMES, LABEL_COLOURS, type Label, type LabelColour } from './types';
import { FieldError } from '../../components/ui/FieldError';
import { UndoLine } from '../../components/ui/UndoLine';

export interface LabelsDialogProps {
  open: boolean;
  onClose: () => void;
  labels: readonly Label[];
  /** Each returns why it was refused (nothing is stored then), or null. */
  onCreate: (name: string, colour: LabelColour) => string | null;
  onRename: (id: string, name: string) => string | null;
  onRecolour: (id: string, colour: LabelColour) => void;
  onDelete: (id: string) => void;
  /** The label just deleted, with its Undo (a toast behind a modal dialog cannot be reached). */
  deleted?: { name: string; onUndo: () => void } | null;
  /** Below the labels: more of the dialog, when given. */
  children?: React.ReactNode;
}

function ColourSelect({ value, onChange, label }: { value: LabelColour; onChange: (colour: LabelColour) => void; label: string }) {
  return (
    <select aria-label={label} value={value} onChange={(event) => onChange(event.target.value as LabelColour)} className={NAME_FIELD}>
      {LABEL_COLOURS.map((colour) => (
        <option key={colour} value={colour}>
          {COLOUR_NAMES[colour]}
        </option>
      ))}
    </select>
  );
}

function LabelRow({ label, onRename, onRecolour, onDelete }: { label: Label } & Pick<LabelsDialogProps, 'onRename' | 'onRecolour' | 'onDelete'>) {
  return (
    <li>
      <RenameField
        name={label.name}
        label={`Name of the label ${label.name}`}
        onRename={(name) => onRename(label.id, name)}
        before={
          <span className="label-chip ml-0 shrink-0" data-colour={label.colour} aria-hidden="true">
            {label.name}
          </span>
        }
      >
        <ColourSelect label={`Colour of the label ${label.name}`} value={label.colour} onChange={(colour) => onRecolour(label.id, colour)} />
        <Button variant="ghost" size="sm" aria-label={`Delete the label ${label.name}`} onClick={() => onDelete(label.id)}>
          Delete
        </Button>
      </RenameField>
    </li>
  );
}

/** One place for labels (and lists): create, rename, recolour, delete. A refused name says why and stores nothing. */
export default function LabelsDialog({ open, onClose, labels, onCreate, onRename, onRecolour, onDelete, deleted, children }: LabelsDialogProps) {
  const [name, setName] = useState('');
  const [colour, setColour] = useState<LabelColour>(LABEL_COLOURS[labels.length % LABEL_COLOURS.length]!);
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();
  const create = (event: FormEvent) => {
    event.preventDefault();
    const refused = onCreate(name, colour);
    setError(refused);
    if (!refused) {
      setName('');
      setColour(LABEL_COLOURS[(labels.length + 1) % LABEL_COLOURS.length]!);
    }
  };
  return (
    <Dialog open={open} onClose={onClose} title="Labels and lists" description="Labels group tasks across days; type #name in an add box to label a new task.">
      <h3 className="text-sm font-semibold">Labels</h3>
      {labels.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">No labels yet.</p>
      ) : (
        <ul className="space-y-1">
          {labels.map((label) => (
            <LabelRow key={label.id} label={label} onRename={onRename} onRecolour={onRecolour} onDelete={onDelete} />
          ))}
        </ul>
      )}
      {deleted && (
        <UndoLine onUndo={deleted.onUndo}>Deleted the label “{deleted.name}”.</UndoLine>
      )}
      <form onSubmit={create} className="mt-3">
        <div className="flex items-center gap-2">
          <input
            aria-label="New label's name"
            placeholder="New label"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            value={name}
            onChange={(event) => setName(event.target.value)}
            className={`${NAME_FIELD} flex-1`}
          />
          <ColourSelect label="New label's colour" value={colour} onChange={setColour} />
          <Button type="submit" variant="primary" size="sm">
            Add label
          </Button>
        </div>
        {error && (
          <FieldError id={errorId}>{error}</FieldError>
        )}
      </form>
      {children}
    </Dialog>
  );
}
