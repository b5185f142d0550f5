import { useId, useState, type FormEvent, type PointerEvent } from 'react';
import { Button } from '../../components/ui/Button';
import { NAME_FIELD, RenameField } from './RenameField';
import type { TaskList } from './types';
import { FieldError } from '../../components/ui/FieldError';
import { UndoLine } from '../../components/ui/UndoLine';

export interface ListsManagerProps {
  /** Every list, in its order (archived ones too). */
  lists: readonly TaskList[];
  /** How many tasks each list holds, by id (said before a delete). */
  taskCounts: Readonly<Record<string, number>>;
  /** Each returns why it was refused (nothing is stored then), or null. */
  onCreate: (name: string) => string | null;
  onRename: (id: string, name: string) => string | null;
  /** The list takes `targetId`'s place among the lists. */
  onReorder: (id: string, targetId: string) => void;
  onArchive: (id: string, archived: boolean) => void;
  /** Asked and confirmed here first. */
  onDelete: (id: string) => void;
  /** The list just deleted, with its Undo. */
  deleted?: { name: string; onUndo: () => void } | null;
}

const LIST_ROW = 'data-list-row';

const tasksWord = (count: number) => (count === 1 ? '1 task' : `${count} tasks`);

interface RowProps extends Pick<ListsManagerProps, 'onRename' | 'onArchive'> {
  list: TaskList;
  index: number;
  count: number;
  dragOver: boolean;
  onUp?: () => void;
  onDown?: () => void;
  onGrip: (event: PointerEvent<HTMLSpanElement>) => void;
  onAskDelete: () => void;
}

function ListRow({ list, index, count, dragOver, onRename, onArchive, onUp, onDown, onGrip, onAskDelete }: RowProps) {
  return (
    <li {...{ [LIST_ROW]: list.id }} className={`rounded-lg ${dragOver ? 'bg-indigo-50 ring-1 ring-indigo-300 dark:bg-indigo-950' : ''}`}>
      <RenameField
        name={list.name}
        label={`Name of the list ${list.name}`}
        onRename={(name) => onRename(list.id, name)}
        rowClassName="flex flex-wrap items-center gap-1"
        // Drag by the grip (mouse or touch); the keyboard has Move up and Move down.
        before={<span aria-hidden="true" title="Drag to reorder" onPointerDown={onGrip} className="icon-mask icon-grip h-9 w-6 shrink-0 cursor-grab touch-none" />}
      >
        <span className="sr-only">, position {index + 1}, {tasksWord(count)}</span>
        <Button variant="ghost" size="sm" aria-label={`Move ${list.name} up`} disabled={!onUp} onClick={onUp}>
          ↑
        </Button>
        <Button variant="ghost" size="sm" aria-label={`Move ${list.name} down`} disabled={!onDown} onClick={onDown}>
          ↓
        </Button>
        <Button variant="ghost" size="sm" aria-label={`Archive the list ${list.name}`} onClick={() => onArchive(list.id, true)}>
          Archive
        </Button>
        <Button variant="ghost" size="sm" aria-label={`Delete the list ${list.name}`} onClick={onAskDelete}>
          Delete
        </Button>
      </RenameField>
    </li>
  );
}

