import { describe, expect, it } from 'vitest';
import {
  photoProblem,
  defaultExpiryWarningDays,
  expiryAlertThresholds,
  cairoDay,
  cairoDayNumber,
  isPastPickup,
  mayViewListing,
  partyName,
  can,
  daysLeft,
  daysLeftTone,
  estimatedValueSaved,
  expiryClass,
  livesImpacted,
  mayUseProduct,
  rate,
  wasteReducedPercent,
  userStatusAction,
  visibleRecipientTypes,
} from './index';

describe('permissions (spec §6)', () => {
  it('lets only admins manage users and settings', () => {
    for (const role of ['pharmacy', 'ngo', 'donor'] as const) {
      expect(can(role, 'user.manage')).toBe(false);
      expect(can(role, 'settings.manage')).toBe(false);
    }
    expect(can('admin', 'user.manage')).toBe(true);
    expect(can('admin', 'settings.manage')).toBe(true);
  });
  it('lets pharmacies and donors list medicines but not NGOs', () => {
    expect(can('pharmacy', 'medicine.create')).toBe(true);
    expect(can('donor', 'medicine.create')).toBe(true);
    expect(can('ngo', 'medicine.create')).toBe(false);
  });
  it('lets only approved users, or admins, use the product (spec §2)', () => {
    expect(mayUseProduct('pharmacy', 'pending')).toBe(false);
    expect(mayUseProduct('ngo', 'rejected')).toBe(false);
    expect(mayUseProduct('donor', 'approved')).toBe(true);
    expect(mayUseProduct('admin', 'pending')).toBe(true);
  });
  it('shows each role only listings offered to it', () => {
    expect(visibleRecipientTypes('pharmacy')).toEqual(['pharmacies', 'both']);
    expect(visibleRecipientTypes('ngo')).toEqual(['ngos', 'both']);
    expect(visibleRecipientTypes('donor')).toEqual([]);
  });
});

describe('user status changes (spec §4)', () => {
  it('names the allowed changes', () => {
    expect(userStatusAction('pending', 'approved')).toBe('approve');
    expect(userStatusAction('pending', 'rejected')).toBe('reject');
    expect(userStatusAction('approved', 'rejected')).toBe('suspend');
    expect(userStatusAction('rejected', 'approved')).toBe('reactivate');
  });
  it('refuses no-op and backwards changes', () => {
    expect(userStatusAction('approved', 'approved')).toBeNull();
    expect(userStatusAction('approved', 'pending')).toBeNull();
    expect(userStatusAction('rejected', 'rejected')).toBeNull();
  });
});

describe('pickup dates (spec §5)', () => {
  // 22:30 UTC on 1 March is already 00:30 on 2 March in Cairo (UTC+2).
  const now = new Date('2030-03-01T22:30:00Z');
  it('refuses a Cairo day already gone and accepts any time today', () => {
    expect(isPastPickup(new Date('2030-03-01T21:00:00Z'), now)).toBe(true); // 1 March 23:00 Cairo
    expect(isPastPickup(new Date('2030-03-01T22:05:00Z'), now)).toBe(false); // 2 March 00:05 Cairo
    expect(isPastPickup(new Date('2030-03-01T22:29:00Z'), now)).toBe(false); // a minute ago, today
    expect(isPastPickup(new Date('2030-03-02T08:00:00Z'), now)).toBe(false);
    expect(isPastPickup(new Date('2030-02-27T10:00:00Z'), now)).toBe(true);
  });
  it('names the Cairo day of an instant (late UTC evening is already tomorrow there)', () => {
    expect(cairoDay('2030-06-30T22:30:00Z')).toBe('2030-07-01');
    expect(cairoDay('2030-01-15T10:00:00Z')).toBe('2030-01-15');
  });
});

