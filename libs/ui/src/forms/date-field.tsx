import { useMemo, useRef } from 'react';
import {
  DatePicker,
  defaultDatePickerStrings,
  type CalendarStrings,
  type DatePickerProps,
} from '@fluentui/react-datepicker-compat';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '@medrelay/i18n';
import type { Language } from '@medrelay/contracts';

const pad = (n: number) => String(n).padStart(2, '0');

/** A day as the forms keep it (YYYY-MM-DD) from a calendar date (local parts, as the calendar picks). */
export function dayString(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The calendar date of a YYYY-MM-DD day, or null. */
export function dateOfDay(day: string | undefined | null): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day ?? '');
  if (!match) return null;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return date.getMonth() === Number(match[2]) - 1 ? date : null;
}

/** dd/mm/yyyy with Latin digits, in both languages (how dates are written in Egypt). */
export function formatDay(date?: Date | null): string {
  return date ? `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()}` : '';
}

const arabicDigits = /[\u0660-\u0669]/g;
/**
 * A typed day: dd/mm/yyyy (also with "-" or ".", Arabic-Indic digits allowed) or yyyy-mm-dd.
 * Null when it is no real day (31/02/2027).
 */
export function parseDay(text: string): Date | null {
  const latin = text.trim().replace(arabicDigits, (d) => String(d.charCodeAt(0) - 0x0660));
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(latin);
  const dmy = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(latin);
  const [year, month, day] = iso
    ? [iso[1], iso[2], iso[3]]
    : dmy
      ? [dmy[3], dmy[2], dmy[1]]
      : [undefined, undefined, undefined];
  if (!year) return null;
  const date = new Date(Number(year), Number(month) - 1, Number(day));
  return date.getMonth() === Number(month) - 1 && date.getDate() === Number(day) ? date : null;
}

/** Month and day names from Intl (Egyptian Arabic or English), the rest from our texts. */
function calendarStrings(language: Language, t: (key: string) => string): CalendarStrings {
  const locale = language === 'ar' ? 'ar-EG' : 'en-GB';
  const months = Array.from({ length: 12 }, (_, m) =>
    new Intl.DateTimeFormat(locale, { month: 'long' }).format(new Date(2026, m, 1)),
  );
  // 4 January 2026 was a Sunday: the calendar's day arrays start on Sunday.
  const weekday = (style: 'long' | 'narrow' | 'short') =>
    Array.from({ length: 7 }, (_, d) =>
      new Intl.DateTimeFormat(locale, { weekday: style }).format(new Date(2026, 0, 4 + d)),
    );
  return {
    ...defaultDatePickerStrings,
    months,
    shortMonths: language === 'ar' ? months : months.map((m) => m.slice(0, 3)),
    days: weekday('long'),
    shortDays: language === 'ar' ? weekday('narrow') : weekday('short').map((d) => d.slice(0, 2)),
    goToToday: t('datePicker.goToToday'),
    prevMonthAriaLabel: t('datePicker.prevMonth'),
    nextMonthAriaLabel: t('datePicker.nextMonth'),
    prevYearAriaLabel: t('datePicker.prevYear'),
    nextYearAriaLabel: t('datePicker.nextYear'),
    closeButtonAriaLabel: t('datePicker.close'),
  };
}

/** Egypt's week starts on Saturday (DayOfWeek.Saturday); English screens keep Sunday. */
const firstDay = { ar: 6, en: 0 } as const;

/**
 * A day picker that reads the page's language: Fluent's DatePicker instead of the
 * browser's `<input type="date">`, which shows mm/dd/yyyy and English names whatever the page
 * says. Shows dd/mm/yyyy with Latin digits, month and day names in Arabic on Arabic screens, the
 * week from Saturday there; a date may be typed too. Keeps the day as YYYY-MM-DD.
 */
export function DateField({
  value,
  onChange,
  onBlur,
  min,
  ...props
}: Omit<DatePickerProps, 'value' | 'onSelectDate' | 'minDate' | 'onChange' | 'onBlur'> & {
  value: string | undefined | null;
  onChange: (day: string) => void;
  onBlur?: () => void;
  /** The first day that may be picked (YYYY-MM-DD). */
  min?: string;
}) {
  const { t, i18n } = useTranslation('common');
  const language = currentLanguage(i18n);
  const strings = useMemo(() => calendarStrings(language, t), [language, t]);
  // `min` greys out earlier days in the calendar, but a typed earlier day must still reach the
  // form (Fluent would drop it silently and keep the old value): the form's schema then says why
  // it is refused ("cannot be in the past"), as the API would.
  const typed = useRef<Date | null>(null);
  return (
    <DatePicker
      {...props}
      value={dateOfDay(value)}
      minDate={dateOfDay(min) ?? undefined}
      onSelectDate={(date) => onChange(date ? dayString(date) : '')}
      onValidationResult={({ error }) => {
        if (error === 'out-of-bounds' && typed.current) onChange(dayString(typed.current));
      }}
      onBlur={onBlur}
      formatDate={formatDay}
      parseDateFromString={(text) => (typed.current = parseDay(text))}
      allowTextInput
      strings={strings}
      firstDayOfWeek={firstDay[language] as DatePickerProps['firstDayOfWeek']}
      placeholder={t('datePicker.placeholder')}
    />
  );
}
