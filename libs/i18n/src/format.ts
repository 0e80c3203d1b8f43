import { useTranslation } from 'react-i18next';
import type { Language } from '@medrelay/contracts';
import { cairoTimeZone } from '@medrelay/domain/calendar';
import { formatLocales as locales, formatMoney, formatPriceSum } from '@medrelay/domain/formats';

const units: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
];

/** Made on first call, then kept. */
function once<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}

function createFormatters(language: Language) {
  const locale = locales[language];
  // Built once per language (Intl formatters are costly to create and lists format many
  // values), each on its first use: the landing page formats numbers only, and a formatter with
  // a time zone costs the zone's data (the landing page's start-up).
  const number = once(() => new Intl.NumberFormat(locale));
  // Always one decimal (spec §9 rates: 37.5 %, 50.0 %), so figures side by side line up.
  const percent = once(
    () =>
      new Intl.NumberFormat(locale, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 }),
  );
  // Days are Cairo days (expiry dates are good through the end of their day in Cairo), so a
  // reader elsewhere sees the same date as the days-left count.
  const date = once(() => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: cairoTimeZone }));
  // Pickup times and code expiries are Cairo times: the same the e-mail and the calendar file give.
  // 24-hour in both languages, as pickup windows and `clock` are: the locales' own short time is
  // 12-hour ("10:30 AM", "10:30 ص").
  const dateTime = once(
    () =>
      new Intl.DateTimeFormat(locale, {
        dateStyle: 'medium',
        timeStyle: 'short',
        hourCycle: 'h23',
        timeZone: cairoTimeZone,
      }),
  );
  const relative = once(() => new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }));
  const clock = once(
    () =>
      new Intl.DateTimeFormat(locale, {
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
        timeZone: cairoTimeZone,
      }),
  );
  return {
    locale,
    number: (value: number) => number().format(value),
    /** EGP, as the e-mails write it too (libs/domain formatMoney). */
    money: (value: number) => formatMoney(value, language),
    /** "3 × EGP 12.50 = EGP 37.50", left to right in Arabic too (libs/domain formatPriceSum). */
    priceSum: (cost: { quantity: number; unitPrice: number; total: number }) =>
      formatPriceSum(cost, language),
    percent: (value: number) => percent().format(value / 100),
    date: (value: Date | string) => date().format(new Date(value)),
    /** "Nov 20, 2026, 14:05": a moment in Cairo, 24-hour. */
    dateTime: (value: Date | string) => dateTime().format(new Date(value)),
    /** "14:05": the time of day in Cairo, 24-hour. */
    clock: (value: Date | string) => clock().format(new Date(value)),
    /** "today", "tomorrow", "in 3 days": a count of calendar days from today. */
    relativeDays: (days: number) => relative().format(days, 'day'),
    /** "3 days ago", "in 2 hours": the largest whole unit. */
    relative: (value: Date | string, now: Date = new Date()) => {
      const seconds = Math.round((new Date(value).getTime() - now.getTime()) / 1000);
      const [unit, size] = units.find(([, s]) => Math.abs(seconds) >= s) ?? ['second', 1];
      return relative().format(Math.round(seconds / size), unit);
    },
  };
}

const byLanguage = new Map<Language, ReturnType<typeof createFormatters>>();

export function formatters(language: Language) {
  let found = byLanguage.get(language);
  if (!found) byLanguage.set(language, (found = createFormatters(language)));
  return found;
}
export type Formatters = ReturnType<typeof formatters>;

/** Formatters for the active language; re-renders on language change. */
export function useFormat(): Formatters {
  const { i18n } = useTranslation();
  return formatters(i18n.resolvedLanguage === 'ar' ? 'ar' : 'en');
}
