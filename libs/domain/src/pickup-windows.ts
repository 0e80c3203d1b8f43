import { addDays, cairoClockExists, cairoDay, cairoInstant, cairoTime, startOfCairoDay } from './calendar';

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

/**
 * A window as it is typed and sent: a Cairo day, from and to. `to` may be `24:00`, the midnight
 * that ends the day, and `toDate` (optional, the day `to` is on) may be the next day, for a window
 * that runs past midnight (a pharmacy open late: 23:00 to 01:00). Without `toDate` the window
 * ends on its own day, as every client sent it before.
 */
export interface WindowInput {
  date: string;
  from: string;
  to: string;
  toDate?: string | undefined;
}

export type WindowProblem =
  | 'pickupWindowInvalid'
  | 'pickupWindowClockChange'
  | 'pickupWindowOrder'
  | 'pickupWindowTooLong'
  | 'pickupWindowPast'
  | 'pickupWindowAfterExpiry';

/** The longest a window running past midnight may be: a pharmacy's late shift, not a day and a night. */
export const pickupWindowMaxHoursPastMidnight = 12;

/** The midnight that ends a day, as a time of that day. */
export const endOfDayTime = '24:00';

/**
 * A window's instants as typed (`24:00` is the next day's first moment), or the problem with its
 * words: not a real Cairo time, a time the clocks skip that day, or `toDate` neither its day nor
 * the next.
 */
export function windowInstants(
  w: WindowInput,
): { startsAt: Date; endsAt: Date } | { problem: 'pickupWindowInvalid' | 'pickupWindowClockChange' } {
  const toDate = w.toDate ?? w.date;
  const startsAt = cairoInstant(w.date, w.from);
  const endsAt =
    w.to === endOfDayTime
      ? /^\d{4}-\d{2}-\d{2}$/.test(toDate) && cairoInstant(toDate, '12:00')
        ? startOfCairoDay(addDays(toDate, 1))
        : null
      : cairoInstant(toDate, w.to);
  if (!startsAt || !endsAt || (toDate !== w.date && toDate !== addDays(w.date, 1)))
    return { problem: 'pickupWindowInvalid' };
  if (!cairoClockExists(w.date, w.from) || (w.to !== endOfDayTime && !cairoClockExists(toDate, w.to)))
    return { problem: 'pickupWindowClockChange' };
  return { startsAt, endsAt };
}

/**
 * The window's words back from its instants: its Cairo day and from; `to` on that day (`24:00`
 * when it ends at the midnight that closes the day), else with `toDate`, the next day.
 */
export function windowInputOf(startsAt: Date, endsAt: Date): WindowInput {
  const date = cairoDay(startsAt);
  const from = cairoTime(startsAt);
  const toDate = cairoDay(endsAt);
  if (toDate === date) return { date, from, to: cairoTime(endsAt) };
  if (endsAt.getTime() === startOfCairoDay(toDate).getTime() && toDate === addDays(date, 1))
    return { date, from, to: endOfDayTime };
  return { date, from, to: cairoTime(endsAt), toDate };
}

/** Whether a window runs past the midnight that ends its first day. */
export function runsPastMidnight(startsAt: Date, endsAt: Date): boolean {
  return endsAt > startOfCairoDay(addDays(cairoDay(startsAt), 1));
}

/**
 * Where a window's instants break the rules: ending before it starts, running past midnight for
 * longer than `pickupWindowMaxHoursPastMidnight` hours (a window within its day keeps any length,
 * as before), already over, or starting once the medicine has expired.
 */
export function checkWindowInstants(
  startsAt: Date,
  endsAt: Date,
  now: Date = new Date(),
  expiresAt: Date | null = null,
): { startsAt: Date; endsAt: Date } | { problem: WindowProblem } {
  if (endsAt <= startsAt) return { problem: 'pickupWindowOrder' };
  if (
    runsPastMidnight(startsAt, endsAt) &&
    endsAt.getTime() - startsAt.getTime() > pickupWindowMaxHoursPastMidnight * 3600_000
  )
    return { problem: 'pickupWindowTooLong' };
  if (endsAt <= now) return { problem: 'pickupWindowPast' };
  if (expiresAt && startsAt >= expiresAt) return { problem: 'pickupWindowAfterExpiry' };
  return { startsAt, endsAt };
}

/**
 * A window's instants, or why it is refused: not a real Cairo time (or one the clocks skip that
 * day when summer time begins, which would be kept an hour later than typed), ending before it
 * starts, too long past midnight, already over, or starting once the medicine has expired
 * (`expiresAt`: an expired pack is never handed over). A window that started but has not ended
 * yet is accepted ("now until 6"). A time the clocks pass twice (23:00–23:59 the evening summer
 * time ends) is its first pass, in summer time (`cairoInstant`).
 */
export function checkWindow(
  w: WindowInput,
  now: Date = new Date(),
  expiresAt: Date | null = null,
): { startsAt: Date; endsAt: Date } | { problem: WindowProblem } {
  const instants = windowInstants(w);
  if ('problem' in instants) return instants;
  return checkWindowInstants(instants.startsAt, instants.endsAt, now, expiresAt);
}

/** A choice of the dialog's "to" list: a time, on the window's day or the next. */
export interface WindowEndChoice {
  to: string;
  nextDay: boolean;
}

/**
 * The "to" times a window starting at `from` may take, every half hour: on its day up to `24:00`,
 * then on past midnight into the next day while the window stays within
 * `pickupWindowMaxHoursPastMidnight` hours (wall-clock hours; the API checks the real length).
 */
export function windowEndChoices(from: string): WindowEndChoice[] {
  const m = /^(\d{2}):(\d{2})$/.exec(from);
  const start = m ? Number(m[1]) * 60 + Number(m[2]) : 0;
  const choices: WindowEndChoice[] = [];
  const last = start + pickupWindowMaxHoursPastMidnight * 60;
  for (let minute = Math.floor(start / 30) * 30 + 30; minute <= Math.max(24 * 60, last); minute += 30) {
    if (minute <= 24 * 60) {
      choices.push({ to: minute === 24 * 60 ? endOfDayTime : clock(minute), nextDay: false });
    } else choices.push({ to: clock(minute - 24 * 60), nextDay: true });
  }
  return choices;
}

const clock = (minute: number) =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

/** The start of an offer's last window (what the handover code's expiry follows), or null without windows. */
export function latestStart(windows: readonly { startsAt: Date }[]): Date | null {
  return windows.reduce<Date | null>((a, w) => (!a || w.startsAt > a ? w.startsAt : a), null);
}

/** The reminders of a chosen window: the evening before, and an hour before it starts. */
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
