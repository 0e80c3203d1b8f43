import { toGtin14, validGtin } from './gtin';

/**
 * How a scanner's GS1 element string looks, apart from reading it (gs1.ts): a leaf the forms
 * load with their first screen to tell a keyboard-wedge scan from typing, while the parser
 * itself loads only when a code is read.
 */

/** ASCII 29, the group separator that ends a variable-length field (FNC1 inside the symbol). */
export const groupSeparator = '\u001d';

/** Symbology identifiers a scanner may put first: GS1 DataMatrix, GS1-128, GS1 QR, GS1 DataBar. */
export const symbologyPrefix = /^\](d2|C1|Q3|e0)/;

/** Whether text typed into a field is a scanner's GS1 element string rather than what a person types. */
export function looksLikeGs1(text: string): boolean {
  const t = text.trim();
  return (
    symbologyPrefix.test(t) ||
    t.includes(groupSeparator) ||
    /^\(01\)\d{14}/.test(t) ||
    // A bare element string: AI 01 with a valid GTIN, followed by more elements.
    (/^01\d{14}\d{2}/.test(t) && validGtin(t.slice(2, 16)))
  );
}

/**
 * The GTIN-14 of a box's retail barcode read alone (EAN-13, EAN-8, UPC-A, or a GTIN-14; AIM
 * identifier ]E0 / ]E4 allowed), or null. Only a valid check digit counts: it is what tells a
 * product code from any other run of digits.
 */
export function productCodeGtin(text: string): string | null {
  const m = /^(?:\]E[04])?(\d{8}|\d{12,14})$/.exec(text.trim());
  return m && validGtin(m[1]!) ? toGtin14(m[1]!) : null;
}

/**
 * Whether a whole code (pasted, inserted at once, or a burst ended by the scanner's Enter) is
 * something to read: a GS1 element string or a product code alone. A burst still being typed
 * is judged by `looksLikeGs1` only: digits alone are a scan only once whole.
 */
export function looksLikePackCode(text: string): boolean {
  return looksLikeGs1(text) || productCodeGtin(text) !== null;
}
