import { asciiDigits } from './digits';

/**
 * An NGO's pharmacist's licence number: the registration number of the
 * pharmacist with the Egyptian Pharmacists Syndicate / Ministry of Health licence. The rule:
 * digits only, 4 to 10 of them (current syndicate numbers have up to 6; room for prefixes of
 * the governorate office); spaces, dashes, slashes and dots are ignored and Arabic-Indic digits
 * read as digits, so "١٢٣-٤٥٦" is "123456". A leaf module: contracts validate with it, and
 * svc-identity/migrations/006_pharmacist_licence.sql constrains the stored column the same way.
 */
export const pharmacistLicenseDigits = { min: 4, max: 10 } as const;

/** The licence number as stored (Latin digits only), or null when it does not fit the rule. */
export function normalizePharmacistLicense(input: string): string | null {
  const digits = asciiDigits(input.trim()).replace(/[\s\-./\u200e\u200f]/g, '');
  const { min, max } = pharmacistLicenseDigits;
  return new RegExp(`^\\d{${min},${max}}$`).test(digits) ? digits : null;
}
