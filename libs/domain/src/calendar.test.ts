import { describe, expect, it } from 'vitest';
import {
  addDays,
  cairoDay,
  cairoDayNumber,
  cairoInstant,
  cairoMonth,
  cairoTime,
  isBeforeCairoToday,
  isCalendarDay,
  lastMomentOfCairoDay,
  parseInstant,
  startOfCairoDay,
  startOfNextCairoDay,
} from './calendar';

// Egypt: UTC+2 in winter, UTC+3 in summer time (2026: from Friday 24 April 00:00, which becomes
// 01:00, until the end of Thursday 29 October, when 24:00 becomes 23:00 again).
describe('the Cairo calendar', () => {
  it('turns the day at Cairo midnight, not UTC midnight', () => {
    expect(cairoDay('2026-11-25T21:59:00Z')).toBe('2026-11-25');
    expect(cairoDay('2026-11-25T22:00:00Z')).toBe('2026-11-26');
    expect(cairoDay('2026-07-01T20:59:00Z')).toBe('2026-07-01');
    expect(cairoDay('2026-07-01T21:00:00Z')).toBe('2026-07-02');
    expect(
      cairoDayNumber(new Date('2026-11-25T22:00:00Z')) - cairoDayNumber(new Date('2026-11-25T21:59:00Z')),
    ).toBe(1);
  });

  it('reads wall-clock times both ways, in winter and in summer time', () => {
    expect(cairoInstant('2026-12-01', '10:00')!.toISOString()).toBe('2026-12-01T08:00:00.000Z');
    expect(cairoInstant('2026-07-01', '10:00')!.toISOString()).toBe('2026-07-01T07:00:00.000Z');
    expect(cairoTime('2026-07-01T07:00:00Z')).toBe('10:00');
    expect(cairoTime('2026-11-25T22:01:00Z')).toBe('00:01');
    expect(cairoInstant('2026-02-30', '10:00')).toBeNull();
    expect(cairoInstant('2026-12-01', '24:00')).toBeNull();
    expect(cairoInstant('1 Dec', '10:00')).toBeNull();
  });

  it('finds where a day starts and ends, across the summer-time changes', () => {
    expect(startOfCairoDay('2026-11-26').toISOString()).toBe('2026-11-25T22:00:00.000Z');
    // Summer time starts at midnight: 24 April begins at 01:00 EEST.
    expect(startOfCairoDay('2026-04-24').toISOString()).toBe('2026-04-23T22:00:00.000Z');
    expect(startOfCairoDay('2026-04-25').toISOString()).toBe('2026-04-24T21:00:00.000Z');
    // 29 October has 25 hours.
    expect(startOfCairoDay('2026-10-30').toISOString()).toBe('2026-10-29T22:00:00.000Z');
    expect(startOfNextCairoDay(new Date('2026-10-29T21:30:00Z')).toISOString()).toBe(
      '2026-10-29T22:00:00.000Z',
    );
    expect(lastMomentOfCairoDay('2027-01-15').toISOString()).toBe('2027-01-15T21:59:59.999Z');
    expect(lastMomentOfCairoDay('2027-07-15').toISOString()).toBe('2027-07-15T20:59:59.999Z');
  });

  it('counts days and months on the calendar', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2026-10-29', 1)).toBe('2026-10-30');
    expect(cairoMonth('2026-12-31T22:30:00Z')).toBe('2027-01');
    expect(cairoMonth('2026-12-31T21:30:00Z')).toBe('2026-12');
  });

  it('says "before today" only of an earlier Cairo day, whatever the hour', () => {
    const now = new Date('2026-11-25T22:30:00Z'); // 00:30 on 26 November in Cairo
    expect(isBeforeCairoToday(new Date('2026-11-25T21:59:00Z'), now)).toBe(true); // 25th, 23:59
    expect(isBeforeCairoToday(new Date('2026-11-25T22:00:00Z'), now)).toBe(false); // 26th, 00:00
    expect(isBeforeCairoToday(new Date('2026-11-26T21:59:00Z'), now)).toBe(false);
  });
});

// A day that does not exist is refused, never rolled into the next month.
describe('days that exist', () => {
  it('knows month lengths and leap years', () => {
    expect(isCalendarDay('2027-02-28')).toBe(true);
    expect(isCalendarDay('2027-02-29')).toBe(false);
    expect(isCalendarDay('2028-02-29')).toBe(true);
    expect(isCalendarDay('2027-02-30')).toBe(false);
    expect(isCalendarDay('2027-04-31')).toBe(false);
    expect(isCalendarDay('2027-12-31')).toBe(true);
    expect(isCalendarDay('2027-13-01')).toBe(false);
    expect(isCalendarDay('2027-00-10')).toBe(false);
    expect(isCalendarDay('27-02-10')).toBe(false);
  });

  it('reads ISO instants only when their day and time exist', () => {
    expect(parseInstant('2027-02-30')).toBeNull();
    expect(parseInstant('2027-02-30T10:00:00Z')).toBeNull();
    expect(parseInstant('2027-02-31T10:00:00+02:00')).toBeNull();
    expect(parseInstant('2027-02-28T24:00:00Z')).toBeNull();
    expect(parseInstant('next tuesday')).toBeNull();
    expect(parseInstant('2027-02-28T10:00:00.000Z')!.toISOString()).toBe('2027-02-28T10:00:00.000Z');
    expect(parseInstant('2027-02-28T10:00:00+02:00')!.toISOString()).toBe('2027-02-28T08:00:00.000Z');
    expect(parseInstant('2027-02-28')!.toISOString()).toBe('2027-02-28T00:00:00.000Z');
    // Without a zone, a date-time is Cairo's (winter UTC+2, summer UTC+3), wherever it is read.
    expect(parseInstant('2027-02-28T10:00')!.toISOString()).toBe('2027-02-28T08:00:00.000Z');
    expect(parseInstant('2026-07-15T10:00:30.5')!.toISOString()).toBe('2026-07-15T07:00:30.500Z');
  });
});
