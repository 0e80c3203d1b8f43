import { describe, expect, it } from 'vitest';
import { cairoClockPass, cairoClockRepeats, cairoInstant } from './calendar';
import { formatPickupWindow } from './formats';
import {
  checkWindow,
  windowEndChoices,
  windowInputOf,
  windowInstants,
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

describe('windows of a pharmacy open late', () => {
  const now = new Date('2026-11-29T20:00:00Z'); // 22:00 Cairo, Sunday 29 November

  it('end at 24:00, the midnight that closes their day, or run past it into the next day', () => {
    expect(checkWindow({ date: '2026-12-02', from: '22:00', to: '24:00' }, now)).toEqual({
      startsAt: new Date('2026-12-02T20:00:00Z'),
      endsAt: new Date('2026-12-02T22:00:00Z'),
    });
    expect(
      checkWindow({ date: '2026-12-02', from: '23:00', to: '01:00', toDate: '2026-12-03' }, now),
    ).toEqual({
      startsAt: new Date('2026-12-02T21:00:00Z'),
      endsAt: new Date('2026-12-02T23:00:00Z'),
    });
    // Without the next day, an end before the start is still refused: older clients mean what they meant.
    expect(checkWindow({ date: '2026-12-02', from: '23:00', to: '01:00' }, now)).toEqual({
      problem: 'pickupWindowOrder',
    });
    // Within its day a window keeps any length; past midnight at most 12 hours.
    expect(checkWindow({ date: '2026-12-02', from: '08:00', to: '24:00' }, now)).toHaveProperty('startsAt');
    expect(
      checkWindow({ date: '2026-12-02', from: '20:00', to: '08:00', toDate: '2026-12-03' }, now),
    ).toHaveProperty('startsAt');
    expect(
      checkWindow({ date: '2026-12-02', from: '20:00', to: '08:30', toDate: '2026-12-03' }, now),
    ).toEqual({
      problem: 'pickupWindowTooLong',
    });
    // The next day only, never two days on or before.
    for (const toDate of ['2026-12-04', '2026-12-01'])
      expect(checkWindow({ date: '2026-12-02', from: '23:00', to: '01:00', toDate }, now)).toEqual({
        problem: 'pickupWindowInvalid',
      });
    // One that started tonight and ends after midnight is not over.
    expect(
      checkWindow({ date: '2026-11-29', from: '21:00', to: '02:00', toDate: '2026-11-30' }, now),
    ).toHaveProperty('startsAt');
  });

  it('read back as typed from their instants', () => {
    for (const typed of [
      { date: '2026-12-02', from: '10:00', to: '12:00' },
      { date: '2026-12-02', from: '22:00', to: '24:00' },
      { date: '2026-12-02', from: '23:00', to: '01:00', toDate: '2026-12-03' },
      { date: '2026-10-29', from: '23:30', to: '01:00', toDate: '2026-10-30' },
    ]) {
      const instants = windowInstants(typed) as { startsAt: Date; endsAt: Date };
      expect(windowInputOf(instants.startsAt, instants.endsAt)).toEqual(typed);
    }
  });

  it('read a time the clocks pass twice (23:00–23:59, 29 October 2026) as the first, in summer time', () => {
    const early = new Date('2026-01-01T00:00:00Z');
    // 23:30 EEST (UTC+3) is 20:30 UTC; the second 23:30 (EET) would be 21:30 UTC.
    expect(
      checkWindow({ date: '2026-10-29', from: '23:30', to: '01:00', toDate: '2026-10-30' }, early),
    ).toEqual({
      startsAt: new Date('2026-10-29T20:30:00Z'),
      endsAt: new Date('2026-10-29T23:00:00Z'),
    });
    expect(cairoClockRepeats('2026-10-29', '23:30')).toBe(true);
    expect(cairoClockRepeats('2026-10-29', '22:30')).toBe(false);
    expect(cairoClockRepeats('2026-10-30', '00:30')).toBe(false);
    expect(cairoClockPass(new Date('2026-10-29T20:30:00Z'))).toBe('summer');
    expect(cairoClockPass(new Date('2026-10-29T21:30:00Z'))).toBe('winter');
    // 22:00 to the midnight of that 25-hour day: three hours.
    expect(checkWindow({ date: '2026-10-29', from: '22:00', to: '24:00' }, early)).toEqual({
      startsAt: new Date('2026-10-29T19:00:00Z'),
      endsAt: new Date('2026-10-29T22:00:00Z'),
    });
  });

  it('offer "to" times after "from", to 24:00, then past midnight while within 12 hours', () => {
    expect(windowEndChoices('10:00')[0]).toEqual({ to: '10:30', nextDay: false });
    expect(windowEndChoices('10:00').at(-1)).toEqual({ to: '24:00', nextDay: false });
    expect(windowEndChoices('10:00').some((c) => c.nextDay)).toBe(false);
    const late = windowEndChoices('23:00');
    expect(late.slice(0, 3)).toEqual([
      { to: '23:30', nextDay: false },
      { to: '24:00', nextDay: false },
      { to: '00:30', nextDay: true },
    ]);
    expect(late.at(-1)).toEqual({ to: '11:00', nextDay: true });
  });

  it('are written as one range in both languages, the end day named past midnight', () => {
    const at = (date: string, time: string) => cairoInstant(date, time)!;
    expect(formatPickupWindow(at('2026-12-02', '23:00'), at('2026-12-03', '01:00'), 'en')).toBe(
      'Wednesday, December 2, 2026 · \u206623:00\u2069 – Thursday \u206601:00\u2069',
    );
    expect(formatPickupWindow(at('2026-12-02', '23:00'), at('2026-12-03', '01:00'), 'ar')).toBe(
      'الأربعاء، 2 ديسمبر 2026 · \u206623:00\u2069 – الخميس \u206601:00\u2069',
    );
    expect(formatPickupWindow(at('2026-12-02', '22:00'), at('2026-12-03', '00:00'), 'en')).toBe(
      'Wednesday, December 2, 2026 · \u206622:00–24:00\u2069',
    );
    expect(formatPickupWindow(at('2026-10-29', '22:00'), at('2026-10-29', '23:30'), 'en')).toBe(
      'Thursday, October 29, 2026 · \u206622:00–23:30\u2069 (\u206623:30\u2069 in summer time, before the clocks go back)',
    );
    expect(formatPickupWindow(at('2026-10-29', '22:00'), at('2026-10-29', '23:30'), 'ar')).toBe(
      'الخميس، 29 أكتوبر 2026 · \u206622:00–23:30\u2069 (\u206623:30\u2069 بالتوقيت الصيفي، قبل ما الساعة ترجع)',
    );
  });
});
