import { WEEKDAYS, type RepeatChoice, type RepeatEnd, type RepeatForm, type Weekday } from './repeatForm';

const CHOICES: Array<[RepeatChoice, string]> = [
  ['none', 'Does not repeat'],
  ['daily', 'Every day'],
  ['weekdays', 'Every weekday (Mon–Fri)'],
  ['weekly', 'Every week on chosen days'],
  ['monthlyDay', 'Every month on a day'],
  ['monthlyNth', 'Every month on a weekday'],
  ['yearly', 'Every year'],
  ['afterCompletion', 'Some days after I complete it'],
];
const DAY_NAMES: Record<Weekday, string> = { MO: 'Monday', TU: 'Tuesday', WE: 'Wednesday', TH: 'Thursday', FR: 'Friday', SA: 'Saturday', SU: 'Sunday' };
const ORDINALS: Array<[number, string]> = [[1, 'First'], [2, 'Second'], [3, 'Third'], [4, 'Fourth'], [-1, 'Last']];
const MONTH_DAYS = [...Array.from({ length: 31 }, (_, i) => i + 1), -1];

const control = 'mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-950';
const label = 'block text-sm font-medium';

export interface RepeatPickerProps {
  value: RepeatForm;
  onChange: (value: RepeatForm) => void;
  /**
   * For an occurrence of a series: its repeat in words. 'Does not repeat' is not offered ('Stop repeating' ends a
   * series), and a repeat the choices cannot show is offered as it is.
   */
  seriesRepeat?: string;
}

/** Native, labelled controls for a repeat (issue 30.1); repeatForm.ts turns the value into a rule. */
export function RepeatPicker({ value, onChange, seriesRepeat }: RepeatPickerProps) {
  const set = (change: Partial<RepeatForm>) => onChange({ ...value, ...change });
  const toggleDay = (day: Weekday, on: boolean) => set({ weekdays: on ? [...value.weekdays, day] : value.weekdays.filter((d) => d !== day) });
  return (
    <div className="space-y-3">
      <label className={label}>
        Repeat
        <select className={control} value={value.choice} onChange={(e) => set({ choice: e.target.value as RepeatChoice })}>
          {value.choice === 'asIs' && <option value="asIs">{`${seriesRepeat ?? 'As it is'} (as it is)`}</option>}
          {CHOICES.filter(([choice]) => seriesRepeat === undefined || choice !== 'none').map(([choice, text]) => (
            <option key={choice} value={choice}>
              {text}
            </option>
          ))}
        </select>
      </label>
      {value.choice === 'weekly' && (
        <>
          <label className={label}>
            Every how many weeks
            <input type="number" min={1} className={control} value={Number.isNaN(value.interval) ? '' : value.interval} onChange={(e) => set({ interval: e.target.valueAsNumber })} />
          </label>
          <fieldset>
            <legend className="text-sm font-medium">On</legend>
            <div className="mt-1 flex flex-wrap gap-3">
              {WEEKDAYS.map((day) => (
                <label key={day} className="flex items-center gap-1 text-sm">
                  <input type="checkbox" checked={value.weekdays.includes(day)} onChange={(e) => toggleDay(day, e.target.checked)} />
                  {DAY_NAMES[day]}
                </label>
              ))}
            </div>
          </fieldset>
        </>
      )}
      {value.choice === 'monthlyDay' && (
        <label className={label}>
          Day of the month
          <select className={control} value={value.monthDay} onChange={(e) => set({ monthDay: Number(e.target.value) })}>
            {MONTH_DAYS.map((day) => (
              <option key={day} value={day}>
                {day === -1 ? 'Last day of the month' : day}
              </option>
            ))}
          </select>
        </label>
      )}
      {value.choice === 'monthlyNth' && (
        <div className="grid grid-cols-2 gap-2">
          <label className={label}>
            Which
            <select className={control} value={value.nth} onChange={(e) => set({ nth: Number(e.target.value) })}>
              {ORDINALS.map(([n, text]) => (
                <option key={n} value={n}>
                  {text}
                </option>
              ))}
            </select>
          </label>
          <label className={label}>
            Weekday
            <select className={control} value={value.nthWeekday} onChange={(e) => set({ nthWeekday: e.target.value as Weekday })}>
              {WEEKDAYS.map((day) => (
                <option key={day} value={day}>
                  {DAY_NAMES[day]}
                </option>
              ))}
            </select>
          </label>
        </div>
      )}
      {value.choice === 'afterCompletion' && (
        <label className={label}>
          Days after completing
          <input type="number" min={1} className={control} value={Number.isNaN(value.days) ? '' : value.days} onChange={(e) => set({ days: e.target.valueAsNumber })} />
        </label>
      )}
      {value.choice !== 'none' && value.choice !== 'asIs' && value.choice !== 'afterCompletion' && (
        <div className="grid grid-cols-2 gap-2">
          <label className={label}>
            Ends
            <select className={control} value={value.end} onChange={(e) => set({ end: e.target.value as RepeatEnd })}>
              <option value="never">Never</option>
              <option value="count">After a number of times</option>
              <option value="until">On a date</option>
            </select>
          </label>
          {value.end === 'count' && (
            <label className={label}>
              Times
              <input type="number" min={1} className={control} value={Number.isNaN(value.count) ? '' : value.count} onChange={(e) => set({ count: e.target.valueAsNumber })} />
            </label>
          )}
          {value.end === 'until' && (
            <label className={label}>
              End date
              <input type="date" className={control} value={value.until} onChange={(e) => set({ until: e.target.value })} />
            </label>
          )}
        </div>
      )}
    </div>
  );
}
