import { cairoDay } from './expiry';

/**
 * The handover code of issue 18: six digits the requester shows at the counter (or as a QR) and
 * the owner enters. Guessing is bounded per code: `handoverMaxAttempts` wrong codes lock it for
 * `handoverLockMinutes`, so at most 10 of the 1,000,000 codes can be tried per 15 minutes.
 */
export const handoverCodeDigits = 6;
export const handoverMaxAttempts = 10;
export const handoverLockMinutes = 15;
/** How long a code lives after approval when no pickup date was set (pharmacy stock). */
export const handoverCodeDaysWithoutDate = 7;

/** Whether a text has the shape of a handover code (6 Latin digits). */
export function isHandoverCodeShape(code: string): boolean {
  return /^[0-9]{6}$/.test(code);
}

const hourMs = 60 * 60 * 1000;

/** The first instant of the Cairo day after the one `instant` falls on (Cairo offsets are whole hours). */
export function endOfCairoDay(instant: Date): Date {
  const [y, m, d] = cairoDay(instant).split('-').map(Number) as [number, number, number];
  const next = new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
  // Cairo is UTC+2 or UTC+3: its midnight is 2 or 3 hours before UTC midnight.
  let candidate = Date.UTC(y, m - 1, d + 1) - 3 * hourMs;
  while (cairoDay(new Date(candidate)) !== next) candidate += hourMs;
  return new Date(candidate);
}

/**
 * When a handover code issued on approval stops being accepted: the end of the approved pickup
 * date's Cairo day, or `handoverCodeDaysWithoutDate` days after approval when no date was set.
 * Once the parties choose a pickup window the code expires with that window instead (the
 * handover repo reads the chosen window's end first).
 */
export function handoverCodeExpiry(approval: { approvedAt: Date; pickupDate: Date | null }): Date {
  if (approval.pickupDate) return endOfCairoDay(approval.pickupDate);
  return new Date(approval.approvedAt.getTime() + handoverCodeDaysWithoutDate * 24 * hourMs);
}