describe('expiry (spec §4)', () => {
  // 14:00 in Cairo (UTC+2 in November).
  const now = new Date('2026-11-22T12:00:00Z');
  it('counts Cairo calendar days, today included', () => {
    expect(daysLeft('2026-11-22T13:00:00Z', now)).toBe(1);
    expect(daysLeft('2026-11-22T21:59:59.999Z', now)).toBe(1); // end of today in Cairo
    expect(daysLeft('2026-11-28T21:59:59.999Z', now)).toBe(7);
    expect(daysLeft('2026-11-29T12:00:00Z', now)).toBe(8);
    expect(daysLeft('2026-11-22T12:00:00Z', now)).toBe(0); // the expiry instant is past: expired
    expect(daysLeft('2026-11-21T21:59:59.999Z', now)).toBe(0); // yesterday
    expect(daysLeft('2026-11-20T11:00:00Z', now)).toBe(-1);
  });
  it('gives two listings expiring on the same day the same count, whatever their time of day', () => {
    const sameDay = [
      '2026-12-12T22:00:00Z',
      '2026-12-13T00:00:00Z',
      '2026-12-13T12:00:00Z',
      '2026-12-13T21:59:59Z',
    ];
    for (const at of ['2026-11-22T22:00:00Z', '2026-11-23T09:00:00Z', '2026-11-23T21:59:59Z']) {
      expect(sameDay.map((expiry) => daysLeft(expiry, new Date(at)))).toEqual([21, 21, 21, 21]);
    }
  });
  it("turns the day at midnight in Cairo, not UTC or the reader's zone", () => {
    const expiry = '2026-11-30T21:59:59.999Z'; // end of 30 November in Cairo
    expect(daysLeft(expiry, new Date('2026-11-22T21:59:59Z'))).toBe(9); // 23:59:59 on the 22nd
    expect(daysLeft(expiry, new Date('2026-11-22T22:00:00Z'))).toBe(8); // 00:00 on the 23rd, still the 22nd in UTC
  });
  it('follows Cairo summer time (UTC+3) too', () => {
    const expiry = '2027-07-20T20:59:59.999Z'; // end of 20 July in Cairo
    expect(daysLeft(expiry, new Date('2027-07-19T20:59:59Z'))).toBe(2); // 23:59:59 on the 19th
    expect(daysLeft(expiry, new Date('2027-07-19T21:00:00Z'))).toBe(1); // 00:00 on the 20th
    expect(daysLeft('2027-07-20T21:30:00Z', new Date('2027-07-19T21:00:00Z'))).toBe(2); // 00:30 on the 21st
  });
  it('gives every instant its Cairo day, across the summer-time changes, from its cache of hours', () => {
    // Each minute of both 2026 changes (April and October) and of the day after, twice: the second
    // time from the cache. The day is what a Cairo calendar shows (cairoDay, Intl itself).
    for (const start of ['2026-04-23T18:00:00Z', '2026-10-29T18:00:00Z']) {
      for (let round = 0; round < 2; round++) {
        for (let minute = 0; minute < 48 * 60; minute++) {
          const instant = new Date(Date.parse(start) + minute * 60_000);
          expect(cairoDayNumber(instant) * 86_400_000).toBe(Date.parse(`${cairoDay(instant)}T00:00:00Z`));
        }
      }
    }
  });
  it('classifies by days left', () => {
    expect(expiryClass(0)).toBe('expired');
    expect(expiryClass(-3)).toBe('expired');
    expect(expiryClass(1)).toBe('expiring');
    expect(expiryClass(30)).toBe('expiring');
    expect(expiryClass(31)).toBe('fresh');
  });
  it('moves "expiring soon" and the alert thresholds with the warning window', () => {
    expect(expiryClass(20, 10)).toBe('fresh');
    expect(expiryClass(10, 10)).toBe('expiring');
    expect(expiryClass(45, 60)).toBe('expiring');
    expect(expiryAlertThresholds(defaultExpiryWarningDays)).toEqual([30, 7, 1]);
    expect(expiryAlertThresholds(10)).toEqual([10, 7, 1]);
    expect(expiryAlertThresholds(60)).toEqual([60, 30, 7, 1]);
    expect(expiryAlertThresholds(5)).toEqual([5, 1]);
    expect(expiryAlertThresholds(1)).toEqual([1]);
  });
  it('colours the days-left badge', () => {
    expect(daysLeftTone(7)).toBe('danger');
    expect(daysLeftTone(8)).toBe('warning');
    expect(daysLeftTone(30)).toBe('warning');
    expect(daysLeftTone(31)).toBe('success');
  });
});

