import { describe, expect, it } from 'vitest';
import type { RequestStatus } from '@medrelay/contracts';
import { formatMoney, formatPriceSum, requestCost, transferTotal, type PricedRequest } from './index';

const request = (over: Partial<PricedRequest> = {}): PricedRequest => ({
  status: 'pending',
  quantity: 3,
  unitPrice: null,
  originalUnitPrice: null,
  medicine: { source: 'pharmacy', discountPrice: '12.50' },
  ...over,
});

describe('what a request costs its requester (requestCost)', () => {
  it('while pending: the listing’s price now × the quantity, marked current', () => {
    expect(requestCost(request())).toEqual({
      unitPrice: 12.5,
      total: 37.5,
      quantity: 3,
      free: false,
      basis: 'current',
    });
  });

  it('while pending: a rise since the request is not counted, a cut is (what the approval records)', () => {
    const asked = { discountPrice: '10.00', originalPrice: '50.00' };
    expect(requestCost(request({ askedPrices: asked }))).toMatchObject({ unitPrice: 10, total: 30 });
    const cut = request({ askedPrices: asked, medicine: { source: 'pharmacy', discountPrice: '8.00' } });
    expect(requestCost(cut)).toMatchObject({ unitPrice: 8, total: 24 });
    // Asked when it was free: still free.
    const wasFree = request({ askedPrices: { discountPrice: null, originalPrice: '50.00' } });
    expect(requestCost(wasFree)).toMatchObject({ unitPrice: 0, free: true });
  });

  it('once approved: the price recorded then, whatever the listing asks now', () => {
    for (const status of ['approved', 'completed'] as RequestStatus[])
      expect(requestCost(request({ status, unitPrice: '10.00', originalUnitPrice: '20.00' }))).toMatchObject({
        unitPrice: 10,
        total: 30,
        free: false,
        basis: 'agreed',
      });
  });

  it('an approval at no price is free, even when the listing has a price now', () => {
    expect(requestCost(request({ status: 'approved', originalUnitPrice: '20.00' }))).toMatchObject({
      total: 0,
      free: true,
      basis: 'agreed',
    });
  });

  it('a listing without a discount price, or a donation, is free', () => {
    expect(requestCost(request({ medicine: { source: 'pharmacy', discountPrice: null } }))).toMatchObject({
      free: true,
      total: 0,
    });
    expect(requestCost(request({ medicine: { source: 'donor', discountPrice: '5.00' } }))).toMatchObject({
      free: true,
      total: 0,
    });
  });

  it('a request ended, before or after its approval, or whose listing is unknown yet, has no price', () => {
    expect(requestCost(request({ status: 'rejected' }))).toBeNull();
    expect(requestCost(request({ status: 'cancelled' }))).toBeNull();
    expect(requestCost(request({ medicine: null }))).toBeNull();
    // A pickup called off after its approval: the price agreed is no longer due.
    for (const status of ['rejected', 'cancelled'] as RequestStatus[])
      expect(requestCost(request({ status, unitPrice: '4.00', originalUnitPrice: '9.00' }))).toBeNull();
  });

  it('keeps piastres exact', () => {
    expect(transferTotal(0.1, 3)).toBe(0.3);
    expect(
      requestCost(request({ quantity: 7, medicine: { source: 'pharmacy', discountPrice: '0.35' } }))?.total,
    ).toBe(2.45);
  });
});

describe('money in both languages', () => {
  it('writes pounds with Latin digits, the sum kept left to right', () => {
    expect(formatMoney(1234.5, 'en')).toBe('EGP\u00a01,234.50');
    expect(formatMoney(12.5, 'ar')).toMatch(/12\.50\s?ج\.م\./);
    const cost = { quantity: 3, unitPrice: 12.5, total: 37.5 };
    expect(formatPriceSum(cost, 'en')).toBe(
      '\u20663 × \u2068EGP\u00a012.50\u2069 = \u2068EGP\u00a037.50\u2069\u2069',
    );
    const arabic = formatPriceSum(cost, 'ar');
    expect(arabic.startsWith('\u20663 × \u2068')).toBe(true);
    expect(arabic.endsWith('\u2069\u2069')).toBe(true);
    expect(arabic).toMatch(/12\.50\s?ج\.م\..*= .*37\.50\s?ج\.م\./);
    expect(arabic).not.toMatch(/[٠-٩]/);
  });

  it('isolates each Arabic amount, so its right-to-left marks cannot reorder the sum', () => {
    const arabic = formatPriceSum({ quantity: 3, unitPrice: 12.5, total: 37.5 }, 'ar');
    // Left to right as a whole (LRI … PDI), each amount in its own first-strong isolate (FSI … PDI).
    expect(arabic).toBe(
      `\u20663 × \u2068${formatMoney(12.5, 'ar')}\u2069 = \u2068${formatMoney(37.5, 'ar')}\u2069\u2069`,
    );
    // Nothing right to left is left outside the amounts' isolates: the "3 ×" and "=" stay in order.
    const outside = arabic.slice(1, -1).replace(/\u2068[^\u2066-\u2069]*\u2069/g, '');
    expect(outside).toBe('3 ×  = ');
  });
});