/** The lists' part of 'Labels and lists': create, rename, reorder (drag or Move up/down), archive, restore, delete. */
export function ListsManager({ lists, taskCounts, onCreate, onRename, onReorder, onArchive, onDelete, deleted }: ListsManagerProps) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [said, setSaid] = useState('');
  const [asking, setAsking] = useState<TaskList | null>(null);
  const [drag, setDrag] = useState<{ id: string; over: string | null } | null>(null);
  const errorId = useId();
  const active = lists.filter((list) => !list.archived);
  const archived = lists.filter((list) => list.archived);

  const create = (event: FormEvent) => {
    event.preventDefault();
    const refused = onCreate(name);
    setError(refused);
    if (!refused) setName('');
  };
  const reorder = (list: TaskList, target: TaskList) => {
    onReorder(list.id, target.id);
    setSaid(`Moved ${list.name} to position ${active.indexOf(target) + 1} of ${active.length}.`);
  };
  // A drag by the grip: the row under the pointer is where the list goes, on release.
  const grip = (list: TaskList) => (event: PointerEvent<HTMLSpanElement>) => {
    event.preventDefault();
    const node = event.currentTarget;
    node.setPointerCapture?.(event.pointerId);
    setDrag({ id: list.id, over: null });
    const rowAt = (x: number, y: number) => node.ownerDocument.elementFromPoint(x, y)?.closest(`[${LIST_ROW}]`)?.getAttribute(LIST_ROW) ?? null;
    const move = (moved: globalThis.PointerEvent) => setDrag({ id: list.id, over: rowAt(moved.clientX, moved.clientY) });
    const end = (ended: globalThis.PointerEvent) => {
      node.removeEventListener('pointermove', move);
      node.removeEventListener('pointerup', end);
      node.removeEventListener('pointercancel', end);
      const over = ended.type === 'pointerup' ? rowAt(ended.clientX, ended.clientY) : null;
      setDrag(null);
      const target = active.find((one) => one.id === over);
      if (target && target.id !== list.id) reorder(list, target);
    };
    node.addEventListener('pointermove', move);
    node.addEventListener('pointerup', end);
    node.addEventListener('pointercancel', end);
  };

  return (
    <section aria-labelledby={`${errorId}-lists`} className="mt-5">
      <h3 id={`${errorId}-lists`} className="text-sm font-semibold">
        Lists
      </h3>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">Each list is a column after Some Day.</p>
      {active.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">No lists yet.</p>
      ) : (
        <ul className="mt-2 space-y-1" aria-label="Lists, in order">
          {active.map((list, index) => (
            <ListRow
              key={list.id}
              list={list}
              index={index}
              count={taskCounts[list.id] ?? 0}
              dragOver={drag !== null && drag.over === list.id && drag.id !== list.id}
              onRename={onRename}
              onArchive={onArchive}
              onUp={index > 0 ? () => reorder(list, active[index - 1]!) : undefined}
              onDown={index < active.length - 1 ? () => reorder(list, active[index + 1]!) : undefined}
              onGrip={grip(list)}
              onAskDelete={() => setAsking(list)}
            />
          ))}
        </ul>
      )}
      {/* A polite live region without the status role: the dialog's one status is what was deleted, with its Undo. */}
      <p aria-live="polite" data-testid="lists-said" className="sr-only">
        {said}
      </p>
      {asking && (
        <div role="alertdialog" aria-label={`Delete the list ${asking.name}?`} className="mt-2 rounded-lg border border-rose-300 p-2 text-sm dark:border-rose-800">
          <p>
            Delete the list “{asking.name}” and its {tasksWord(taskCounts[asking.id] ?? 0)}? You can undo it.
          </p>
          <div className="mt-2 flex gap-2">
            <Button variant="primary" size="sm" onClick={() => (onDelete(asking.id), setAsking(null))}>
              Delete list
            </Button>
            <Button variant="ghost" size="sm" autoFocus onClick={() => setAsking(null)}>
              Keep it
            </Button>
          </div>
        </div>
      )}
      {deleted && (
        <UndoLine onUndo={deleted.onUndo}>Deleted the list “{deleted.name}”.</UndoLine>
      )}
      <form onSubmit={create} className="mt-3">
        <div className="flex items-center gap-2">
          <input
            aria-label="New list's name"
            placeholder="New list"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${errorId}-error` : undefined}
            value={name}
            onChange={(event) => setName(event.target.value)}
            className={`${NAME_FIELD} flex-1`}
          />
          <Button type="submit" variant="primary" size="sm">
            Add list
          </Button>
        </div>
        {error && (
          <FieldError id={`${errorId}-error`}>{error}</FieldError>
        )}
      </form>
      {archived.length > 0 && (
        <>
          <h3 className="mt-4 text-sm font-semibold">Archived</h3>
          <ul className="mt-1 space-y-1">
            {archived.map((list) => (
              <li key={list.id} className="flex items-center gap-2 text-sm">
                <span className="flex-1 truncate">
                  {list.name} <span className="text-slate-600 dark:text-slate-400">({tasksWord(taskCounts[list.id] ?? 0)})</span>
                </span>
                <Button variant="ghost" size="sm" aria-label={`Restore the list ${list.name}`} onClick={() => onArchive(list.id, false)}>
                  Restore
                </Button>
                <Button variant="ghost" size="sm" aria-label={`Delete the list ${list.name}`} onClick={() => setAsking(list)}>
                  Delete
                </Button>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
