/**
 * The platform's calendar: medicines expire, pickups are booked, codes lapse and months are
 * reported on Egyptian days and Cairo wall-clock times, whatever the reader's or the server's
 * clock zone says. Every "today", "this day" and "HH:mm" of MedRelay is worked out here.
 *
 * A day is written `YYYY-MM-DD` (as a date input holds it); a time `HH:mm` (24 h).
 */
export const cairoTimeZone = 'Africa/Cairo';

const hourMs = 60 * 60 * 1000;
const dayMs = 24 * hourMs;

// Formatters are made on first use: one with a time zone loads the zone's data (about 20 ms of
// the landing page's start-up in Chromium, measured), and the landing page, which imports this
// module for `cairoTimeZone`, formats no date.
function lazyFormat(options: Intl.DateTimeFormatOptions, locale = 'en-CA'): () => Intl.DateTimeFormat {
  let format: Intl.DateTimeFormat | undefined;
  return () => (format ??= new Intl.DateTimeFormat(locale, { timeZone: cairoTimeZone, ...options }));
}
const dayFormat = lazyFormat({ year: 'numeric', month: '2-digit', day: '2-digit' });
const clockFormat = lazyFormat({ hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }, 'en-GB');
const offsetFormat = lazyFormat({ timeZoneName: 'longOffset' }, 'en-US');
const monthFormat = lazyFormat({ year: 'numeric', month: '2-digit' });

/**
 * Whether `YYYY-MM-DD` names a day of the calendar. JavaScript's parser rolls a day that does
 * not exist into the next month (`2027-02-30` becomes 2 March), so the parts are checked.
 */
export function isCalendarDay(day: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/**
 * An ISO date-time (`2027-02-28T10:00`, with or without seconds and zone) or day as an instant,
 * or null when it is not one or names a day or time that does not exist. A date-time without a
 * zone is a Cairo wall-clock time, wherever it is read (a server runs on UTC, a phone anywhere).
 */
export function parseInstant(value: string): Date | null {
  const m = /^(\d{4}-\d{2}-\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/.exec(
    value,
  );
  if (!m || !isCalendarDay(m[1]!)) return null;
  if (m[2] !== undefined && (Number(m[2]) > 23 || Number(m[3]) > 59 || Number(m[4] ?? 0) > 59)) return null;
  if (m[2] !== undefined && m[6] === undefined) {
    const minute = cairoInstant(m[1]!, `${m[2]}:${m[3]}`)!;
    return new Date(minute.getTime() + Math.round(Number(`${m[4] ?? 0}${m[5] ?? ''}`) * 1000));
  }
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The Cairo calendar day (YYYY-MM-DD) of an instant. */
export function cairoDay(instant: Date | string): string {
  return dayFormat().format(new Date(instant));
}

/** Today in Cairo (YYYY-MM-DD): what a date picker offers as its first day. */
export function cairoToday(now: Date = new Date()): string {
  return cairoDay(now);
}

/** The Cairo wall-clock time (HH:mm) of an instant. */
export function cairoTime(instant: Date | string): string {
  return clockFormat().format(new Date(instant));
}

/** `YYYY-MM` of an instant, in Cairo: the month a collection is reported in. */
export function cairoMonth(instant: Date | string): string {
  const parts = monthFormat().formatToParts(new Date(instant));
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${part('year')}-${part('month')}`;
}

/** A day `n` days after (or before, when negative) a day, on the calendar. */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T12:00:00Z`) + n * dayMs).toISOString().slice(0, 10);
}

// Cairo's offset from UTC is a whole number of hours and changes only on a whole hour, so every
// instant of one UTC hour falls on the same Cairo day: the day is worked out once per hour (a
// formatter call costs more than the rest of a browse page's key).
const cairoDayByUtcHour = new Map<number, number>();

/** The Cairo calendar day of an instant, as a day number (days since 1970-01-01). */
export function cairoDayNumber(instant: Date): number {
  const hour = Math.floor(instant.getTime() / hourMs);
  let dayNumber = cairoDayByUtcHour.get(hour);
  if (dayNumber === undefined) {
    dayNumber = Date.parse(`${cairoDay(instant)}T00:00:00Z`) / dayMs;
    if (cairoDayByUtcHour.size >= 4096) cairoDayByUtcHour.clear();
    cairoDayByUtcHour.set(hour, dayNumber);
  }
  return dayNumber;
}

/** Whether an instant falls on a Cairo day before today's (any time today is not "before"). */
export function isBeforeCairoToday(instant: Date, now: Date = new Date()): boolean {
  return cairoDayNumber(instant) < cairoDayNumber(now);
}

/** Cairo's UTC offset in minutes at an instant (Egypt keeps summer time again since 2023). */
export function cairoOffsetMinutes(instant: Date): number {
  const name =
    offsetFormat()
      .formatToParts(instant)
      .find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const m = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  return m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) : 0;
}

