import type { Language } from '@medrelay/contracts';
import { addDays, cairoClockPass, cairoDay, cairoTime, cairoTimeZone, startOfCairoDay } from './calendar';

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
  const options = { dateStyle: 'full', timeStyle: 'short', hourCycle: 'h23' } as const;
  return cached(dateTimeFormats, language, options).format(new Date(instant));
}

const dayFormats = new Map<Language, Intl.DateTimeFormat>();
const weekdayFormats = new Map<Language, Intl.DateTimeFormat>();

function cached(
  formats: Map<Language, Intl.DateTimeFormat>,
  language: Language,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  let format = formats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(formatLocales[language], { ...options, timeZone: cairoTimeZone });
    formats.set(language, format);
  }
  return format;
}

/** The note after a time the clocks pass twice that evening, saying which pass it is. */
const clockPassNote: Record<Language, Record<'summer' | 'winter', (time: string) => string>> = {
  en: {
    summer: (time) => `${time} in summer time, before the clocks go back`,
    winter: (time) => `${time} in winter time, after the clocks go back`,
  },
  ar: {
    summer: (time) => `${time} بالتوقيت الصيفي، قبل ما الساعة ترجع`,
    winter: (time) => `${time} بالتوقيت الشتوي، بعد ما الساعة ترجع`,
  },
};

/**
 * A pickup window as both the e-mails and the screens write it: the Cairo day in full, then
 * from–to ("Tuesday, December 1, 2026 · 10:00–12:00"). The times are isolated left to right, so
 * an Arabic sentence still reads 10:00–12:00, not 12:00–10:00. A window ending at the midnight
 * that closes its day ends at 24:00; one running past it names the day it ends on
 * ("Wednesday, December 2, 2026 · 23:00 – Thursday 01:00"). A time the clocks pass twice (23:00–23:59
 * the evening summer time ends) is followed by which pass it is.
 */
export function formatPickupWindow(
  startsAt: Date | string,
  endsAt: Date | string,
  language: Language,
): string {
  const day = cached(dayFormats, language, { dateStyle: 'full' }).format(new Date(startsAt));
  const end = windowEnd(startsAt, endsAt);
  const range =
    end.day === 'same'
      ? leftToRight(`${cairoTime(startsAt)}–${end.time}`)
      : `${leftToRight(cairoTime(startsAt))} – ${
          end.day === 'next'
            ? cached(weekdayFormats, language, { weekday: 'long' }).format(new Date(endsAt))
            : cached(dayFormats, language, { dateStyle: 'full' }).format(new Date(endsAt))
        } ${leftToRight(end.time)}`;
  const notes = [startsAt, endsAt].flatMap((instant) => {
    const pass = cairoClockPass(instant);
    return pass ? [clockPassNote[language][pass](leftToRight(cairoTime(instant)))] : [];
  });
  return `${day} · ${range}${notes.length ? ` (${notes.join(language === 'ar' ? '، ' : '; ')})` : ''}`;
}

/** Where a window ends, as read from its first day: that day (24:00 at its midnight), the next or later. */
function windowEnd(
  startsAt: Date | string,
  endsAt: Date | string,
): { day: 'same' | 'next' | 'later'; time: string } {
  const first = cairoDay(startsAt);
  const last = cairoDay(endsAt);
  const time = cairoTime(endsAt);
  if (last === first) return { day: 'same', time };
  if (last === addDays(first, 1))
    return new Date(endsAt).getTime() === startOfCairoDay(last).getTime()
      ? { day: 'same', time: '24:00' }
      : { day: 'next', time };
  return { day: 'later', time };
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
