import type { PickupOfferInput } from '@medrelay/contracts';
import { addDays, cairoToday } from '@medrelay/domain/calendar';
import { windowInstants } from '@medrelay/domain/pickup-windows';

/**
 * A window as the dialog edits it: a Cairo day and from–to times; `toDate` is there when `to` is
 * on the next day (the window runs past midnight), empty until a day is chosen.
 */
export interface WindowDraft {
  date: string;
  from: string;
  to: string;
  toDate?: string;
}

/** An offer as the dialog edits it: coordinates as typed. */
export interface OfferDraft {
  windows: WindowDraft[];
  location: string;
  lat: string;
  lng: string;
  /** Filled from the owner's last offer (else the defaults): the dialog says which. */
  remembered?: boolean;
}

/** What is kept of an owner's last offer: the place and the times of day, not the days. */
interface LastOffer {
  location: string;
  lat: number | null;
  lng: number | null;
  times: { from: string; to: string; nextDay?: boolean }[];
}

// A `medrelay:` key: forgotten with the rest of a user's data at sign-out (api-client forgetUserData).
const storageKey = (userId: number) => `medrelay:lastPickupOffer:${userId}`;
const defaultTimes = [{ from: '10:00', to: '12:00' }];

/** Today in Cairo, or tomorrow once a window ending at `to` (on the next day) would be over today. */
function firstDay(time: { from: string; to: string; nextDay?: boolean }, now: Date): string {
  const today = cairoToday(now);
  const instants = windowInstants(withDay(time, today));
  return ('problem' in instants ? now : instants.endsAt) <= now ? addDays(today, 1) : today;
}

/** Times of day on a day: `toDate` the next day when they run past midnight. */
function withDay(time: { from: string; to: string; nextDay?: boolean }, date: string): WindowDraft {
  return { date, from: time.from, to: time.to, ...(time.nextDay ? { toDate: addDays(date, 1) } : {}) };
}

/** A window to add to an empty offer: 10:00–12:00 on the first Cairo day it is not over. */
export function freshWindow(now: Date = new Date()): WindowDraft {
  const time = defaultTimes[0]!;
  return withDay(time, firstDay(time, now));
}

/** Remembers an owner's offer on this device, so the next approval opens with it. */
export function rememberOffer(userId: number, offer: PickupOfferInput): void {
  const last: LastOffer = {
    location: offer.location,
    lat: offer.lat ?? null,
    lng: offer.lng ?? null,
    times: offer.windows.map((w) => ({
      from: w.from,
      to: w.to,
      ...(w.toDate && w.toDate !== w.date ? { nextDay: true } : {}),
    })),
  };
  try {
    localStorage.setItem(storageKey(userId), JSON.stringify(last));
  } catch {
    // Private mode or a full store: the next dialog starts from the defaults.
  }
}

function readLastOffer(userId: number): LastOffer | null {
  try {
    const text = localStorage.getItem(storageKey(userId));
    const last = text ? (JSON.parse(text) as LastOffer) : null;
    return last && Array.isArray(last.times) && last.times.length ? last : null;
  } catch {
    return null;
  }
}

/**
 * The offer an approval opens with: the owner's last place and times of day (else the profile
 * address and 10:00–12:00), on consecutive Cairo days from the first one whose first window is
 * not over yet, so a tap on Approve sends a valid offer. A pharmacy with neither a last offer
 * nor an address opens with no window (collection at the pharmacy), which it may change.
 */
export function offerDraft(
  userId: number,
  fallbackLocation: string,
  { windowsRequired = true, now = new Date() }: { windowsRequired?: boolean; now?: Date } = {},
): OfferDraft {
  const last = readLastOffer(userId);
  if (!last && !fallbackLocation.trim() && !windowsRequired)
    return { windows: [], location: '', lat: '', lng: '', remembered: false };
  const times = last?.times ?? defaultTimes;
  const first = firstDay(times[0]!, now);
  return {
    windows: times.map((t, i) => withDay(t, addDays(first, i))),
    location: last?.location ?? fallbackLocation,
    lat: last?.lat != null ? String(last.lat) : '',
    lng: last?.lng != null ? String(last.lng) : '',
    remembered: last !== null,
  };
}
