import { memo } from 'react';
import { SOMEDAY, type TaskDate } from '../tasks/types';

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
  /** Brings that day (or Some Day) into view. */
  onJump: (date: TaskDate) => void;
}

// Two weights in the header, as on the whole first screen (tests/unit/firstScreen.test.ts): a third is one more font lookup before the first frame.
const cell =
  'flex h-11 w-full cursor-pointer flex-col items-center justify-center rounded-lg text-[11px] leading-tight text-slate-600 ' +
  'focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-slate-300';

/** On a phone, under the header: Mon-Sun and Some Day, today marked; a press jumps to that day in the agenda. */
export const DayStrip = memo(function DayStrip({ days, onJump }: DayStripProps) {
  return (
    <nav aria-label="Days" className="px-2 pb-1 sm:hidden">
      <ul className="grid grid-cols-8">
        {days.map((day) => (
          <li key={day.date}>
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
        <li>
          <button type="button" onClick={() => onJump(SOMEDAY)} className={cell}>
            <span>Some</span> <span>Day</span>
          </button>
        </li>
      </ul>
    </nav>
  );
});
