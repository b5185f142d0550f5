import { lazy, memo, Suspense, useRef, useState, type CSSProperties } from 'react';
import { flushSync } from 'react-dom';
import { useAppSelector } from '../../app/hooks';
import { heldListName } from '../catalog/heldListName';
import { HeldListNameField, NewListButton } from '../catalog/NewListButton';
import { selectShownLists } from '../catalog/shownLists';
import { SOMEDAY } from '../tasks/types';
import { DayColumnContainer } from './DayColumnContainer';

// The named lists' columns and the form of '+ New list' (a chunk of their own): fetched at once when there are lists
// to show, otherwise on a press of '+ New list', so the first load of a week without lists carries none of their
// code. The button itself is here, in the first screen's markup: drawn later, it moved the page after first paint.
const ListColumns = lazy(() => import('./ListColumns'));
const NewList = lazy(() => import('./ListColumns').then((code) => ({ default: code.NewList })));

/**
 * The displayed week's seven days (Monday first), Some Day, then the named lists: 1, 2, 4, then 8 columns as the
 * screen widens (one more for each list on a wide screen, and on paper: public/print.css reads --columns).
 */
export const WeekGrid = memo(function WeekGrid({ days }: { days: string[] }) {
  const lists = useAppSelector(selectShownLists).length;
  // Pressed once: the lists' form takes the button's place for good (its own button when the field closes).
  const [creating, setCreating] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const columns = lists > 0 ? 'xl:grid-cols-[repeat(var(--columns),minmax(0,1fr))]' : 'xl:grid-cols-8';
  return (
    <div
      data-testid="week-grid"
      className={`grid grid-cols-1 gap-3 sm:grid-cols-2 md:grid-cols-4 xl:gap-1.5 ${columns}`}
      style={lists > 0 ? ({ '--columns': 8 + lists } as CSSProperties) : undefined}
    >
      {days.map((day) => (
        <DayColumnContainer key={day} date={day} />
      ))}
      <DayColumnContainer date={SOMEDAY} />
      {lists > 0 && (
        <Suspense fallback={null}>
          <ListColumns />
        </Suspense>
      )}
      <div className="col-span-full print-hidden">
        {creating ? (
          // The field at once, even before the form's code: a name typed straight after the press is kept.
          <Suspense fallback={<HeldListNameField
                onCancel={() => {
                  // Focus back to the button that opened the field, as the form does.
                  flushSync(() => setCreating(false));
                  button.current?.focus();
                }}
              />}>
            <NewList />
          </Suspense>
        ) : (
          <NewListButton
            ref={button}
            onClick={() => {
              heldListName.name = '';
              heldListName.submit = false;
              setCreating(true);
            }}
          />
        )}
      </div>
    </div>
  );
});
