import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { SearchIcon } from '../../components/icons';
import { XIcon } from '../../components/pageIcons';
import { placeLabel, type ResultGroup } from './groups';
import { highlight, notesSnippet } from './highlight';
import type { SearchHit } from './rank';

export type SearchView =
  | { kind: 'empty' }
  | { kind: 'tooLong'; max: number }
  | { kind: 'results'; groups: ResultGroup[]; total: number; shown: number; words: string[] };

export interface SearchDialogProps {
  query: string;
  onQueryChange: (query: string) => void;
  view: SearchView;
  /** The field cut a longer text to this many characters: the dialog says so. */
  cutTo?: number | null;
  onPick: (hit: SearchHit) => void;
  onClose: () => void;
  /** The opening's query is the last search, to be typed over (the default); false when it is what was just typed. */
  selectOnOpen?: boolean;
}

/**
 * Search as a modal dialog: a combobox (the field) that owns a listbox of results grouped by week and list
 * (WAI-ARIA APG's combobox with a listbox popup; grouped options as in its listbox example). Focus stays in the
 * field: arrows move the active result, Enter picks it, Escape closes. A full-screen sheet on a phone.
 */
export function SearchDialog({ query, onQueryChange, view, cutTo = null, onPick, onClose, selectOnOpen = true }: SearchDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const field = useRef<HTMLInputElement>(null);
  const ids = useId();
  const hits = view.kind === 'results' ? view.groups.flatMap((group) => group.hits) : [];
  const [active, setActive] = useState(0);
  const [shownFor, setShownFor] = useState(view);
  // A new set of results starts at the best one (React's pattern for state that follows a prop).
  if (shownFor !== view) {
    setShownFor(view);
    setActive(0);
  }
  const optionId = (index: number) => `${ids}-option-${index}`;
  const activeIndex = Math.min(active, hits.length - 1);

  useLayoutEffect(() => {
    const element = dialog.current!;
    if (!element.open) element.showModal?.();
    field.current?.focus();
    // Letters typed before the field was there carry on: the next key adds to them.
    if (selectOnOpen) field.current?.select();
    else field.current?.setSelectionRange(query.length, query.length);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- on opening only
  }, []);
  // Only when the active result moves: a layout of the list on every keystroke cost the keystroke its time.
  useEffect(() => {
    if (activeIndex >= 0) document.getElementById(`${ids}-option-${activeIndex}`)?.scrollIntoView?.({ block: 'nearest' });
  }, [ids, activeIndex]);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.nativeEvent.isComposing) return;
    const step = event.key === 'ArrowDown' ? 1 : event.key === 'ArrowUp' ? -1 : 0;
    if (step !== 0 && hits.length > 0) {
      event.preventDefault();
      setActive((activeIndex + step + hits.length) % hits.length);
    } else if (event.key === 'Escape') {
      // Here as well as the dialog's cancel: the field may hold Escape before the dialog sees it.
      event.preventDefault();
      onClose();
    } else if (event.key === 'Enter' && activeIndex >= 0) {
      event.preventDefault();
      onPick(hits[activeIndex]!);
    }
  };

  let index = 0;
  return (
    <dialog
      ref={dialog}
      data-search=""
      aria-label="Search tasks"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
      className="m-0 h-dvh max-h-none w-full max-w-none flex-col overflow-hidden open:flex bg-white p-0 text-slate-900 backdrop:bg-slate-950/60 sm:mx-auto sm:mt-[12vh] sm:h-auto sm:max-h-[76vh] sm:w-[calc(100%-2rem)] sm:max-w-2xl sm:rounded-2xl sm:border sm:border-slate-200 sm:shadow-2xl dark:bg-slate-900 dark:text-slate-100 dark:sm:border-slate-800"
    >
      <div className="flex items-center gap-2 border-b border-slate-200 px-3 py-2 dark:border-slate-800">
        <SearchIcon className="size-5 shrink-0 text-slate-500 dark:text-slate-400" />
        <input
          ref={field}
          type="text"
          role="combobox"
          aria-label="Search tasks"
          aria-expanded={hits.length > 0}
          aria-controls={`${ids}-list`}
          aria-autocomplete="list"
          aria-activedescendant={activeIndex >= 0 ? optionId(activeIndex) : undefined}
          aria-describedby={`${ids}-status`}
          autoComplete="off"
          spellCheck={false}
          enterKeyHint="go"
          placeholder="Search tasks and notes"
          value={query}
          onChange={(event) => onQueryChange(event.target.value)}
          onKeyDown={onKeyDown}
          className="h-11 min-w-0 flex-1 bg-transparent text-base outline-none placeholder:text-slate-500 dark:placeholder:text-slate-400"
        />
        <button
          type="button"
          aria-label="Close search"
          onClick={onClose}
          className="grid size-9 shrink-0 place-items-center rounded-lg text-slate-600 pointer-coarse:size-11 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-slate-300 dark:hover:bg-slate-800"
        >
          <XIcon className="size-5" />
        </button>
      </div>
      <p id={`${ids}-status`} role="status" className="px-4 pt-3 pb-1 text-sm text-slate-600 dark:text-slate-400">
        {statusText(view, query, cutTo)}
      </p>
      <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-2 pb-3">
        <div role="listbox" id={`${ids}-list`} aria-label="Results" data-query={query}>
          {view.kind === 'results' &&
            view.groups.map((group) => (
              <div role="group" key={group.key} aria-labelledby={`${ids}-${group.key}`} className="pt-2">
                <div role="presentation" id={`${ids}-${group.key}`} className="px-2 pb-1 text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400">
                  {group.label}
                </div>
                {group.hits.map((hit) => {
                  const at = index++;
                  return (
                    <ResultOption
                      key={hit.doc.key}
                      id={optionId(at)}
                      hit={hit}
                      place={group.place}
                      words={view.words}
                      active={at === activeIndex}
                      onPick={onPick}
                      onHover={() => setActive(at)}
                    />
                  );
                })}
              </div>
            ))}
        </div>
      </div>
    </dialog>
  );
}

