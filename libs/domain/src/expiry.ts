const dayMs = 24 * 60 * 60 * 1000;

export const expiryAlertWindowDays = 30;
export const urgentThresholdDays = 7;

/** Whole days until expiry, rounded up (spec §4): expiring later today is 1, already past is ≤ 0. */
export function daysLeft(expiryDate: Date | string, now: Date = new Date()): number {
  const expiry = typeof expiryDate === 'string' ? new Date(expiryDate) : expiryDate;
  return Math.ceil((expiry.getTime() - now.getTime()) / dayMs);
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