describe('the landing waste figure', () => {
  it('is stated only over enough units on both sides', () => {
    expect(wasteReducedPercent(4, 0)).toBeNull(); // the "100.0 %" of a young install
    expect(wasteReducedPercent(0, 0)).toBeNull();
    expect(wasteReducedPercent(900, 99)).toBeNull(); // under 1,000 units in all
    expect(wasteReducedPercent(2000, 0)).toBeNull(); // no expiry measured yet
    expect(wasteReducedPercent(20, 2000)).toBeNull(); // too few saved to say
    expect(wasteReducedPercent(950, 50)).toBe(95);
    expect(wasteReducedPercent(700, 300)).toBe(70);
  });
});

describe('stats formulas (spec §9)', () => {
  it('values each completed request at 150 EGP', () => {
    expect(estimatedValueSaved(0)).toBe(0);
    expect(estimatedValueSaved(7)).toBe(1050);
  });
  it('gives rates with one decimal and 0 for an empty whole', () => {
    expect(rate(1, 3)).toBe(33.3);
    expect(rate(2, 3)).toBe(66.7);
    expect(rate(5, 0)).toBe(0);
  });
  it('computes lives impacted as floor of 1.5 × quantity', () => {
    expect(livesImpacted(3)).toBe(4);
    expect(livesImpacted(10)).toBe(15);
  });
});

describe('mayViewListing (who sees a listing and its photo)', () => {
  const now = new Date('2026-05-01T10:00:00Z');
  const listing = {
    ownerId: 1,
    recipientType: 'ngos',
    isAvailable: true,
    quantity: 3,
    expiryDate: '2026-06-01T00:00:00Z',
    ownerActive: true,
  };
  const ngo = { id: 2, role: 'ngo' } as const;
  it('shows an offered, listed, unexpired listing of an active owner to the role it is offered to', () => {
    expect(mayViewListing(ngo, listing, now)).toBe(true);
    expect(mayViewListing({ id: 3, role: 'pharmacy' }, listing, now)).toBe(false);
    expect(mayViewListing({ id: 4, role: 'donor' }, { ...listing, recipientType: 'both' }, now)).toBe(false);
  });
  it('hides it once unlisted, used up, expired or its owner suspended; never from its owner or an admin', () => {
    for (const hidden of [
      { isAvailable: false },
      { quantity: 0 },
      { expiryDate: '2026-04-30T00:00:00Z' },
      { ownerActive: false },
    ]) {
      expect(mayViewListing(ngo, { ...listing, ...hidden }, now)).toBe(false);
      expect(mayViewListing({ id: 1, role: 'pharmacy' }, { ...listing, ...hidden }, now)).toBe(true);
      expect(mayViewListing({ id: 9, role: 'admin' }, { ...listing, ...hidden }, now)).toBe(true);
    }
  });
});

describe('medicine photos (spec §5)', () => {
  it('refuses photos of other types or above the max upload setting', () => {
    const mb = 1024 * 1024;
    expect(photoProblem({ type: 'image/png', size: 2 * mb }, 10)).toBeNull();
    expect(photoProblem({ type: 'image/webp', size: 10 * mb }, 10)).toBeNull();
    expect(photoProblem({ type: 'image/jpeg', size: 10 * mb + 1 }, 10)).toEqual({
      key: 'imageTooLarge',
      params: { max: 10 },
    });
    expect(photoProblem({ type: 'image/gif', size: 10 }, 10)?.key).toBe('imageTypeInvalid');
    expect(photoProblem({ type: 'application/pdf', size: 10 }, 10)?.key).toBe('imageTypeInvalid');
  });
});

describe('the name an account goes by for others (docs/transfers.md, "Who a notice names")', () => {
  it("is the organisation's where the account has one, else the account's own", () => {
    expect(partyName('Mona Adel', 'Al Amal Health Association')).toBe('Al Amal Health Association');
    expect(partyName('Nile Pharmacy – Dokki', null)).toBe('Nile Pharmacy – Dokki');
    expect(partyName('Ahmed Hassan', undefined)).toBe('Ahmed Hassan');
    expect(partyName('Mona Adel', '')).toBe('Mona Adel');
  });
});
