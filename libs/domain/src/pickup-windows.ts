import { addDays, cairoClockExists, cairoDay, cairoInstant } from './calendar';

/**
 * Pickup windows: the owner offers 1–3 windows (a Cairo day, from–to), the
 * requester picks one or proposes another. Times are Cairo wall-clock times, whatever the
 * browser's or server's zone; the rules live here so the dialog and the API agree.
 */
export const pickupWindowLimits = { min: 1, max: 3 } as const;

/** Egypt's bounding box (with a small margin): a map pin outside it is a typo. */
export const egyptBounds = { minLat: 21.7, maxLat: 31.8, minLng: 24.6, maxLng: 37.1 } as const;

export function isInEgypt(lat: number, lng: number): boolean {
  return (
    lat >= egyptBounds.minLat &&
    lat <= egyptBounds.maxLat &&
    lng >= egyptBounds.minLng &&
    lng <= egyptBounds.maxLng
  );
}

/** A plain OpenStreetMap link to the pin (no third-party script on our pages). */
export function mapLink(lat: number, lng: number): string {
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=17/${lat}/${lng}`;
}

export interface WindowInput {
  date: string;
  from: string;
  to: string;
}

export type WindowProblem =
  | 'pickupWindowInvalid'
  | 'pickupWindowClockChange'
  | 'pickupWindowOrder'
  | 'pickupWindowPast'
  | 'pickupWindowAfterExpiry';

/**
 * A window's instants, or why it is refused: not a real Cairo time (or one the clocks skip that
 * day when summer time begins, which would be kept an hour later than typed), ending before it starts,
 * already over, or starting once the medicine has expired (`expiresAt`: an expired pack is
 * never handed over). A window that started but has not ended yet is accepted ("now until 6").
 */
export function checkWindow(
  w: WindowInput,
  now: Date = new Date(),
  expiresAt: Date | null = null,
): { startsAt: Date; endsAt: Date } | { problem: WindowProblem } {
  const startsAt = cairoInstant(w.date, w.from);
  const endsAt = cairoInstant(w.date, w.to);
  if (!startsAt || !endsAt) return { problem: 'pickupWindowInvalid' };
  if (!cairoClockExists(w.date, w.from) || !cairoClockExists(w.date, w.to))
    return { problem: 'pickupWindowClockChange' };
  if (endsAt <= startsAt) return { problem: 'pickupWindowOrder' };
  if (endsAt <= now) return { problem: 'pickupWindowPast' };
  if (expiresAt && startsAt >= expiresAt) return { problem: 'pickupWindowAfterExpiry' };
  return { startsAt, endsAt };
}

/** The reminders of a chosen window: the evening before, and an hour before it starts. */
/** The start of an offer's last window (what the handover code's expiry follows), or null without windows. */
export function latestStart(windows: readonly { startsAt: Date }[]): Date | null {
  return windows.reduce<Date | null>((a, w) => (!a || w.startsAt > a ? w.startsAt : a), null);
}

export const reminderKinds = ['evening', 'hour'] as const;
export type ReminderKind = (typeof reminderKinds)[number];

/**
 * When to remind both parties of a chosen window: the evening before (Cairo 20:00 the day
 * before) and an hour before it starts. A moment already past when the window is chosen is
 * skipped (choosing at 21:00 for tomorrow morning sends only the hour-before reminder), and so
 * is an evening reminder that would come after the hour-before one.
 */
export function reminderMoments(startsAt: Date, now: Date = new Date()): { kind: ReminderKind; at: Date }[] {
  const startDay = cairoDay(startsAt);
  const evening = cairoInstant(addDays(startDay, -1), '20:00')!;
  const hour = new Date(startsAt.getTime() - 3600_000);
  const moments: { kind: ReminderKind; at: Date }[] = [];
  if (evening > now && evening < hour) moments.push({ kind: 'evening', at: evening });
  if (hour > now) moments.push({ kind: 'hour', at: hour });
  return moments;
}

/**
 * Whether a reminder still says the truth when it goes out late (held back by maintenance mode,
 * or a worker that was down): the evening one ("tomorrow") until the window's Cairo day begins,
 * the hour one ("in one hour") until the window starts. After that it is not sent: the window is
 * under way or over, and a burst of stale reminders would only mislead.
 */
export function reminderStillTrue(kind: ReminderKind, startsAt: Date, now: Date = new Date()): boolean {
  const until = kind === 'evening' ? cairoInstant(cairoDay(startsAt), '00:00')! : startsAt;
  return now < until;
}

/** Default hours after a missed window before the reservation goes back to stock (an admin setting). */
export const defaultNoShowGraceHours = 24;

/** A chosen window is missed once it ends without a handover. */
export function isWindowMissed(endsAt: Date, now: Date = new Date()): boolean {
  return endsAt <= now;
}

/** When a missed window's reservation returns to stock. */
export function noShowReleaseAt(missedAt: Date, graceHours: number): Date {
  return new Date(missedAt.getTime() + graceHours * 3600_000);
}
