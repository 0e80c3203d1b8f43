import { describe, expect, it } from 'vitest';
import { handoverCodeExpiry, handoverLockMinutesAfter, isHandoverCodeShape } from './handover';

describe('handoverCodeExpiry', () => {
  it('ends with the Cairo day of the pickup date, winter (UTC+2) and summer (UTC+3)', () => {
    const approvedAt = new Date('2030-01-01T08:00:00Z');
    // 23:30 Cairo on 10 January is 21:30 UTC: the day ends at 22:00 UTC.
    expect(
      handoverCodeExpiry({ approvedAt, pickupDate: new Date('2030-01-10T21:30:00Z') }).toISOString(),
    ).toBe('2030-01-10T22:00:00.000Z');
    // 00:30 Cairo on 11 July is 21:30 UTC on 10 July: that Cairo day ends at 21:00 UTC on 11 July.
    expect(
      handoverCodeExpiry({ approvedAt, pickupDate: new Date('2030-07-10T21:30:00Z') }).toISOString(),
    ).toBe('2030-07-11T21:00:00.000Z');
  });
  it('lasts 7 days from approval without a pickup date', () => {
    const approvedAt = new Date('2030-01-01T08:00:00Z');
    expect(handoverCodeExpiry({ approvedAt, pickupDate: null }).toISOString()).toBe(
      '2030-01-08T08:00:00.000Z',
    );
  });
});

describe('isHandoverCodeShape', () => {
  it('takes exactly six Latin digits', () => {
    expect(isHandoverCodeShape('012345')).toBe(true);
    for (const text of ['12345', '1234567', '١٢٣٤٥٦', '12a456', ' 123456'])
      expect(isHandoverCodeShape(text)).toBe(false);
  });
});

describe('handoverLockMinutesAfter', () => {
  it('locks for 15 minutes first, twice as long each time after, at most a day', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 50].map(handoverLockMinutesAfter)).toEqual([
      15, 30, 60, 120, 240, 480, 960, 1440, 1440, 1440,
    ]);
  });
});
