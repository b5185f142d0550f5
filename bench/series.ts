// The recurring-tasks half of `npm run bench` (docs/recurring.md): computing a year of occurrences for 50 series
// of the shapes the planner offers (with some completed, moved and skipped occurrences), in one range and week by
// week, and the same year through rrule's own expansion for comparison. Pure computation in Node; prints
// figures, asserts nothing (issue 30's target: under 5 ms for the year).
import { availableParallelism, loadavg } from 'node:os';
import { RRule } from '../src/features/series/rrule.ts';
import { addDays } from '../src/features/series/days.ts';
import { exceptionsBySeries, occurrencesBetween } from '../src/features/series/occurrences.ts';
import { occurrenceCompletionSet, occurrenceMoved, occurrenceSkipped, seriesCreated, seriesReducer, initialSeriesState } from '../src/features/series/seriesSlice.ts';
import type { Repeat } from '../src/features/series/types.ts';
import { validateRepeat } from '../src/features/series/validate.ts';

const RUNS = 50;
const YEAR = { from: '2027-01-04', to: '2028-01-02' }; // 52 weeks, Monday to Sunday
const SHAPES: Repeat[] = [
  'FREQ=DAILY',
  'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR',
  'FREQ=WEEKLY;BYDAY=MO',
  'FREQ=WEEKLY;INTERVAL=2;BYDAY=FR',
  'FREQ=MONTHLY;BYMONTHDAY=1',
  'FREQ=MONTHLY;BYMONTHDAY=-1',
  'FREQ=MONTHLY;BYMONTHDAY=31',
  'FREQ=MONTHLY;BYDAY=+2TU',
  'FREQ=YEARLY',
].map((rule): Repeat => ({ kind: 'rule', rule }));

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const ms = (value: number) => `${value.toFixed(2)} ms`;

function fiftySeries() {
  let state = initialSeriesState;
  for (let i = 0; i < 50; i++) {
    const repeat: Repeat = i % 10 === 9 ? { kind: 'afterCompletion', days: 3 } : SHAPES[i % SHAPES.length]!;
    const check = validateRepeat(repeat, addDays('2026-06-01', i * 5));
    if (!check.ok) throw new Error(check.error);
    const created = seriesCreated({ template: { title: `Series ${i}`, notes: '' }, firstDate: check.firstDate, repeat: check.repeat }, 1_790_000_000_000 + i);
    state = seriesReducer(state, created);
    const seriesId = created.payload.series.id;
    // What people do to a few occurrences: completions (which also drive the after-completion ones), a move, a skip.
    for (let k = 0; k < 6; k++) {
      const day = occurrencesBetween(state, addDays(YEAR.from, k * 40), addDays(YEAR.from, k * 40 + 30)).find((o) => o.seriesId === seriesId)?.originalDate;
      if (!day) continue;
      const ref = { seriesId, originalDate: day };
      const event = k === 3 ? occurrenceMoved({ ...ref, to: addDays(day, 9) }) : k === 5 ? occurrenceSkipped({ ...ref, skipped: true }) : occurrenceCompletionSet(ref, true, day);
      state = seriesReducer(state, event);
    }
  }
  return state;
}

/**
 * Wall time and this process's CPU time (process.cpuUsage) per run: on a shared machine the wall time includes
 * the waits for a core, the CPU time only the work.
 */
function time(run: () => unknown): { wall: number; cpu: number } {
  for (let i = 0; i < 5; i++) run(); // warm-up
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    const used = process.cpuUsage();
    run();
    const { user, system } = process.cpuUsage(used);
    wall.push(performance.now() - start);
    cpu.push((user + system) / 1000);
  }
  return { wall: median(wall), cpu: median(cpu) };
}

const both = ({ wall, cpu }: { wall: number; cpu: number }) => `${ms(wall)} wall, ${ms(cpu)} CPU`;

export async function benchSeries() {
  console.log(`== Recurring tasks (load average ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} CPUs)`);
  const state = fiftySeries();
  const count = occurrencesBetween(state, YEAR.from, YEAR.to).length;
  console.log(`\nA year of occurrences for 50 series (${count} occurrences, ${state.exceptions.ids.length} exceptions), median of ${RUNS} runs`);
  console.log(`  one range of 52 weeks:           ${both(time(() => occurrencesBetween(state, YEAR.from, YEAR.to)))} (target < 5 ms)`);
  console.log(
    `  week by week, 52 weeks:          ${both(
      time(() => {
        const index = exceptionsBySeries(state);
        for (let w = 0; w < 52; w++) occurrencesBetween(state, addDays(YEAR.from, 7 * w), addDays(YEAR.from, 7 * w + 6), index);
      }),
    )}`,
  );
  const rules = state.series.ids
    .map((id) => state.series.entities[id]!)
    .filter((series) => series.repeat.kind === 'rule')
    .map((series) => {
      const options = RRule.parseString(series.repeat.kind === 'rule' ? series.repeat.rule : '');
      options.dtstart = new Date(`${series.firstDate}T12:00:00Z`);
      return new RRule(options, true);
    });
  const [from, to] = [new Date(`${YEAR.from}T00:00:00Z`), new Date(`${YEAR.to}T23:59:59Z`)];
  console.log(`  rrule's between(), same ${rules.length} rules: ${both(time(() => rules.forEach((rule) => rule.between(from, to, true))))} (for comparison; not used by the app)`);
}

