import { describe, expect, it } from 'vitest';
import { messages } from '@medrelay/contracts';
import {
  groupSeparator as GS,
  gs1ProblemMessage,
  looksLikeGs1,
  looksLikePackCode,
  readGs1,
  validGtin,
} from './gs1';
import { holdsPackSerial, toGtin14 } from './gtin';

// 06221234567891: an Egyptian GTIN-13 (622…) as GTIN-14, check digit 1.
const gtin = '06221234567891';

describe('GTIN check digit', () => {
  it.each([
    ['06221234567891', true],
    ['06221234567890', false],
    ['4006381333931', true],
    ['96385074', true],
    ['036000291452', true],
    ['036000291453', false],
    ['0622123456789', false],
    ['0622123456789x', false],
  ])('%s → %s', (code, valid) => expect(validGtin(code)).toBe(valid));
});

describe('reading a pack code', () => {
  it.each([
    [
      'DataMatrix with ]d2 and separators',
      `]d201${gtin}17270531${GS}10AB-123${GS}21SER1`,
      {
        gtin,
        expiryDate: '2027-05-31',
        batch: 'AB-123',
        serial: 'SER1',
      },
    ],
    [
      'no symbology identifier, serial last without separator',
      `01${gtin}1727053110AB-123${GS}21SER1`,
      {
        gtin,
        expiryDate: '2027-05-31',
        batch: 'AB-123',
        serial: 'SER1',
      },
    ],
    [
      'serial and batch before the fixed fields',
      `21SER1${GS}10LOT7${GS}01${gtin}17281130`,
      {
        gtin,
        expiryDate: '2028-11-30',
        batch: 'LOT7',
        serial: 'SER1',
      },
    ],
    [
      'a separator after a fixed field (some printers add one)',
      `01${gtin}${GS}17270531${GS}10B1`,
      {
        gtin,
        expiryDate: '2027-05-31',
        batch: 'B1',
      },
    ],
    ['day 00 is the last day of the month', `01${gtin}17270200`, { gtin, expiryDate: '2027-02-28' }],
    ['day 00 in a leap February', `01${gtin}17280200`, { gtin, expiryDate: '2028-02-29' }],
    [
      'human-readable form',
      `(01)${gtin}(17)270531(10)X9(21)77`,
      {
        gtin,
        expiryDate: '2027-05-31',
        batch: 'X9',
        serial: '77',
      },
    ],
    [
      'a wedge scanner: FNC1 first as a separator, Enter last',
      `${GS}01${gtin}17270531${GS}10B2\r\n`,
      {
        gtin,
        expiryDate: '2027-05-31',
        batch: 'B2',
      },
    ],
    [
      'other AIs are read past (NHRN 710, count 30)',
      `01${gtin}710EG12345${GS}30${'12'}${GS}17270531`,
      {
        gtin,
        expiryDate: '2027-05-31',
      },
    ],
    ['only a GTIN', `]d201${gtin}`, { gtin }],
    ['pasted with leading spaces', `   01${gtin}17270531`, { gtin, expiryDate: '2027-05-31' }],
    [
      'a scanner that ends with Tab',
      `]d201${gtin}17270531${GS}10B3\t`,
      { gtin, expiryDate: '2027-05-31', batch: 'B3' },
    ],
    ['spaces around a human-readable code', ` (01)${gtin}(10)X9 \r\n`, { gtin, batch: 'X9' }],
    // A box's retail barcode (or a wedge scan of it): the GTIN alone, stored as GTIN-14.
    ['an EAN-13', '6221234567891', { gtin }],
    ['a GTIN-14 alone', gtin, { gtin }],
    ['an EAN-8', '96385074', { gtin: '00000096385074' }],
    ['a UPC-A', '036000291452', { gtin: '00036000291452' }],
    ['an EAN-13 with its AIM identifier', `]E06221234567891\r\n`, { gtin }],
  ])('%s', (_, code, pack) => expect(readGs1(code)).toEqual({ ok: true, pack }));

  it.each([
    ['typed text', 'Panadol 500mg', { problem: 'not-gs1' }],
    ['empty', '   ', { problem: 'not-gs1' }],
    ['bad check digit', `01062212345678901727053110A`, { problem: 'bad-check-digit', ai: '01' }],
    ['month 13', `01${gtin}17271301`, { problem: 'bad-date', ai: '17' }],
    ['31 April', `01${gtin}17270431`, { problem: 'bad-date', ai: '17' }],
    ['29 February of a common year', `01${gtin}17270229`, { problem: 'bad-date', ai: '17' }],
    [
      'a batch of 21 characters (a lost separator)',
      `01${gtin}10ABCDEFGHIJ21SERIAL123`,
      { problem: 'too-long', ai: '10' },
    ],
    ['an unknown AI', `01${gtin}2327053110A`, { problem: 'unreadable' }],
    ['a GTIN cut short', `]d2010622123`, { problem: 'unreadable' }],
    // Read, but nothing a listing uses: not "filled from the pack code" with nothing filled.
    ['only a count (AI 30)', `]d23012`, { problem: 'not-gs1' }],
    ['eight digits with a wrong check digit', '96385075', { problem: 'not-gs1' }],
  ])('refuses %s', (_, code, problem) => expect(readGs1(code)).toEqual({ ok: false, ...problem }));
});

describe('telling a scan from typing', () => {
  it.each([
    [`]d201${gtin}17270531`, true],
    [`01${gtin}17270531${GS}10A`, true],
    [`01${gtin}17270531`, true],
    [`(01)${gtin}(17)270531`, true],
    ['0100 tablets', false],
    ['Panadol', false],
    ['01062212345678901727', false],
  ])('%j → %s', (text, scan) => expect(looksLikeGs1(text)).toBe(scan));

  it.each([
    [`]d201${gtin}17270531`, true],
    ['6221234567891', true],
    [gtin, true],
    ['96385074', true],
    [']E06221234567891', true],
    ['6221234567890', false],
    ['622123456789', false],
    ['1000', false],
  ])('a whole pack code or product code: %j → %s', (text, scan) =>
    expect(looksLikePackCode(text)).toBe(scan),
  );
});

describe('pack codes on listings', () => {
  it('says every refusal with a message that exists in both languages', () => {
    for (const key of Object.values(gs1ProblemMessage)) {
      expect(messages[key].en.length, key).toBeGreaterThan(0);
      expect(messages[key].ar.length, key).toBeGreaterThan(0);
    }
  });

  it('stores any GTIN spelling as the DataMatrix GTIN-14', () => {
    expect(toGtin14('6221234567891')).toBe(gtin);
    expect(toGtin14(gtin)).toBe(gtin);
    expect(validGtin(toGtin14('6221234567891'))).toBe(true);
  });

  it('holds a serial only while the listing is listed and has both GTIN and serial', () => {
    expect(holdsPackSerial({ isAvailable: true, gtin, serial: 'S1' })).toBe(true);
    expect(holdsPackSerial({ isAvailable: false, gtin, serial: 'S1' })).toBe(false);
    expect(holdsPackSerial({ isAvailable: true, gtin, serial: null })).toBe(false);
    expect(holdsPackSerial({ isAvailable: true, gtin: null, serial: 'S1' })).toBe(false);
  });
});
