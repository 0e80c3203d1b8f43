import type { PickupOfferInput } from '@medrelay/contracts';
import { addDays, cairoInstant, cairoToday } from '@medrelay/domain/calendar';

/** A window as the dialog edits it: a Cairo day and from–to times. */
export interface WindowDraft {
  date: string;
  from: string;
  to: string;
}

/** An offer as the dialog edits it: coordinates as typed. */
export interface OfferDraft {
  windows: WindowDraft[];
  location: string;
  lat: string;
  lng: string;
}

/** What is kept of an owner's last offer: the place and the times of day, not the days. */
interface LastOffer {
  location: string;
  lat: number | null;
  lng: number | null;
  times: { from: string; to: string }[];
}

// A `medrelay:` key: forgotten with the rest of a user's data at sign-out (api-client forgetUserData).
const storageKey = (userId: number) => `medrelay:lastPickupOffer:${userId}`;
const defaultTimes = [{ from: '10:00', to: '12:00' }];

/** Today in Cairo, or tomorrow once a window ending at `to` would be over today. */
function firstDay(to: string, now: Date): string {
  const today = cairoToday(now);
  return (cairoInstant(today, to) ?? now) <= now ? addDays(today, 1) : today;
}

/** A window to add to an empty offer: 10:00–12:00 on the first Cairo day it is not over. */
export function freshWindow(now: Date = new Date()): WindowDraft {
  const { from, to } = defaultTimes[0]!;
  return { date: firstDay(to, now), from, to };
}

/** Remembers an owner's offer on this device, so the next approval opens with it. */
export function rememberOffer(userId: number, offer: PickupOfferInput): void {
  const last: LastOffer = {
    location: offer.location,
    lat: offer.lat ?? null,
    lng: offer.lng ?? null,
    times: offer.windows.map((w) => ({ from: w.from, to: w.to })),
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
    return { windows: [], location: '', lat: '', lng: '' };
  const times = last?.times ?? defaultTimes;
  const first = firstDay(times[0]!.to, now);
  return {
    windows: times.map((t, i) => ({ date: addDays(first, i), from: t.from, to: t.to })),
    location: last?.location ?? fallbackLocation,
    lat: last?.lat != null ? String(last.lat) : '',
    lng: last?.lng != null ? String(last.lng) : '',
  };
}
