import type { UnknownAction } from '@reduxjs/toolkit';
import fc from 'fast-check';
import { addDays } from '../../src/features/series/days';
import { occurrencesBetween, somedayOccurrences } from '../../src/features/series/occurrences';
import { occurrencesToRollOver } from '../../src/features/series/rollover';
import { deleteEvents, editEvents, stopRepeatingEvents, type EditScope } from '../../src/features/series/scopes';
import { occurrenceCompletionSet, occurrenceMoved, occurrenceSkipped, occurrencesRolledOver, seriesCreated, seriesLabelsSet, type SeriesState } from '../../src/features/series/seriesSlice';
import type { Occurrence, Repeat } from '../../src/features/series/types';
import { validateRepeat } from '../../src/features/series/validate';
import { replay } from './seriesFixtures';

// Two or three devices of one person create series and act on occurrences with every edit scope, go offline,
// send what they did and catch up on the log, as the sync does: each device shows the confirmed log replayed
// with its own unconfirmed events on top. At every step each device shows each occurrence at most once across
// the weeks and Some Day; once everything is sent and received, every device shows the same weeks, which are
// those of one serial replay of the server's log. Series carry labels (set whole, split with 'This and following'):
// every occurrence shows its series' labels.

const MONDAYS = ['2026-11-02', '2026-11-09', '2026-11-16', '2026-11-23', '2026-11-30'];
const FIRST = MONDAYS[0]!;
const LAST = addDays(MONDAYS[MONDAYS.length - 1]!, 6);
const REPEATS: Repeat[] = [
  { kind: 'rule', rule: 'FREQ=DAILY' },
  { kind: 'rule', rule: 'FREQ=WEEKLY;BYDAY=MO,TH' },
  { kind: 'rule', rule: 'FREQ=WEEKLY;INTERVAL=2;BYDAY=FR' },
  { kind: 'rule', rule: 'FREQ=MONTHLY;BYMONTHDAY=-1' },
  { kind: 'rule', rule: 'FREQ=DAILY;COUNT=5' },
  { kind: 'rule', rule: 'FREQ=MONTHLY;BYMONTHDAY=30' },
  { kind: 'afterCompletion', days: 2 },
];
const SCOPES: EditScope[] = ['this', 'following', 'all'];
const LABEL_IDS = ['label-a', 'label-b', 'label-c'];
/** A set of labels picked by `n`'s bits (none included). */
const labelsPicked = (n: number) => LABEL_IDS.filter((_, i) => (n >> i) & 1);

interface Entry {
  tag: string;
  event: UnknownAction;
}

/** A device's own events stay on top of the log it has received until the log it receives holds them. */
interface Device {
  name: string;
  confirmed: number;
  pending: Array<Entry & { sent: boolean }>;
  online: boolean;
  made: number;
}

const wire = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;
function stateOf(log: Entry[], device: Device): SeriesState {
  const received = log.slice(0, device.confirmed);
  const seen = new Set(received.map((entry) => entry.tag));
  return replay([...received.map((entry) => entry.event), ...device.pending.filter((entry) => !seen.has(entry.tag)).map((entry) => entry.event)]);
}

/** Each week on its own (as the planner asks), then Some Day. */
function screens(state: SeriesState): Occurrence[] {
  return [...MONDAYS.flatMap((monday) => occurrencesBetween(state, monday, addDays(monday, 6))), ...somedayOccurrences(state)];
}

const step = fc.record({
  device: fc.nat(2),
  kind: fc.constantFrom('edit', 'edit', 'edit', 'send', 'receive', 'toggle'),
  op: fc.nat(8),
  pick: fc.nat(200),
  day: fc.nat(34),
  scope: fc.constantFrom(...SCOPES),
  flag: fc.boolean(),
  count: fc.integer({ min: 1, max: 6 }),
});
type Step = typeof step extends fc.Arbitrary<infer T> ? T : never;

