import { describeRepeat } from '../../src/features/series/describe';
import { parseQuickAdd } from '../../src/features/series/quickAdd';
import type { Repeat } from '../../src/features/series/types';

// Issue 30.2's phrases, read on Friday 27 November 2026 in the afternoon, and rules in words (30.1).

const friday = new Date(2026, 10, 27, 15, 0);
const read = (text: string) => parseQuickAdd(text, friday);
const rule = (text: string): Repeat => ({ kind: 'rule', rule: text });

describe('quick add', () => {
  it.each([
    ['Water plants every monday', 'Water plants', 'FREQ=WEEKLY;BYDAY=MO', '2026-11-30'],
    ['Pay rent every month on the 1st', 'Pay rent', 'FREQ=MONTHLY;BYMONTHDAY=1', '2026-12-01'],
    ['Review week every friday', 'Review week', 'FREQ=WEEKLY;BYDAY=FR', '2026-11-27'],
    ['Stretch every weekday', 'Stretch', 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR', '2026-11-27'],
    ['Bins every other week on tuesday', 'Bins', 'FREQ=WEEKLY;INTERVAL=2;BYDAY=TU', '2026-12-08'],
    ['Invoice every month on the 31st', 'Invoice', 'FREQ=MONTHLY;BYMONTHDAY=28,29,30,31;BYSETPOS=-1', '2026-11-30'],
    ['Review every week every friday', 'Review every week', 'FREQ=WEEKLY;BYDAY=FR', '2026-11-27'],
  ])('reads %j as a repeat', (text, title, ruleText, firstDate) => {
    expect(read(text)).toEqual({ kind: 'repeat', title, repeat: rule(ruleText), firstDate });
  });

  it.each([
    ['Call mum tomorrow', 'Call mum', '2026-11-28'],
    ['Book flights next week', 'Book flights', '2026-11-30'],
    ['Read someday', 'Read', 'someday'],
    ['Dentist on friday', 'Dentist', '2026-11-27'],
    ['Party on 3 December', 'Party', '2026-12-03'],
  ])('reads %j as a day', (text, title, date) => {
    expect(read(text)).toEqual({ kind: 'date', title, date });
  });

  it.each(['Stretch every morning', 'Anniversary every year in march on the 14th', 'Meet Bob at 5pm', 'Call mum tomorrow at 5pm', 'Read chapter 5', 'every monday', 'someday', 'Plan next month', 'Plan the week', 'Relax for the week'])(
    'leaves %j as it is typed',
    (text) => {
      expect(read(text)).toEqual({ kind: 'plain', title: text });
    },
  );

  it('refuses a repeat beyond reason with the message, storing nothing', () => {
    expect(read('Check every 10000 weeks')).toEqual({ kind: 'refused', title: 'Check', error: 'Every 10,000 weeks is too far apart: at most every 520 weeks (ten years).' });
  });
});

describe('a repeat in words', () => {
  it.each([
    ['FREQ=WEEKLY;BYDAY=MO', 'Every Monday'],
    ['FREQ=WEEKLY;BYDAY=MO,TH', 'Every Monday and Thursday'],
    ['FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR', 'Every weekday'],
    ['FREQ=WEEKLY;INTERVAL=2;BYDAY=FR', 'Every 2 weeks on Friday'],
    ['FREQ=DAILY', 'Every day'],
    ['FREQ=DAILY;INTERVAL=3;COUNT=4', 'Every 3 days, 4 times'],
    ['FREQ=MONTHLY;BYMONTHDAY=1', 'Every month on the 1st'],
    ['FREQ=MONTHLY;BYMONTHDAY=-1', 'Every month on the last day'],
    ['FREQ=MONTHLY;BYMONTHDAY=28,29,30,31;BYSETPOS=-1', 'Every month on the 31st (or the last day)'],
    ['FREQ=MONTHLY;BYDAY=+2TU', 'Every month on the second Tuesday'],
    ['FREQ=MONTHLY;BYDAY=-1FR;UNTIL=20271231', 'Every month on the last Friday, until 31 December 2027'],
    ['FREQ=YEARLY', 'Every year on the 2nd of November'],
    ['FREQ=WEEKLY;BYMONTH=1,2;BYDAY=MO', 'Every week in January and February on Monday'],
  ])('says %s as %j', (text, words) => {
    expect(describeRepeat(rule(text), '2026-11-02')).toBe(words);
  });

  it('says a repeat after completion', () => {
    expect(describeRepeat({ kind: 'afterCompletion', days: 3 }, '2026-11-02')).toBe('3 days after each completion');
  });
});
