import { memo } from 'react';
import { listKey, SOMEDAY, type TaskDate } from '../tasks/types';

export interface StripDay {
  date: string;
  /** 'Mon' */
  weekday: string;
  /** '23' */
  day: string;
  /** 'Mon 23 Nov': the button's name, which begins with what it shows. */
  label: string;
  isToday: boolean;
}

export interface DayStripProps {
  days: StripDay[];
  /** The named lists shown in the week, after Some Day. */
  lists?: readonly { id: string; name: string }[];
  /** Brings that day (or Some Day) into view. */
  onJump: (date: TaskDate) => void;
}

// Two weights in the header, as on the whole first screen (tests/unit/firstScreen.test.ts): a third is one more font lookup before the first frame.
const cell =
  'flex h-11 w-full cursor-pointer flex-col items-center justify-center rounded-lg text-[11px] leading-tight text-slate-600 ' +
  'focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-slate-300';

const NO_LISTS: DayStripProps['lists'] = [];

/**
 * On a phone, under the header: Mon-Sun, Some Day and the named lists, today marked; a press jumps to that day (or
 * list) in the agenda. With lists the strip scrolls sideways, the days keeping their width.
 */
export const DayStrip = memo(function DayStrip({ days, lists = NO_LISTS, onJump }: DayStripProps) {
  const scrolls = lists.length > 0;
  const item = scrolls ? 'w-12 shrink-0' : undefined;
  return (
    <nav aria-label="Days" className="px-2 pb-1 sm:hidden">
      <ul className={scrolls ? 'flex overflow-x-auto' : 'grid grid-cols-8'}>
        {days.map((day) => (
          <li key={day.date} className={item}>
            {/* Its name begins with what it shows ('Mon 30', then the month): speech-input users say what they see
                (WCAG 2.5.3, axe's label-in-name). The space keeps the two lines two words. */}
            <button
              type="button"
              aria-label={day.label}
              aria-current={day.isToday ? 'date' : undefined}
              onClick={() => onJump(day.date)}
              className={`${cell} ${day.isToday ? 'bg-indigo-600 text-white dark:bg-indigo-500 dark:text-white' : ''}`}
            >
              <span>{day.weekday}</span> <span className="text-sm font-semibold">{day.day}</span>
            </button>
          </li>
        ))}
        <li className={item}>
          <button type="button" onClick={() => onJump(SOMEDAY)} className={cell}>
            <span>Some</span> <span>Day</span>
          </button>
        </li>
        {lists.map((list) => (
          <li key={list.id} className="shrink-0">
            <button type="button" onClick={() => onJump(listKey(list.id))} className={`${cell} max-w-32 px-2`}>
              <span className="max-w-full truncate text-sm font-semibold">{list.name}</span>
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
});