/** What a person on this device does next, given what it shows. */
function edit(state: SeriesState, s: Step): UnknownAction[] {
  const day = addDays(FIRST, s.day);
  const occurrences = screens(state);
  const occurrence = occurrences[s.pick % Math.max(1, occurrences.length)];
  const series = occurrence && state.series.entities[occurrence.seriesId];
  if (s.op === 0 || !occurrence || !series) {
    const check = validateRepeat(REPEATS[s.pick % REPEATS.length]!, day);
    const labels = labelsPicked(s.count);
    const template = { title: `S${s.pick}`, notes: '', ...(labels.length > 0 ? { labels } : {}) };
    return check.ok ? [seriesCreated({ template, firstDate: check.firstDate, repeat: check.repeat })] : [];
  }
  const at = { seriesId: series.id, originalDate: occurrence.originalDate };
  switch (s.op) {
    case 1:
      return [occurrenceCompletionSet(at, s.flag, day)];
    case 2:
      return [occurrenceMoved({ ...at, to: s.flag ? day : 'someday' })];
    case 3:
      return [occurrenceSkipped({ ...at, skipped: s.flag })];
    case 4:
      return editEvents(series, occurrence.originalDate, s.flag ? { title: `T${s.pick}` } : { notes: `N${s.pick}` }, s.scope);
    case 5:
      return deleteEvents(series, occurrence.originalDate, s.scope);
    case 6:
      return stopRepeatingEvents(series, day);
    case 8:
      return [seriesLabelsSet({ id: series.id, labels: labelsPicked(s.pick) })];
    default: {
      const items = occurrencesToRollOver(state, day);
      return items.length > 0 ? [occurrencesRolledOver({ items, to: day })] : [];
    }
  }
}

function expectEachOnce(state: SeriesState) {
  const keys = screens(state).map((o) => o.key);
  expect(new Set(keys).size).toBe(keys.length);
  const whole = [...occurrencesBetween(state, FIRST, LAST), ...somedayOccurrences(state)].map((o) => o.key);
  expect([...keys].sort()).toEqual([...whole].sort());
  for (const occurrence of screens(state)) expect(occurrence.labels).toEqual(state.series.entities[occurrence.seriesId]!.template.labels);
}

describe('series across devices', () => {
  it('replays to the same weeks on every device, each occurrence at most once', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 3 }), fc.array(step, { minLength: 5, maxLength: 45 }), (count, steps) => {
        const log: Entry[] = [];
        const devices: Device[] = Array.from({ length: count }, (_, i) => ({ name: `d${i}`, confirmed: 0, pending: [], online: true, made: 0 }));
        const send = (device: Device) => {
          for (const entry of device.pending.filter((e) => !e.sent)) {
            log.push({ tag: entry.tag, event: wire(entry.event) });
            entry.sent = true;
          }
        };
        const receive = (device: Device, upTo: number) => {
          device.confirmed = Math.max(device.confirmed, Math.min(log.length, upTo));
          const seen = new Set(log.slice(0, device.confirmed).map((entry) => entry.tag));
          device.pending = device.pending.filter((entry) => !seen.has(entry.tag));
        };
        for (const s of steps) {
          const device = devices[s.device % count]!;
          if (s.kind === 'edit') {
            for (const event of edit(stateOf(log, device), s)) device.pending.push({ tag: `${device.name}#${device.made++}`, event, sent: false });
          } else if (s.kind === 'toggle') device.online = !device.online;
          else if (device.online && s.kind === 'send') send(device);
          else if (device.online && s.kind === 'receive') receive(device, device.confirmed + s.count);
          expectEachOnce(stateOf(log, device));
        }
        for (const device of devices) send(device);
        for (const device of devices) receive(device, log.length);
        const serial = replay(log.map((entry) => entry.event));
        const expected = screens(serial);
        for (const device of devices) {
          const state = stateOf(log, device);
          expect(state).toEqual(serial);
          expect(screens(state)).toEqual(expected);
          expectEachOnce(state);
        }
      }),
      { numRuns: 80 },
    );
  });
});
