import {
  dateLabel,
  dayLabel,
  fromDayKey,
  isTodayKey,
  monthHeading,
  shiftWeek,
  toDayKey,
  weekDayKeys,
  weekStartKey,
  weekTitle,
} from '../../src/features/planner/week';

describe('weeks start on Monday', () => {
  it('lists the seven days Monday first', () => {
    expect(weekDayKeys('2026-11-25')).toEqual(['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29']);
  });

  it('puts a Sunday in the week that began the previous Monday', () => {
    expect(weekStartKey('2026-11-29')).toBe('2026-11-23');
    expect(weekDayKeys('2026-11-29')[0]).toBe('2026-11-23');
    expect(weekDayKeys('2026-11-29')[6]).toBe('2026-11-29');
  });

  it('a Monday starts its own week', () => {
    expect(weekStartKey('2026-11-30')).toBe('2026-11-30');
  });

  it('spans months and years', () => {
    expect(weekDayKeys('2026-12-31')).toEqual(['2026-12-28', '2026-12-29', '2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02', '2027-01-03']);
  });

  it('every day of a week has the same week', () => {
    const days = weekDayKeys('2028-02-29');
    for (const day of days) expect(weekDayKeys(day)).toEqual(days);
  });
});

describe('labels', () => {
  it('day label is the short weekday', () => {
    expect(weekDayKeys('2026-11-23').map(dayLabel)).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);
  });

  it('date label is day and short month', () => {
    expect(dateLabel('2026-11-23')).toBe('23 Nov');
    expect(dateLabel('2027-01-01')).toBe('1 Jan');
  });

  it('month heading is short month and year', () => {
    expect(monthHeading(fromDayKey('2026-11-23'))).toBe('Nov 2026');
  });
});

describe('weekTitle', () => {
  it('names one month when the week lies inside it', () => {
    expect(weekTitle('2026-11-23')).toBe('Nov 2026');
  });

  it('names both months across a month boundary', () => {
    expect(weekTitle('2026-11-30')).toBe('Nov – Dec 2026');
  });

  it('names both months and years across a year boundary', () => {
    expect(weekTitle('2026-12-31')).toBe('Dec 2026 – Jan 2027');
    expect(weekTitle('2027-01-03')).toBe('Dec 2026 – Jan 2027');
  });
});

describe('shiftWeek', () => {
  it('moves to the Monday of the next or previous week', () => {
    expect(shiftWeek('2026-11-25', 1)).toBe('2026-11-30');
    expect(shiftWeek('2026-11-25', -1)).toBe('2026-11-16');
  });

  it('crosses year boundaries both ways', () => {
    expect(shiftWeek('2026-12-30', 1)).toBe('2027-01-04');
    expect(shiftWeek('2027-01-02', -1)).toBe('2026-12-21');
    expect(weekTitle(shiftWeek('2026-12-21', 1))).toBe('Dec 2026 – Jan 2027');
  });

  it('undoes itself, whatever the distance', () => {
    for (const weeks of [1, 5, 52, 53, 260]) {
      expect(shiftWeek(shiftWeek('2026-11-25', weeks), -weeks)).toBe('2026-11-23');
    }
  });

  it('keeps Mondays across daylight-saving changes', () => {
    for (const anchor of ['2026-03-23', '2026-03-30', '2026-10-19', '2026-10-26']) {
      expect(dayLabel(shiftWeek(anchor, 1))).toBe('Mon');
    }
  });
});

describe('day keys', () => {
  it('are yyyy-MM-dd in local time', () => {
    expect(toDayKey(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
    expect(toDayKey(new Date(2026, 10, 23, 0, 0))).toBe('2026-11-23');
  });

  it('round-trip through fromDayKey', () => {
    for (const key of ['2026-02-28', '2028-02-29', '2026-12-31']) expect(toDayKey(fromDayKey(key))).toBe(key);
  });

  it('know today', () => {
    const today = new Date();
    expect(isTodayKey(toDayKey(today))).toBe(true);
    expect(isTodayKey(shiftWeek(toDayKey(today), 1))).toBe(false);
  });
});
