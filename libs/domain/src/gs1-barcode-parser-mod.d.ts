// The parser ships no types; this is the part of its API MedRelay uses.
declare module 'gs1-barcode-parser-mod' {
  export interface ParsedElement {
    /** The application identifier, e.g. "01", "17", "10", "21". */
    ai: string;
    dataTitle: string;
    /** The element as the library reads it (a Date for date AIs). */
    data: unknown;
    unit: string;
    /** For date AIs, the day as written, "YYYY-MM-DD" (day 00 already the month's last day). */
    isoDate: string;
    /** The element's characters as encoded. */
    raw: string;
  }
  export function parseBarcode(barcode: string): { codeName: string; parsedCodeItems: ParsedElement[] };
}
