import { describe, expect, it } from 'vitest';
import {
  mayViewListing,
  can,
  daysLeft,
  daysLeftTone,
  estimatedValueSaved,
  expiryClass,
  livesImpacted,
  mayUseProduct,
  rate,
  requestTransitionParty,
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

describe('request state machine (spec §4)', () => {
  it('lets the owner decide and the requester cancel or complete', () => {
    expect(requestTransitionParty('pending', 'approved')).toBe('owner');
    expect(requestTransitionParty('pending', 'rejected')).toBe('owner');
    expect(requestTransitionParty('pending', 'cancelled')).toBe('requester');
    expect(requestTransitionParty('approved', 'completed')).toBe('requester');
  });
  it('refuses every other transition', () => {
    expect(requestTransitionParty('pending', 'completed')).toBeNull();
    expect(requestTransitionParty('approved', 'cancelled')).toBeNull();
    expect(requestTransitionParty('rejected', 'approved')).toBeNull();
    expect(requestTransitionParty('completed', 'approved')).toBeNull();
    expect(requestTransitionParty('cancelled', 'pending')).toBeNull();
  });
});

describe('expiry (spec §4)', () => {
  const now = new Date('2026-11-22T12:00:00Z');
  it('rounds days left up', () => {
    expect(daysLeft('2026-11-22T13:00:00Z', now)).toBe(1);
    expect(daysLeft('2026-11-29T12:00:00Z', now)).toBe(7);
    expect(daysLeft('2026-11-29T12:00:01Z', now)).toBe(8);
    expect(daysLeft('2026-11-22T12:00:00Z', now)).toBe(0);
    expect(daysLeft('2026-11-21T11:00:00Z', now)).toBe(-1);
  });
  it('classifies by days left', () => {
    expect(expiryClass(0)).toBe('expired');
    expect(expiryClass(-3)).toBe('expired');
    expect(expiryClass(1)).toBe('expiring');
    expect(expiryClass(30)).toBe('expiring');
    expect(expiryClass(31)).toBe('fresh');
  });
  it('colours the days-left badge', () => {
    expect(daysLeftTone(7)).toBe('danger');
    expect(daysLeftTone(8)).toBe('warning');
    expect(daysLeftTone(30)).toBe('warning');
    expect(daysLeftTone(31)).toBe('success');
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
