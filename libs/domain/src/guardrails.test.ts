import { describe, expect, it } from 'vitest';
import {
  defaultDonorForbiddenCategories,
  forbiddenCategories,
  needsColdChain,
  normalizeCategories,
} from './categories';
import { normalizePharmacistLicense } from './pharmacist-license';

describe('guardrail categories', () => {
  it('refuses donors what the setting forbids, in canonical order; pharmacies never', () => {
    expect(
      forbiddenCategories('donor', ['coldChain', 'prescription'], defaultDonorForbiddenCategories),
    ).toEqual(['prescription', 'coldChain']);
    expect(forbiddenCategories('donor', ['coldChain'], ['prescription', 'controlled'])).toEqual([]);
    expect(forbiddenCategories('donor', [], defaultDonorForbiddenCategories)).toEqual([]);
    expect(
      forbiddenCategories('pharmacy', ['controlled', 'coldChain'], defaultDonorForbiddenCategories),
    ).toEqual([]);
  });

  it('keeps known keys once each in canonical order; cold chain is what needs the cool box', () => {
    expect(normalizeCategories(['coldChain', 'x', 'prescription', 'coldChain'])).toEqual([
      'prescription',
      'coldChain',
    ]);
    expect(needsColdChain(['prescription', 'coldChain'])).toBe(true);
    expect(needsColdChain(['prescription'])).toBe(false);
    expect(needsColdChain(undefined)).toBe(false);
  });
});

describe("NGO pharmacist's licence number", () => {
  it.each([
    ['48213', '48213'],
    [' 12-34 56 ', '123456'],
    ['١٢٣-٤٥٦', '123456'],
    ['1234', '1234'],
    ['1234567890', '1234567890'],
    ['123', null],
    ['12345678901', null],
    ['PH-1234', null],
    ['', null],
  ])('%j → %j', (input, expected) => {
    expect(normalizePharmacistLicense(input)).toBe(expected);
  });
});
