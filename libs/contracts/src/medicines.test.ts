import { describe, expect, it } from 'vitest';
import { cairoToday, lastMomentOfCairoDay } from '@medrelay/domain/calendar';
import { describeAroundCairoMidnight } from '@medrelay/testing/clock';
import { medicineCreateSchema } from './medicines';

describe('expiry dates given as a day', () => {
  it('mean the end of that day in Cairo, winter (UTC+2) and summer time (UTC+3)', () => {
    expect(lastMomentOfCairoDay('2027-01-15').toISOString()).toBe('2027-01-15T21:59:59.999Z');
    expect(lastMomentOfCairoDay('2027-07-15').toISOString()).toBe('2027-07-15T20:59:59.999Z');
  });
});

describeAroundCairoMidnight('a box that expires today', (at) => {
  it('can be listed until the Cairo day ends', () => {
    const today = cairoToday();
    expect(today).toBe(at.cairoDay);
    const parsed = medicineCreateSchema.safeParse({
      name: 'Brufen 400',
      type: 'tablets',
      quantity: 3,
      expiryDate: today,
      recipientType: 'ngos',
    });
    expect(parsed.success).toBe(true);
    expect(parsed.data?.expiryDate).toBe(lastMomentOfCairoDay(today).toISOString());
  });

  it('cannot be listed once its day is over', () => {
    const yesterday = new Date(Date.now() - 24 * 3600_000);
    const parsed = medicineCreateSchema.safeParse({
      name: 'Brufen 400',
      type: 'tablets',
      quantity: 3,
      expiryDate: cairoToday(yesterday),
      recipientType: 'ngos',
    });
    expect(parsed.success).toBe(false);
  });
});

describe('expiry dates given with a time', () => {
  it('keeps full date-times as given', () => {
    const parsed = medicineCreateSchema.parse({
      name: 'Brufen 400',
      type: 'tablets',
      quantity: 3,
      expiryDate: '2031-05-01T10:00:00+02:00',
      recipientType: 'ngos',
    });
    expect(parsed.expiryDate).toBe('2031-05-01T08:00:00.000Z');
  });
});

// 2027-02-30 used to be stored as 2 March.
describe('expiry dates that do not exist', () => {
  it('are refused as a day and as a date-time, never rolled into the next month', () => {
    for (const expiryDate of [
      '2027-02-30',
      '2027-02-29',
      '2027-04-31',
      '2027-02-30T10:00:00Z',
      '2027-02-28T25:00',
    ]) {
      const parsed = medicineCreateSchema.safeParse({
        name: 'Brufen 400',
        type: 'tablets',
        quantity: 3,
        expiryDate,
        recipientType: 'ngos',
      });
      expect(
        parsed.error?.issues.map((i) => i.message),
        expiryDate,
      ).toEqual(['expiryDateInvalid']);
    }
  });
});
