import { describe, expect, it } from 'vitest';
import { isAvailableListing } from './stock';
import {
  donationStatus,
  donationTimeline,
  hasPharmacist,
  donorSummary,
  unitsDonated,
  type DonationLike,
  type DonationRequestLike,
} from './donations';

const donation = (id: number, quantity: number, reservedQuantity = 0): DonationLike => ({
  id,
  name: `Medicine ${id}`,
  quantity,
  reservedQuantity,
  createdAt: `2026-11-0${id}T10:00:00.000Z`,
});
const request = (
  id: number,
  medicineId: number,
  status: DonationRequestLike['status'],
  quantity = 1,
): DonationRequestLike => ({
  id,
  medicineId,
  status,
  quantity,
  createdAt: `2026-11-1${id}T10:00:00.000Z`,
  updatedAt: `2026-11-2${id}T10:00:00.000Z`,
  direction: 'incoming',
  medicine: { name: `Medicine ${medicineId}` },
  requester: { name: 'Resala' },
});

describe('donation badge (spec §4)', () => {
  it('is Available without requests, Pickup Scheduled while one is pending or approved, Completed once collected', () => {
    expect(donationStatus(1, [])).toBe('available');
    expect(donationStatus(1, [request(1, 1, 'rejected'), request(2, 1, 'cancelled')])).toBe('available');
    expect(donationStatus(1, [request(1, 1, 'pending')])).toBe('pickupScheduled');
    expect(donationStatus(1, [request(1, 1, 'approved')])).toBe('pickupScheduled');
    expect(donationStatus(1, [request(1, 1, 'pending'), request(2, 1, 'completed')])).toBe('completed');
    expect(donationStatus(2, [request(1, 1, 'completed')])).toBe('available');
  });
});

describe('donor figures (spec §2, §9)', () => {
  it('counts donations, pickups, collections, units and lives impacted', () => {
    const donations = [donation(1, 3, 2), donation(2, 4), donation(3, 1)];
    // As the server counts them: one collected on donation 1, one pending on donation 2.
    const counts = {
      pendingPickups: 1,
      collected: 1,
      completedDonations: 1,
      scheduledDonations: 1,
      availableDonations: 1,
    };
    // The catalog's totals over these three donations: 3 listings, 3 + 2 + 4 + 1 units.
    expect(unitsDonated(donations)).toBe(10);
    expect(donorSummary({ listings: donations.length, units: 10 }, counts)).toEqual({
      totalDonations: 3,
      pendingPickups: 1,
      completedDonations: 1,
      availableForPickup: 1,
      impactValue: 150,
      totalMedicines: 10,
      successfullyCollected: 1,
      // floor(1.5 × 10)
      livesImpacted: 15,
    });
    const none = {
      pendingPickups: 0,
      collected: 0,
      completedDonations: 0,
      scheduledDonations: 0,
      availableDonations: 0,
    };
    expect(donorSummary({ listings: 1, units: 1 }, none).livesImpacted).toBe(1);
    expect(donorSummary({ listings: 0, units: 0 }, none).impactValue).toBe(0);
    // Available is the server's count of donations on offer that no request names: of 40
    // donations, those withdrawn, expired or recalled are not available, whatever their requests.
    expect(
      donorSummary({ listings: 40, units: 90 }, { ...counts, availableDonations: 12 }).availableForPickup,
    ).toBe(12);
  });

  it('builds the timeline newest first, one event per step', () => {
    const events = donationTimeline(
      [donation(1, 3, 2)],
      [request(1, 1, 'completed', 2), request(2, 1, 'pending')],
    );
    expect(events.map((e) => e.key)).toEqual(['completed:1', 'requested:2', 'requested:1', 'donated:1']);
    expect(events.at(-1)).toMatchObject({ kind: 'donated', quantity: 5, medicine: 'Medicine 1' });
    expect(events[0]).toMatchObject({ kind: 'completed', requester: 'Resala', quantity: 2 });
  });

  it('counts the units asked in the request event, though the donor approved fewer', () => {
    const events = donationTimeline([], [{ ...request(6, 1, 'approved', 2), askedQuantity: 5 }]);
    expect(events.map((e) => [e.kind, e.quantity])).toEqual([
      ['approved', 2],
      ['requested', 5],
    ]);
  });

  it('shows a collection the donor disputed as disputed, not as collected', () => {
    const events = donationTimeline([], [{ ...request(5, 1, 'completed', 2), handover: 'disputed' }]);
    expect(events.map((e) => [e.key, e.kind])).toEqual([
      ['completed:5', 'disputed'],
      ['requested:5', 'requested'],
    ]);
  });

  it("credits the platform's ends to the platform, not to the donor or the requester", () => {
    const events = donationTimeline(
      [],
      [
        { ...request(3, 1, 'rejected'), endedByPlatform: true },
        { ...request(4, 1, 'rejected'), endedByPlatform: false },
      ],
    );
    expect(events.filter((e) => e.key.startsWith('rejected:')).map((e) => [e.key, e.kind])).toEqual([
      ['rejected:4', 'rejected'],
      ['rejected:3', 'ended'],
    ]);
  });

  it('shows an approved pickup called off as called off, not as a rejected or withdrawn request', () => {
    const events = donationTimeline(
      [],
      [
        { ...request(7, 1, 'rejected'), calledOff: true },
        { ...request(8, 1, 'cancelled'), calledOff: true },
        { ...request(9, 1, 'cancelled'), calledOff: true, endedByPlatform: true },
        { ...request(10, 1, 'rejected'), calledOff: false },
      ],
    );
    const kinds = Object.fromEntries(
      events.filter((e) => e.kind !== 'requested').map((e) => [e.key, e.kind]),
    );
    expect(kinds).toEqual({
      'rejected:7': 'calledOff',
      'cancelled:8': 'pickupCancelled',
      'cancelled:9': 'ended',
      'rejected:10': 'rejected',
    });
  });
});

describe('availability (spec §4)', () => {
  it('needs the listing on, units left and an expiry still ahead', () => {
    const now = new Date('2026-11-22T12:00:00Z');
    const later = '2026-12-01T00:00:00Z';
    expect(isAvailableListing({ isAvailable: true, quantity: 1, expiryDate: later }, now)).toBe(true);
    expect(isAvailableListing({ isAvailable: false, quantity: 1, expiryDate: later }, now)).toBe(false);
    expect(isAvailableListing({ isAvailable: true, quantity: 0, expiryDate: later }, now)).toBe(false);
    expect(
      isAvailableListing({ isAvailable: true, quantity: 1, expiryDate: '2026-11-22T11:00:00Z' }, now),
    ).toBe(false);
  });
});

describe('hasPharmacist', () => {
  it('counts a pharmacy, and an NGO licence only once no administrator review is waiting on it', () => {
    expect(hasPharmacist({ userType: 'pharmacy' })).toBe(true);
    expect(hasPharmacist({ userType: 'ngo', profile: { pharmacistLicense: null } })).toBe(false);
    expect(hasPharmacist({ userType: 'ngo', profile: { pharmacistLicense: '104471' } })).toBe(true);
    expect(
      hasPharmacist({
        userType: 'ngo',
        profile: { pharmacistLicense: '0000', pharmacistLicensePending: true },
      }),
    ).toBe(false);
    expect(hasPharmacist({ userType: 'donor', profile: { pharmacistLicense: '104471' } })).toBe(false);
  });
});
