import { useId, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { itemRefusal, progressOf, type ChecklistItem } from './checklist';

export interface DayChoice {
  date: string;
  /** 'Mon 30 Nov', 'Some Day' */
  label: string;
}

export interface ChecklistEditorProps {
  items: readonly ChecklistItem[];
  /** Each change is an event at once (not on Save): a tick is not a draft. */
  onAdd: (text: string) => void;
  onDoneSet: (itemId: string, done: boolean) => void;
  onTextSet: (itemId: string, text: string) => void;
  /** To `toIndex` of the list without it. */
  onMove: (itemId: string, toIndex: number) => void;
  onDelete: (itemId: string) => void;
  /** 'Make a task' on one of these days or lists; no button without it. */
  onMakeTask?: (itemId: string, date: string) => void;
  days?: readonly DayChoice[];
  /** The named lists 'Make a task' offers after the days and Some Day (their column keys, `list:<id>`, and names). */
  lists?: readonly DayChoice[];
  /** The day (or list) 'Make a task' offers first. */
  defaultDay?: string;
  /** Said under the title: for a series, that the items are every occurrence's and the ticks this one's. */
  hint?: string;
}

const field =
  'min-w-0 flex-1 rounded-md border border-transparent bg-transparent px-1 py-1 text-sm outline-none hover:border-slate-300 focus:border-indigo-500 focus:ring-2 focus:ring-indigo-500/30 dark:hover:border-slate-700';
const small =
  'grid size-9 shrink-0 cursor-pointer place-items-center rounded-md text-slate-600 pointer-coarse:size-11 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-slate-300 dark:hover:bg-slate-800';

/**
 * A task's checklist in its details: tick, rename (type in place), reorder (drag the grip by mouse or finger, or
 * focus it and press ArrowUp/ArrowDown), delete, add at the end, and make an item a task of its own on a chosen day
 * or in a chosen list.
 * Refusals (an empty or too long item, a full list) are said at once and store nothing.
 */
export function ChecklistEditor({ items, onAdd, onDoneSet, onTextSet, onMove, onDelete, onMakeTask, days, lists, defaultDay, hint }: ChecklistEditorProps) {
  const headingId = useId();
  const [draft, setDraft] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [making, setMaking] = useState<string | null>(null);
  const list = useRef<HTMLUListElement>(null);
  const dragging = useRef<{ id: string; over: number } | null>(null);
  const [dragId, setDragId] = useState<string | null>(null);
  const progress = progressOf(items);

  const add = () => {
    const error = itemRefusal(draft, items.length);
    if (error) return setRefusal(draft.trim() ? error : null);
    onAdd(draft.trim());
    setDraft('');
    setRefusal(null);
  };
  const rename = (item: ChecklistItem, text: string) => {
    if (text.trim() === item.text) return setRefusal(null);
    const error = itemRefusal(text);
    if (error) return setRefusal(error === itemRefusal('') ? 'An item needs a text: delete it instead.' : error);
    setRefusal(null);
    onTextSet(item.id, text.trim());
  };
  const move = (item: ChecklistItem, to: number) => {
    if (to < 0 || to >= items.length) return;
    onMove(item.id, to);
    setAnnouncement(`“${item.text}” moved to place ${to + 1} of ${items.length}.`);
    // The grip keeps focus in its new place (React keeps the element, keyed by id).
  };
  const gripKey = (item: ChecklistItem, index: number) => (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowUp' || event.key === 'ArrowDown') {
      event.preventDefault();
      move(item, index + (event.key === 'ArrowUp' ? -1 : 1));
    }
  };
  // A pointer drag by the grip (mouse, pen or finger): the item goes where the pointer is let go.
  const indexAt = (y: number) => {
    const rows = [...(list.current?.children ?? [])] as HTMLElement[];
    const index = rows.findIndex((row) => y < row.getBoundingClientRect().top + row.getBoundingClientRect().height / 2);
    return index < 0 ? rows.length - 1 : index;
  };
  const gripDown = (item: ChecklistItem, index: number) => (event: PointerEvent<HTMLButtonElement>) => {
    if (event.button !== 0) return;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    dragging.current = { id: item.id, over: index };
    setDragId(item.id);
  };
  const gripMove = (event: PointerEvent<HTMLButtonElement>) => {
    if (dragging.current) dragging.current.over = indexAt(event.clientY);
  };
  const gripUp = (item: ChecklistItem, index: number) => (event: PointerEvent<HTMLButtonElement>) => {
    const drag = dragging.current;
    dragging.current = null;
    setDragId(null);
    if (!drag) return;
    const to = Math.max(0, Math.min(indexAt(event.clientY), items.length - 1));
    if (to !== index) move(item, to);
  };

  return (
    <section aria-labelledby={headingId} className="space-y-2" data-checklist>
      <h3 id={headingId} className="flex items-baseline gap-2 text-sm font-medium">
        Checklist
        {progress && (
          <span className="text-xs font-normal text-slate-600 dark:text-slate-400">
            {progress.done} of {progress.total} done
          </span>
        )}
      </h3>
      {hint && items.length > 0 && <p className="text-xs text-slate-600 dark:text-slate-400">{hint}</p>}
      {items.length > 0 && (
        <ul ref={list} className="space-y-1" aria-label="Checklist items">
          {items.map((item, index) => (
            <li key={item.id} className={`flex flex-wrap items-center gap-1 rounded-md ${dragId === item.id ? 'bg-indigo-50 dark:bg-indigo-500/10' : ''}`}>
              <button
                type="button"
                className={`${small} cursor-grab touch-none`}
                aria-label={`Reorder “${item.text}”: arrow up or down`}
                onKeyDown={gripKey(item, index)}
                onPointerDown={gripDown(item, index)}
                onPointerMove={gripMove}
                onPointerUp={gripUp(item, index)}
                onPointerCancel={() => ((dragging.current = null), setDragId(null))}
              >
                <span aria-hidden="true">⠿</span>
              </button>
              <input
                type="checkbox"
                className="size-5 shrink-0 cursor-pointer accent-indigo-600"
                checked={item.done}
                aria-label={`Done: ${item.text}`}
                onChange={(event) => onDoneSet(item.id, event.target.checked)}
              />
              <input
                key={item.text}
                className={`${field} ${item.done ? 'text-slate-600 line-through dark:text-slate-400' : ''}`}
                defaultValue={item.text}
                aria-label={`Item ${index + 1} of ${items.length}`}
                onBlur={(event) => rename(item, event.target.value)}
                onKeyDown={(event) => {
                  if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
                  event.preventDefault();
                  rename(item, event.currentTarget.value);
                }}
              />
              {onMakeTask && days && (
                <button type="button" className={small} aria-label={`Make a task of “${item.text}”`} aria-expanded={making === item.id} onClick={() => setMaking(making === item.id ? null : item.id)}>
                  <span aria-hidden="true">↗</span>
                </button>
              )}
              <button type="button" className={small} aria-label={`Delete item “${item.text}”`} onClick={() => onDelete(item.id)}>
                <span aria-hidden="true">×</span>
              </button>
              {making === item.id && onMakeTask && days && (
                <MakeTask item={item} days={days} lists={lists} defaultDay={defaultDay} onMake={(date) => (setMaking(null), onMakeTask(item.id, date))} />
              )}
            </li>
          ))}
        </ul>
      )}
      <div className="flex gap-2">
        <input
          className="w-full min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm outline-none focus:border-indigo-500 focus:ring-2 focus:ring-indigo-500/30 dark:border-slate-700 dark:bg-slate-950"
          value={draft}
          placeholder="Add an item"
          aria-label="New checklist item"
          onChange={(event) => (setDraft(event.target.value), setRefusal(null))}
          onKeyDown={(event) => {
            // Enter adds (and keeps the field for the next item) instead of saving the whole dialog.
            if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
            event.preventDefault();
            add();
          }}
        />
        <button
          type="button"
          className="min-h-11 shrink-0 cursor-pointer rounded-lg border border-slate-200 px-3 text-sm font-medium hover:border-indigo-300 hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:border-slate-700 dark:hover:bg-indigo-500/10"
          onClick={add}
        >
          Add item
        </button>
      </div>
      {refusal && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {refusal}
        </p>
      )}
      <p role="status" className="sr-only">
        {announcement}
      </p>
    </section>
  );
}

