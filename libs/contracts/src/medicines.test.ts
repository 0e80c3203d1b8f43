import { describe, expect, it } from 'vitest';
import { cairoDay } from '@medrelay/domain/expiry';
import { endOfCairoDay, medicineCreateSchema } from './medicines';

describe('expiry dates given as a day', () => {
  it('mean the end of that day in Cairo, winter (UTC+2) and summer time (UTC+3)', () => {
    expect(endOfCairoDay('2027-01-15').toISOString()).toBe('2027-01-15T21:59:59.999Z');
    expect(endOfCairoDay('2027-07-15').toISOString()).toBe('2027-07-15T20:59:59.999Z');
  });

  it('lets a box that expires today be listed until the day ends', () => {
    const today = cairoDay(new Date());
    const parsed = medicineCreateSchema.safeParse({
      name: 'Brufen 400',
      type: 'tablets',
      quantity: 3,
      expiryDate: today,
      recipientType: 'ngos',
    });
    // Only in the last instants of a Cairo day could "today" already be over.
    expect(parsed.success).toBe(true);
    expect(parsed.data?.expiryDate).toBe(endOfCairoDay(today).toISOString());
  });

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
