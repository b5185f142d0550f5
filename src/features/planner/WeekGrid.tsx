import { memo } from 'react';
import { SOMEDAY } from '../tasks/types';
import { DayColumnContainer } from './DayColumnContainer';

/** The displayed week's seven days (Monday first) and Some Day: 1, 2, 4, then 8 columns as the screen widens. */
export const WeekGrid = memo(function WeekGrid({ days }: { days: string[] }) {
  return (
    <div data-testid="week-grid" className="grid grid-cols-1 gap-3 sm:grid-cols-2 md:grid-cols-4 xl:grid-cols-8 xl:gap-1.5">
      {days.map((day) => (
        <DayColumnContainer key={day} date={day} />
      ))}
      <DayColumnContainer date={SOMEDAY} />
    </div>
  );
});