/** The day choice of 'Make a task', under its item: the days, Some Day, then the named lists in a group of their own. */
function MakeTask({
  item,
  days,
  lists = [],
  defaultDay,
  onMake,
}: {
  item: ChecklistItem;
  days: readonly DayChoice[];
  lists?: readonly DayChoice[];
  defaultDay?: string;
  onMake: (date: string) => void;
}) {
  const offered = (date?: string) => days.some((day) => day.date === date) || lists.some((list) => list.date === date);
  const [date, setDate] = useState(offered(defaultDay) ? defaultDay! : days[0]!.date);
  const option = (choice: DayChoice) => (
    <option key={choice.date} value={choice.date}>
      {choice.label}
    </option>
  );
  return (
    <div className="ml-10 flex basis-full items-center gap-2 pb-1 text-sm">
      <label className="flex items-center gap-2">
        {lists.length > 0 ? 'Day or list' : 'Day'}
        <select className="min-h-9 rounded-md border border-slate-300 bg-white px-2 dark:border-slate-700 dark:bg-slate-950" value={date} onChange={(event) => setDate(event.target.value)}>
          {lists.length > 0 ? <optgroup label="Days">{days.map(option)}</optgroup> : days.map(option)}
          {lists.length > 0 && <optgroup label="Lists">{lists.map(option)}</optgroup>}
        </select>
      </label>
      <button type="button" className="min-h-9 cursor-pointer rounded-md bg-indigo-600 px-3 font-semibold text-white hover:bg-indigo-500" onClick={() => onMake(date)}>
        Make task “{item.text.length > 24 ? `${item.text.slice(0, 24)}…` : item.text}”
      </button>
    </div>
  );
}
