const dayMs = 24 * 60 * 60 * 1000;

export const expiryAlertWindowDays = 30;
export const urgentThresholdDays = 7;

/**
 * The platform's calendar: medicines expire, pickups are booked and months are reported on
 * Egyptian days, whatever the reader's or the server's clock says. The one place it is written.
 */
export const cairoTimeZone = 'Africa/Cairo';

const cairoDate = new Intl.DateTimeFormat('en-CA', {
  timeZone: cairoTimeZone,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The Cairo calendar day (YYYY-MM-DD) of an instant, as a date input shows it. */
export function cairoDay(instant: Date | string): string {
  return cairoDate.format(new Date(instant));
}

/** The Cairo calendar day of an instant, as a day number (days since 1970-01-01). */
export function cairoDayNumber(instant: Date): number {
  const [year, month, day] = cairoDate.format(instant).split('-').map(Number) as [number, number, number];
  return Date.UTC(year, month - 1, day) / dayMs;
}

/**
 * Days left (spec §4, issue 13 #7): Cairo calendar days from today to the expiry day, counting
 * both, so a box expiring today has 1 ("Today"), tomorrow 2, and one whose expiry has passed 0 or
 * fewer. The time of day never matters while the expiry is ahead: two listings expiring on the
 * same day always show the same count, in the browser (any time zone), the server, the bell and
 * e-mails. Once the expiry instant is past (a date-time given with a time, earlier today) it is
 * expired, as the server's availability says. SQL twin: `daysLeftSql` (kept equal by a test).
 */
export function daysLeft(expiryDate: Date | string, now: Date = new Date()): number {
  const expiry = typeof expiryDate === 'string' ? new Date(expiryDate) : expiryDate;
  const days = cairoDayNumber(expiry) - cairoDayNumber(now) + 1;
  return expiry.getTime() <= now.getTime() ? Math.min(days, 0) : days;
}

/**
 * `daysLeft` in PostgreSQL over a timestamptz column and a "now" expression (default `now()`).
 * Both are SQL fragments chosen by the caller, never user input.
 */
export function daysLeftSql(expiry: string, now = 'now()'): string {
  const days = `(((${expiry}) AT TIME ZONE '${cairoTimeZone}')::date - ((${now}) AT TIME ZONE '${cairoTimeZone}')::date + 1)`;
  return `(CASE WHEN (${expiry}) <= (${now}) THEN LEAST(${days}, 0) ELSE ${days} END)`;
}

export type ExpiryClass = 'expired' | 'expiring' | 'fresh';

/** Expired at 0 or fewer days, expiring soon at 1 to 30, fresh above 30 (spec §4). */
export function expiryClass(days: number): ExpiryClass {
  if (days <= 0) return 'expired';
  if (days <= expiryAlertWindowDays) return 'expiring';
  return 'fresh';
}

export type BadgeTone = 'danger' | 'warning' | 'success';

/** Days-left badge colour: 7 or fewer red, 8 to 30 yellow, over 30 green (spec §4). */
export function daysLeftTone(days: number): BadgeTone {
  if (days <= urgentThresholdDays) return 'danger';
  if (days <= expiryAlertWindowDays) return 'warning';
  return 'success';
}