function statusText(view: SearchView, query: string, cutTo: number | null): string {
  const cut = cutTo === null ? '' : `A search holds at most ${cutTo} characters: the rest was left out. `;
  if (view.kind === 'tooLong') return `A search holds at most ${view.max} characters.`;
  if (view.kind === 'empty') return `${cut}Type to search every week, Some Day and repeating tasks, done ones too.`;
  if (view.total === 0) return `${cut}No tasks match “${query.trim()}”.`;
  if (view.shown < view.total) return `${cut}The best ${view.shown} of ${view.total} results: type more to narrow them.`;
  return `${cut}${view.total} ${view.total === 1 ? 'result' : 'results'}`;
}

interface ResultOptionProps {
  id: string;
  hit: SearchHit;
  /** Its list's name, for a result in a named list. */
  place?: string;
  words: string[];
  active: boolean;
  onPick: (hit: SearchHit) => void;
  onHover: () => void;
}

function ResultOption({ id, hit, place: listPlace, words, active, onPick, onHover }: ResultOptionProps) {
  const { doc } = hit;
  const where = listPlace ?? placeLabel(doc.date);
  const place = doc.repeatText ? `${doc.repeatText} · ${doc.next ? 'next ' : ''}${where}` : where;
  return (
    <div
      role="option"
      id={id}
      aria-selected={active}
      // Focus stays in the field: a press on a result picks it without taking focus first.
      onPointerDown={(event) => event.preventDefault()}
      onPointerMove={active ? undefined : onHover}
      onClick={() => onPick(hit)}
      className={`cursor-pointer rounded-lg px-2 py-2 ${active ? 'bg-indigo-50 ring-1 ring-indigo-300 dark:bg-indigo-950 dark:ring-indigo-700' : ''}`}
    >
      <div className={`text-sm font-medium ${doc.completed ? 'text-slate-600 line-through dark:text-slate-400' : ''}`}>
        <Marked text={doc.title} words={words} />
      </div>
      {hit.inNotes && (
        <div className="truncate text-sm text-slate-600 dark:text-slate-400">
          <Marked text={notesSnippet(doc.notes, words)} words={words} />
        </div>
      )}
      <div className="flex flex-wrap gap-x-2 text-xs text-slate-600 dark:text-slate-400">
        {doc.repeatText && <span aria-hidden="true">↻</span>}
        <span>{place}</span>
        {doc.completed && <span>Done</span>}
      </div>
    </div>
  );
}

function Marked({ text, words }: { text: string; words: string[] }) {
  return highlight(text, words).map((piece, i) =>
    piece.match ? (
      <mark key={i} className="rounded-sm bg-amber-200 text-inherit dark:bg-amber-400/20 dark:text-amber-200">
        {piece.text}
      </mark>
    ) : (
      piece.text
    ),
  );
}
