import { describe, expect, it } from 'vitest';
import { cairoInstant } from './calendar';
import {
  checkWindow,
  isInEgypt,
  mapLink,
  noShowReleaseAt,
  reminderMoments,
  reminderStillTrue,
} from './pickup-windows';
import { mayMove, requestMovesFor } from './requests';

describe('pickup windows', () => {
  it('refuses windows backwards or over; one under way is fine', () => {
    const now = new Date('2026-12-01T09:00:00Z'); // 11:00 Cairo
    expect(checkWindow({ date: '2026-12-01', from: '12:00', to: '10:00' }, now)).toEqual({
      problem: 'pickupWindowOrder',
    });
    expect(checkWindow({ date: '2026-12-01', from: '09:00', to: '11:00' }, now)).toEqual({
      problem: 'pickupWindowPast',
    });
    expect(checkWindow({ date: '2026-12-01', from: '10:00', to: '12:00' }, now)).toHaveProperty('startsAt');
  });

  it('refuses a window that starts once the pack has expired (the end of its Cairo day)', () => {
    const now = new Date('2026-12-01T09:00:00Z');
    const expiresAt = new Date('2026-12-02T22:00:00Z'); // the end of 2 December in Cairo
    expect(checkWindow({ date: '2026-12-02', from: '20:00', to: '23:00' }, now, expiresAt)).toHaveProperty(
      'startsAt',
    );
    expect(checkWindow({ date: '2026-12-03', from: '00:00', to: '02:00' }, now, expiresAt)).toEqual({
      problem: 'pickupWindowAfterExpiry',
    });
  });

  it('refuses a time the clocks skip as summer time begins (00:00–00:59 on 30 April 2027), not an hour later', () => {
    const now = new Date('2027-01-01T09:00:00Z');
    for (const [from, to] of [
      ['00:00', '00:30'],
      ['00:15', '01:30'],
      ['23:00', '00:30'],
    ] as const)
      expect(checkWindow({ date: '2027-04-30', from, to }, now)).toEqual({
        problem: 'pickupWindowClockChange',
      });
    // From 01:00 (summer time, UTC+3) it exists; the evening the clocks go back (24:00 → 23:00) too.
    expect(checkWindow({ date: '2027-04-30', from: '01:00', to: '02:00' }, now)).toEqual({
      startsAt: new Date('2027-04-29T22:00:00Z'),
      endsAt: new Date('2027-04-29T23:00:00Z'),
    });
    expect(checkWindow({ date: '2027-10-28', from: '22:00', to: '23:30' }, now)).toHaveProperty('startsAt');
  });

  it('keeps pins inside Egypt and links them to OpenStreetMap', () => {
    expect(isInEgypt(30.0444, 31.2357)).toBe(true); // Cairo
    expect(isInEgypt(31.2001, 29.9187)).toBe(true); // Alexandria
    expect(isInEgypt(22.3372, 31.6258)).toBe(true); // Abu Simbel
    expect(isInEgypt(48.85, 2.35)).toBe(false);
    expect(isInEgypt(24.7, 46.7)).toBe(false); // Riyadh
    expect(mapLink(30.04, 31.23)).toBe(
      'https://www.openstreetmap.org/?mlat=30.04&mlon=31.23#map=17/30.04/31.23',
    );
  });

  it('reminds the evening before (Cairo 20:00) and an hour before, skipping moments already past', () => {
    const start = cairoInstant('2026-12-03', '10:00')!;
    expect(reminderMoments(start, new Date('2026-12-01T00:00:00Z'))).toEqual([
      { kind: 'evening', at: cairoInstant('2026-12-02', '20:00') },
      { kind: 'hour', at: cairoInstant('2026-12-03', '09:00') },
    ]);
    expect(reminderMoments(start, cairoInstant('2026-12-02', '21:00')!).map((m) => m.kind)).toEqual(['hour']);
    expect(reminderMoments(start, cairoInstant('2026-12-03', '09:30')!)).toEqual([]);
    // A window starting just after midnight: the evening reminder still comes before the hour one.
    const early = cairoInstant('2026-12-03', '00:30')!;
    expect(reminderMoments(early, new Date('2026-12-01T00:00:00Z')).map((m) => m.kind)).toEqual([
      'evening',
      'hour',
    ]);
  });

  it('sends a late reminder only while it still holds: the evening one before the day, the hour one before the start', () => {
    const start = cairoInstant('2026-12-03', '10:00')!;
    expect(reminderStillTrue('evening', start, cairoInstant('2026-12-02', '23:59')!)).toBe(true);
    expect(reminderStillTrue('evening', start, cairoInstant('2026-12-03', '00:00')!)).toBe(false);
    expect(reminderStillTrue('hour', start, cairoInstant('2026-12-03', '09:59')!)).toBe(true);
    expect(reminderStillTrue('hour', start, start)).toBe(false);
  });

  it('releases a no-show after the grace period (the system move); the parties call a pickup off themselves', () => {
    expect(noShowReleaseAt(new Date('2026-12-01T10:00:00Z'), 24).toISOString()).toBe(
      '2026-12-02T10:00:00.000Z',
    );
    expect(mayMove('releaseNoShow', { status: 'approved' }, 'system')).toBe(true);
    expect(mayMove('releaseNoShow', { status: 'completed' }, 'system')).toBe(false);
    expect(mayMove('releaseNoShow', { status: 'approved' }, 'owner')).toBe(false);
    expect(requestMovesFor('approved', 'requester')).toEqual(['cancelled', 'completed']);
    expect(requestMovesFor('approved', 'owner')).toEqual(['rejected']);
  });
});