/** The instant of a Cairo wall-clock time ("2026-12-01", "18:30"), or null when not a real time. */
export function cairoInstant(day: string, time: string): Date | null {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  const t = /^(\d{2}):(\d{2})$/.exec(time);
  if (!d || !t) return null;
  const [y, mo, da, h, mi] = [d[1], d[2], d[3], t[1], t[2]].map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  if (h > 23 || mi > 59) return null;
  const asUtc = Date.UTC(y, mo - 1, da, h, mi);
  const check = new Date(asUtc);
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== da)
    return null;
  // A time the clocks pass twice (23:00–23:59 on the evening summer time ends, when 24:00 becomes
  // 23:00) is its first pass, in summer time, as calendars read a local time (RFC 5545 §3.3.5) and
  // as anyone reads a clock that evening: the earliest reading that shows this day and time.
  const wanted = `${day} ${time}`;
  for (const offset of new Set(
    [cairoOffsetMinutes(new Date(asUtc - dayMs)), cairoOffsetMinutes(new Date(asUtc + dayMs))].sort(
      (a, b) => b - a,
    ),
  )) {
    const candidate = new Date(asUtc - offset * 60_000);
    if (`${cairoDay(candidate)} ${cairoTime(candidate)}` === wanted) return candidate;
  }
  // A time the clocks skip: two passes settle on the hour after it (cairoClockExists says so).
  let instant = new Date(asUtc - cairoOffsetMinutes(new Date(asUtc)) * 60_000);
  instant = new Date(asUtc - cairoOffsetMinutes(instant) * 60_000);
  return instant;
}

/**
 * Whether a Cairo wall-clock time comes twice that day: 23:00–23:59 on the last Thursday of
 * October, when summer time ends at 24:00 and the clocks go back to 23:00. `cairoInstant` reads
 * such a time as its first pass (summer time).
 */
export function cairoClockRepeats(day: string, time: string): boolean {
  const first = cairoInstant(day, time);
  if (!first || !cairoClockExists(day, time)) return false;
  const later = new Date(first.getTime() + hourMs);
  return cairoDay(later) === day && cairoTime(later) === time;
}

/**
 * Which pass of a repeated wall-clock time an instant is ('summer' before the clocks go back,
 * 'winter' after), or null for an instant whose Cairo time comes once that day.
 */
export function cairoClockPass(instant: Date | string): 'summer' | 'winter' | null {
  const at = new Date(instant);
  const day = cairoDay(at);
  const time = cairoTime(at);
  const same = (other: Date) => cairoDay(other) === day && cairoTime(other) === time;
  if (same(new Date(at.getTime() + hourMs))) return 'summer';
  if (same(new Date(at.getTime() - hourMs))) return 'winter';
  return null;
}

/**
 * Whether a Cairo wall-clock time happens on that day: not in the hour the clocks skip when summer
 * time begins (00:00–00:59 on the last Friday of April), which `cairoInstant` reads as the hour
 * after it (00:30 is 01:30), so a window typed as 00:00–00:30 would be kept as 01:00–01:30.
 */
export function cairoClockExists(day: string, time: string): boolean {
  const instant = cairoInstant(day, time);
  return instant !== null && cairoDay(instant) === day && cairoTime(instant) === time;
}

/** The first instant of a Cairo day (its midnight, in summer time or not). */
export function startOfCairoDay(day: string): Date {
  // Cairo is UTC+2 or UTC+3: its midnight is 2 or 3 hours before that day's UTC midnight.
  let candidate = Date.parse(`${day}T00:00:00Z`) - 3 * hourMs;
  while (cairoDay(new Date(candidate)) !== day) candidate += hourMs;
  return new Date(candidate);
}

/** The first instant of the Cairo day after the one `instant` falls on. */
export function startOfNextCairoDay(instant: Date): Date {
  return startOfCairoDay(addDays(cairoDay(instant), 1));
}

/**
 * The last moment of a Cairo day: a box marked with a day is good through that day in Egypt,
 * not until UTC midnight, which would count it expired for its whole last two or three hours.
 */
export function lastMomentOfCairoDay(day: string): Date {
  return new Date(startOfCairoDay(addDays(day, 1)).getTime() - 1);
}
