import { cairoDayNumber, cairoTimeZone } from './calendar';

/**
 * The expiry warning window's default, in days left: the one "30" of the spec (§3 setting
 * `expiryWarningDays`, §4 "expiring soon" 1–30). The administrator's setting moves the window
 * (the bell, the scan's alerts, the admin's expiry classes); this is only where it starts.
 */
export const defaultExpiryWarningDays = 30;
/** Days left at or below which stock is urgent: red badges, the dashboard banner, the bell's first group. */
export const urgentThresholdDays = 7;

/**
 * Days left (spec §4): Cairo calendar days from today to the expiry day, counting
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

/**
 * Expired at 0 or fewer days, expiring soon inside the warning window (1 to 30 by default),
 * fresh above it (spec §4). SQL twin: `expiryClassSql`.
 */
export function expiryClass(days: number, warningDays: number = defaultExpiryWarningDays): ExpiryClass {
  if (days <= 0) return 'expired';
  if (days <= warningDays) return 'expiring';
  return 'fresh';
}

/**
 * `expiryClass(days, warningDays) = cls` as a SQL condition over a days-left expression (see
 * `daysLeftSql`) and a warning-window expression (a bound parameter such as `$3`). Both are SQL
 * fragments chosen by the caller, never user input.
 */
export function expiryClassSql(cls: ExpiryClass, days: string, warningDays: string): string {
  if (cls === 'expired') return `(${days}) <= 0`;
  if (cls === 'expiring') return `(${days}) BETWEEN 1 AND (${warningDays})`;
  return `(${days}) > (${warningDays})`;
}

/**
 * The days left at which the expiry scan alerts an owner, once each per listing: on entering the
 * warning window, then at 30 (the default window), 7 and 1 days inside it. With the default
 * window: 30, 7, 1.
 */
export function expiryAlertThresholds(warningDays: number): number[] {
  const steps = [defaultExpiryWarningDays, urgentThresholdDays, 1].filter((t) => t < warningDays);
  return [warningDays, ...steps];
}

export type BadgeTone = 'danger' | 'warning' | 'success';

/** Days-left badge colour: 7 or fewer red, 8 to 30 yellow, over 30 green (spec §4's fixed colours). */
export function daysLeftTone(days: number): BadgeTone {
  if (days <= urgentThresholdDays) return 'danger';
  if (days <= defaultExpiryWarningDays) return 'warning';
  return 'success';
}
