import type { Language } from '@medrelay/contracts';
import { cairoTime, cairoTimeZone } from './calendar';

/**
 * Egyptian formats in both languages. Arabic keeps Latin digits (as most Egyptian professional
 * sites do), so a formatted number never sits beside a differently written one in a text. The
 * browser's formatters (libs/i18n) and the server's e-mails both use these locales.
 */
export const formatLocales: Record<Language, string> = { en: 'en-EG', ar: 'ar-EG-u-nu-latn' };

const dateTimeFormats = new Map<Language, Intl.DateTimeFormat>();

/**
 * A moment as read in Egypt, date and time in full ("Thursday, March 5, 2026 at 19:30"), on the
 * 24-hour clock as every time on MedRelay's screens and pickup windows (the locales' own is 12-hour).
 */
export function formatCairoDateTime(instant: Date | string, language: Language): string {
  let format = dateTimeFormats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(formatLocales[language], {
      dateStyle: 'full',
      timeStyle: 'short',
      hourCycle: 'h23',
      timeZone: cairoTimeZone,
    });
    dateTimeFormats.set(language, format);
  }
  return format.format(new Date(instant));
}

const dayFormats = new Map<Language, Intl.DateTimeFormat>();

/**
 * A pickup window as both the e-mails and the screens write it: the Cairo day in full, then
 * from–to ("Tuesday, December 1, 2026 · 10:00–12:00"). The times are isolated left to right, so
 * an Arabic sentence still reads 10:00–12:00, not 12:00–10:00.
 */
export function formatPickupWindow(
  startsAt: Date | string,
  endsAt: Date | string,
  language: Language,
): string {
  let format = dayFormats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(formatLocales[language], { dateStyle: 'full', timeZone: cairoTimeZone });
    dayFormats.set(language, format);
  }
  return `${format.format(new Date(startsAt))} · ${timeRange(startsAt, endsAt)}`;
}

/** "10:00–12:00" in Cairo time, kept left to right inside right-to-left text (Unicode isolates). */
export function timeRange(startsAt: Date | string, endsAt: Date | string): string {
  return leftToRight(`${cairoTime(startsAt)}–${cairoTime(endsAt)}`);
}

/**
 * Text that reads left to right (a phone number, a code, a time range) kept so inside
 * right-to-left text: without the isolate, "+201001234567" shows as "201001234567+".
 */
export function leftToRight(text: string): string {
  return `\u2066${text}\u2069`;
}

const moneyFormats = new Map<Language, Intl.NumberFormat>();
const numberFormats = new Map<Language, Intl.NumberFormat>();

/** An amount in Egyptian pounds as both the screens and the e-mails write it ("EGP 12.50", "‏12.50 ج.م.‏"). */
export function formatMoney(value: number, language: Language): string {
  let format = moneyFormats.get(language);
  if (!format) {
    format = new Intl.NumberFormat(formatLocales[language], {
      style: 'currency',
      currency: 'EGP',
      maximumFractionDigits: 2,
    });
    moneyFormats.set(language, format);
  }
  return format.format(value);
}

/**
 * A price worked out, "3 × EGP 12.50 = EGP 37.50": units × the unit price = the total, kept left
 * to right inside Arabic text (as a time range is), so it reads the same sum in both languages.
 * Each amount is isolated in turn (first strong isolate, FSI … PDI): the Arabic one carries
 * right-to-left marks ("‏12.50 ج.م.‏"), which would otherwise reorder the sum around them in a
 * right-to-left paragraph ("12.50 ج.م. = 37.50 ج.م. × 3").
 */
export function formatPriceSum(
  cost: { quantity: number; unitPrice: number; total: number },
  language: Language,
): string {
  let number = numberFormats.get(language);
  if (!number) numberFormats.set(language, (number = new Intl.NumberFormat(formatLocales[language])));
  const amount = (value: number) => `\u2068${formatMoney(value, language)}\u2069`;
  return leftToRight(`${number.format(cost.quantity)} × ${amount(cost.unitPrice)} = ${amount(cost.total)}`);
}
