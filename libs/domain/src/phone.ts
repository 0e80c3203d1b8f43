import { asciiDigits } from './digits';

/**
 * Phone numbers are stored and shown in E.164 (`+201001234567`) so `tel:` and WhatsApp links work
 * from any phone. Accepted: Egyptian local forms (`01001234567`, `0225551234`), `0020…`, `20…`,
 * `+20…`, and other countries' numbers written with `+`; spaces, dashes, dots and brackets are
 * ignored, Arabic-Indic digits read as digits. Egyptian numbers must have a real shape: mobiles
 * 1[0125] + 8 digits, landlines an area code 2–9 + 7 or 8 digits.
 *
 * A leaf module (no imports): `@medrelay/contracts` validates with it (`@medrelay/domain/phone`),
 * and svc-identity/migrations/004_phone_e164.sql applies the same rule to stored numbers.
 */
const egyptianNational = /^(1[0125]\d{8}|[2-9]\d{7,8})$/;
/** ITU E.164: a country code not starting with 0, at most 15 digits in all. */
const international = /^[1-9]\d{7,14}$/;

/** The number in E.164, or null when it is not a phone number. */
export function normalizePhone(input: string): string | null {
  const compact = asciiDigits(input.trim()).replace(/[\s\-.()\u200e\u200f]/g, '');
  let digits: string;
  if (compact.startsWith('+')) digits = compact.slice(1);
  else if (compact.startsWith('00')) digits = compact.slice(2);
  else if (compact.startsWith('0')) digits = `20${compact.slice(1)}`;
  else if (compact.startsWith('20') && egyptianNational.test(compact.slice(2))) digits = compact;
  else return null;
  if (!/^\d+$/.test(digits)) return null;
  if (digits.startsWith('20')) return egyptianNational.test(digits.slice(2)) ? `+${digits}` : null;
  return international.test(digits) ? `+${digits}` : null;
}

/** The number WhatsApp's `wa.me` links take (E.164 digits without `+`), or null. */
export function whatsAppNumber(phone: string): string | null {
  return normalizePhone(phone)?.slice(1) ?? null;
}

/** A `https://wa.me/…` link opening a chat with the number and the message typed in, or null. */
export function whatsAppLink(phone: string, message: string): string | null {
  const number = whatsAppNumber(phone);
  return number ? `https://wa.me/${number}?text=${encodeURIComponent(message)}` : null;
}
