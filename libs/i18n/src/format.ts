import { useTranslation } from 'react-i18next';
import type { Language } from '@medrelay/contracts';

/**
 * Egyptian formats in both languages. Arabic keeps Latin digits (as most Egyptian professional
 * sites do), so a formatted number never sits beside a differently written one in a text.
 */
const locales: Record<Language, string> = { en: 'en-EG', ar: 'ar-EG-u-nu-latn' };

const units: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
];

export function formatters(language: Language) {
  const locale = locales[language];
  return {
    locale,
    number: (value: number) => new Intl.NumberFormat(locale).format(value),
    money: (value: number) =>
      new Intl.NumberFormat(locale, { style: 'currency', currency: 'EGP', maximumFractionDigits: 2 }).format(
        value,
      ),
    percent: (value: number) =>
      new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(value / 100),
    date: (value: Date | string) =>
      new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(new Date(value)),
    dateTime: (value: Date | string) =>
      new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(value)),
    /** "3 days ago", "in 2 hours": the largest whole unit. */
    relative: (value: Date | string, now: Date = new Date()) => {
      const seconds = Math.round((new Date(value).getTime() - now.getTime()) / 1000);
      const [unit, size] = units.find(([, s]) => Math.abs(seconds) >= s) ?? ['second', 1];
      return new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }).format(
        Math.round(seconds / size),
        unit,
      );
    },
  };
}
export type Formatters = ReturnType<typeof formatters>;

/** Formatters for the active language; re-renders on language change. */
export function useFormat(): Formatters {
  const { i18n } = useTranslation();
  return formatters(i18n.resolvedLanguage === 'ar' ? 'ar' : 'en');
}
