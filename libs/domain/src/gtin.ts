/**
 * GTIN rules in a leaf module (no imports): contracts validate a GTIN a client sends with it
 * (`@medrelay/domain/gtin`) without pulling the GS1 parser into every bundle.
 */

/** GTIN-8/12/13/14 check digit (GS1 mod 10: weights 3 and 1 from the right). */
export function validGtin(gtin: string): boolean {
  if (!/^(\d{8}|\d{12}|\d{13}|\d{14})$/.test(gtin)) return false;
  const digits = [...gtin].map(Number);
  const check = digits.pop()!;
  const sum = digits.reverse().reduce((acc, d, i) => acc + d * (i % 2 === 0 ? 3 : 1), 0);
  return (10 - (sum % 10)) % 10 === check;
}

/**
 * The GTIN-14 form a pack's DataMatrix carries (AI 01): a GTIN-13 from the box's printed
 * barcode is the same product with a leading zero, so both spellings find one dictionary entry.
 */
export function toGtin14(gtin: string): string {
  return gtin.padStart(14, '0');
}

/** Most characters AIs 10 (batch) and 21 (serial) may hold (GS1 General Specifications). */
export const packCodeMaxLength = 20;

/**
 * Whether a listing holds its pack's serial number (GTIN + serial), so the same pack cannot be
 * listed again: while it is listed. Unlisting (the owner, an admin, or the expiry scan for
 * expired stock) frees it; a listing whose units are all promised to requests still holds it.
 * SQL twin: the partial unique index `medicines_open_pack` (svc-catalog migration 008).
 */
export function holdsPackSerial(listing: {
  isAvailable: boolean;
  gtin?: string | null;
  serial?: string | null;
}) {
  return listing.isAvailable && !!listing.gtin && !!listing.serial;
}
