import { startOfNextCairoDay } from './calendar';

/**
 * The handover code: six digits the requester shows at the counter (or as a QR) and
 * the owner enters. Guessing is bounded per code: `handoverMaxAttempts` wrong codes lock it, for
 * longer each time (`handoverLockMinutesAfter`).
 */
export const handoverCodeDigits = 6;
export const handoverMaxAttempts = 10;
/** The first lock's length. */
export const handoverLockMinutes = 15;
/** The longest lock: a day. */
export const handoverLongestLockMinutes = 24 * 60;

/**
 * How long the `lock`-th lock of a code lasts (1 = the first): 15 minutes, then twice as long each
 * time, at most a day. A code lives as long as its pickup can happen, which a new offer moves (up
 * to the pack's expiry): with a fixed 15 minutes an owner guessing without the requester could try
 * 960 codes a day, a third of them all in a year, and complete a handover that never happened in
 * the custody log. Doubled, the eighth lock already lasts a day: about 140 tries in a week, 3,700 in
 * a year (0.4 %). Someone mistyping a code never reaches a second lock.
 */
export function handoverLockMinutesAfter(lock: number): number {
  return Math.min(handoverLockMinutes * 2 ** Math.max(0, lock - 1), handoverLongestLockMinutes);
}
/** How long a code lives after approval when no pickup date was set (pharmacy stock). */
export const handoverCodeDaysWithoutDate = 7;

/** The shape of a handover code: `handoverCodeDigits` Latin digits (what the contract accepts too). */
export const handoverCodePattern = new RegExp(`^[0-9]{${handoverCodeDigits}}$`);

/** Whether a text has the shape of a handover code. */
export function isHandoverCodeShape(code: string): boolean {
  return handoverCodePattern.test(code);
}

/**
 * When a handover code issued on approval stops being accepted: the end of the approved pickup
 * date's Cairo day, or `handoverCodeDaysWithoutDate` days after approval when no date was set.
 * Once the parties choose a pickup window the code expires with that window instead (the
 * handover repo reads the chosen window's end first).
 */
export function handoverCodeExpiry(approval: { approvedAt: Date; pickupDate: Date | null }): Date {
  if (approval.pickupDate) return startOfNextCairoDay(approval.pickupDate);
  return new Date(approval.approvedAt.getTime() + handoverCodeDaysWithoutDate * 24 * 3600_000);
}

/**
 * A completed request the figures count as collected (success counts, units received, impact),
 * as SQL over a requests table alias: not one whose owner disputed the requester's "collected"
 * (an administrator sorts those out; the status stays completed meanwhile).
 */
export function countsAsCollectedSql(alias: string): string {
  return `(${alias}.status = 'completed' AND ${alias}.handover IS DISTINCT FROM 'disputed')`;
}
