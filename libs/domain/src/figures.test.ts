import { describe, expect, it } from 'vitest';
import {
  chargedUnitPrice,
  isMedicineAvailable,
  listedUnits,
  urgentStockCount,
  marketUnitPrice,
  cairoMonth,
  receivedByMonth,
  receivedSummary,
  revenueRecovered,
  successfulTransfers,
  type TransferLike,
} from './index';

/** The prices recorded on approval, and the medicine's source. */
const priced = (
  originalUnitPrice: string | null,
  unitPrice: string | null,
  source = 'pharmacy' as const,
) => ({
  originalUnitPrice,
  unitPrice,
  medicine: { source },
});
const transfer = (over: Partial<TransferLike>): TransferLike => ({
  status: 'completed',
  quantity: 1,
  direction: 'incoming',
  updatedAt: '2026-05-10T10:00:00Z',
  ...priced('100.00', '40.00'),
  ...over,
});

describe('unit prices', () => {
  it('charges the discount price; no discount price means free (spec §9)', () => {
    expect(chargedUnitPrice(priced('100.00', '40.50'))).toBe(40.5);
    expect(chargedUnitPrice(priced('100.00', null))).toBe(0);
    expect(chargedUnitPrice(priced(null, null))).toBe(0);
  });
  it('values a unit at its original price, else the discount price', () => {
    expect(marketUnitPrice(priced('100.00', '40.00'))).toBe(100);
    expect(marketUnitPrice(priced(null, '40.00'))).toBe(40);
    expect(marketUnitPrice(priced(null, null))).toBeNull();
  });
});

describe('pharmacy dashboard figures (spec §2, real instead of the 12,450 EGP placeholder)', () => {
  const requests = [
    transfer({ quantity: 3 }), // 3 × 40
    transfer({ quantity: 2, ...priced('25.25', '0.25') }), // 2 × 0.25
    transfer({ quantity: 6, ...priced('80.00', null) }), // free despite its original price
    transfer({ quantity: 7, ...priced(null, null) }), // free
    transfer({ quantity: 5, status: 'approved' }), // not collected yet
    transfer({ quantity: 9, direction: 'outgoing' }), // what the pharmacy itself received
    transfer({ quantity: 4, status: 'cancelled' }),
  ];
  it('sums quantity × discount price over completed transfers out; free ones add nothing', () => {
    expect(revenueRecovered(requests)).toBe(120.5);
    expect(revenueRecovered([])).toBe(0);
  });
  it('counts completed transfers out', () => {
    expect(successfulTransfers(requests)).toBe(4);
  });
  it('takes groups of requests as the server sums them (quantity summed, requests counted)', () => {
    const groups = [transfer({ quantity: 5, requests: 2 }), transfer({ quantity: 3, requests: 3 })];
    expect(successfulTransfers(groups)).toBe(5);
    expect(revenueRecovered(groups)).toBe(320);
  });
  it('keeps cents exact', () => {
    expect(revenueRecovered([transfer({ quantity: 3, ...priced(null, '0.10') })])).toBe(0.3);
  });
});

describe('NGO impact (received from completed requests)', () => {
  const requests = [
    transfer({ direction: 'outgoing', quantity: 10 }),
    transfer({ direction: 'outgoing', quantity: 3, ...priced(null, null, 'donor' as never) }),
    transfer({ direction: 'outgoing', quantity: 50, status: 'approved' }),
    transfer({ direction: 'outgoing', quantity: 50, status: 'pending' }),
  ];
  it('counts units, patients = floor(1.5 × units), value where priced, and sources', () => {
    expect(receivedSummary(requests)).toEqual({
      units: 13,
      patientsServed: 19,
      estimatedValue: 1000,
      unpricedUnits: 3,
      bySource: { pharmacy: 10, donor: 3 },
    });
  });
  it('is all zero with nothing collected', () => {
    expect(receivedSummary([]).patientsServed).toBe(0);
  });
  it('buckets collections by calendar month in Cairo, oldest first, ignoring older ones', () => {
    const now = new Date('2026-06-15T10:00:00Z');
    const months = receivedByMonth(
      [
        // 23:30 UTC on 31 May is already 1 June in Cairo.
        transfer({ direction: 'outgoing', quantity: 2, updatedAt: '2026-05-31T23:30:00Z' }),
        transfer({ direction: 'outgoing', quantity: 4, updatedAt: '2026-04-30T09:00:00Z' }),
        transfer({ direction: 'outgoing', quantity: 8, updatedAt: '2025-01-01T09:00:00Z' }),
      ],
      3,
      now,
    );
    expect(months.map((m) => m.month)).toEqual(['2026-04', '2026-05', '2026-06']);
    expect(months.map((m) => m.units.pharmacy)).toEqual([4, 0, 2]);
    expect(months.map((m) => m.value)).toEqual([400, 0, 200]);
  });
  it('crosses a year boundary', () => {
    expect(cairoMonth('2026-12-31T22:30:00Z')).toBe('2027-01');
    const months = receivedByMonth([], 3, new Date('2027-01-10T10:00:00Z'));
    expect(months.map((m) => m.month)).toEqual(['2026-11', '2026-12', '2027-01']);
  });
});

describe('stock (spec §4 availability, urgent banner)', () => {
  const now = new Date('2026-06-01T10:00:00Z');
  const inDays = (days: number) => new Date(now.getTime() + days * 24 * 3600 * 1000).toISOString();
  const stock = (over: Partial<{ isAvailable: boolean; quantity: number; expiryDate: string }>) => ({
    isAvailable: true,
    quantity: 3,
    expiryDate: inDays(3),
    ...over,
  });
  it('is available only when listed with quantity left', () => {
    expect(isMedicineAvailable(stock({}))).toBe(true);
    expect(isMedicineAvailable(stock({ quantity: 0 }))).toBe(false);
    expect(isMedicineAvailable(stock({ isAvailable: false }))).toBe(false);
  });
  it('counts as listed only the units left on listings offered now', () => {
    const medicines = [
      stock({ quantity: 5 }),
      stock({ quantity: 7, expiryDate: inDays(40) }),
      stock({ quantity: 6, isAvailable: false }), // unlisted
      stock({ quantity: 4, expiryDate: inDays(-1) }), // expired
      stock({ quantity: 0 }), // all taken by requests
    ];
    expect(listedUnits(medicines, now)).toBe(12);
    expect(listedUnits([], now)).toBe(0);
  });
  it('counts offered stock expiring within 7 days, not expired or unlisted stock', () => {
    const medicines = [
      stock({ expiryDate: inDays(0.5) }), // tomorrow in Cairo: 2 days
      stock({ expiryDate: '2026-06-07T20:59:59.999Z' }), // end of 7 June in Cairo: 7 days, today counted
      stock({ expiryDate: '2026-06-08T06:00:00Z' }), // 8 June: 8 days
      stock({ expiryDate: inDays(-1) }),
      stock({ isAvailable: false }),
      stock({ quantity: 0 }),
    ];
    expect(urgentStockCount(medicines, now)).toBe(2);
  });
});
