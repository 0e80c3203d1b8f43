import { parseBarcode } from 'gs1-barcode-parser-mod';
import { groupSeparator, productCodeGtin, symbologyPrefix } from './gs1-shape';
import { packCodeMaxLength, validGtin } from './gtin';

export { validGtin };
export { groupSeparator, looksLikeGs1, looksLikePackCode } from './gs1-shape';

// The GS1 DataMatrix on every Egyptian medicine pack (EDA decree 29/2016): GTIN (AI 01), expiry
// (17), batch (10), serial (21). Splitting the element string into its AIs is the maintained
// gs1-barcode-parser-mod's work; what a pack must satisfy on top (check digit, a real date,
// lengths the standard allows) is checked here, the same in the browser and on the server.

/** What a pack's code tells about it; a part the code does not carry is absent, never blank. */
export interface Gs1Pack {
  /** GTIN-14, check digit verified. */
  gtin?: string;
  /** The expiry day, "YYYY-MM-DD" (a code's day 00 is the month's last day). */
  expiryDate?: string;
  batch?: string;
  serial?: string;
}

export type Gs1Problem =
  /** Nothing that could be a GS1 element string. */
  | 'not-gs1'
  /** An AI the code cannot be read past, or a fixed-length field cut short. */
  | 'unreadable'
  | 'bad-check-digit'
  | 'bad-date'
  /** A variable field longer than the standard allows: most often a lost group separator. */
  | 'too-long';

/** The message key (libs/contracts messages) that says why a scanned code was refused. */
export const gs1ProblemMessage = {
  'not-gs1': 'gs1NotGs1',
  unreadable: 'gs1Unreadable',
  'bad-check-digit': 'gs1BadCheckDigit',
  'bad-date': 'gs1BadDate',
  'too-long': 'gs1TooLong',
} as const satisfies Record<Gs1Problem, string>;

export type Gs1Reading = { ok: true; pack: Gs1Pack } | { ok: false; problem: Gs1Problem; ai?: string };

/** Most characters AIs 10 and 21 may hold (GS1 General Specifications). */
const maxLength: Record<string, number> = { '10': packCodeMaxLength, '21': packCodeMaxLength };

/**
 * Reads a scanned GS1 element string (with or without a symbology identifier, with group
 * separators, or in the human-readable "(01)…(17)…" form), or a product code alone (a box's
 * EAN-13 / EAN-8 / UPC-A). Elements come in any order.
 */
export function readGs1(text: string): Gs1Reading {
  // Whitespace around a code is a paste's or the scanner's (its Enter or Tab suffix): GS1's
  // character set has none, and the group separator is not whitespace. A wedge scanner may send
  // FNC1 in first position as a group separator.
  const code = text.trim().replace(new RegExp(`^(\\][A-Za-z]\\d)?${groupSeparator}+`), '$1');
  // A box with only its retail barcode (EAN-13, EAN-8, UPC-A): the GTIN alone.
  const productCode = productCodeGtin(code);
  if (productCode) return { ok: true, pack: { gtin: productCode } };
  if (!code || !(symbologyPrefix.test(code) || /^(\(\d{2,4}\)|\d{2})/.test(code)))
    return { ok: false, problem: 'not-gs1' };
  let elements;
  try {
    elements = parseBarcode(code).parsedCodeItems;
  } catch {
    return { ok: false, problem: 'unreadable' };
  }
  if (elements.length === 0) return { ok: false, problem: 'not-gs1' };
  const pack: Gs1Pack = {};
  for (const element of elements) {
    const limit = maxLength[element.ai];
    if (limit !== undefined && element.raw.length > limit)
      return { ok: false, problem: 'too-long', ai: element.ai };
    switch (element.ai) {
      case '01':
        if (!validGtin(element.raw)) return { ok: false, problem: 'bad-check-digit', ai: '01' };
        pack.gtin = element.raw;
        break;
      case '17':
        if (!realDay(element.isoDate, element.raw)) return { ok: false, problem: 'bad-date', ai: '17' };
        pack.expiryDate = element.isoDate;
        break;
      case '10':
        if (element.raw) pack.batch = element.raw;
        break;
      case '21':
        if (element.raw) pack.serial = element.raw;
        break;
    }
  }
  // Read, but nothing a listing uses (only other AIs): not a pack code for the form.
  if (Object.keys(pack).length === 0) return { ok: false, problem: 'not-gs1' };
  return { ok: true, pack };
}

/**
 * The parser rolls an impossible day over into the next month (31 April → 1 May); the day it
 * reports must be the day written (or, for day 00, the month's last).
 */
function realDay(isoDate: string, raw: string): boolean {
  const m = /^\d{4}-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!m || !/^\d{6}$/.test(raw)) return false;
  if (m[1] !== raw.slice(2, 4)) return false;
  return raw.slice(4, 6) === '00' || m[2] === raw.slice(4, 6);
}
