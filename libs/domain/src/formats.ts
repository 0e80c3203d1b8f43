import type { Language } from '@medrelay/contracts';
import { cairoTimeZone } from './calendar';

/**
 * Egyptian formats in both languages. Arabic keeps Latin digits (as most Egyptian professional
 * sites do), so a formatted number never sits beside a differently written one in a text. The
 * browser's formatters (libs/i18n) and the server's e-mails both use these locales.
 */
export const formatLocales: Record<Language, string> = { en: 'en-EG', ar: 'ar-EG-u-nu-latn' };

const dateTimeFormats = new Map<Language, Intl.DateTimeFormat>();

/** A moment as read in Egypt, date and time in full ("Thursday, March 5, 2026 at 12:00 PM"). */
export function formatCairoDateTime(instant: Date | string, language: Language): string {
  let format = dateTimeFormats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(formatLocales[language], {
      dateStyle: 'full',
      timeStyle: 'short',
      timeZone: cairoTimeZone,
    });
    dateTimeFormats.set(language, format);
  }
  return format.format(new Date(instant));
}
