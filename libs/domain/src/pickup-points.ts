import { areaOf, governorateCapitals, type AreaKey, type Governorate } from './governorates';

// Where things are collected and how far they are. Distances themselves are computed by
// PostgreSQL: walked and bounded through its cube indexes (earthdistance), measured in SQL
// arithmetic (`greatCircleMetresSql`); these are the rules around them.

export interface LatLng {
  lat: number;
  lng: number;
}

/** Pins are kept to 5 decimals (about 1 m): more is noise from the device. */
export function pinOf(point: LatLng): LatLng {
  return { lat: Math.round(point.lat * 1e5) / 1e5, lng: Math.round(point.lng * 1e5) / 1e5 };
}

/** What an account or a listing says about where it is collected. */
export interface PickupPlace {
  pin?: LatLng | null | undefined;
  area?: AreaKey | null | undefined;
  governorate?: Governorate | null | undefined;
}

/**
 * The pickup point: the pin, else the area's centre, else the governorate's capital, else none
 * (an account that named no place: its listings have no distance and are left out of nearest-first
 * lists).
 */
export function pickupPointOf(place: PickupPlace): LatLng | null {
  if (place.pin) return place.pin;
  if (place.area) {
    const { lat, lng } = areaOf(place.area);
    return { lat, lng };
  }
  if (place.governorate) {
    const { lat, lng } = areaOf(governorateCapitals[place.governorate]);
    return { lat, lng };
  }
  return null;
}

/**
 * The point other parties' distances are measured from. A private donor's pin is their home:
 * distances from it, rounded as they are, still give it away to anyone who asks from a few places
 * (about 20 m from 72 browse calls), so a donor's point is their area's centre; the exact place
 * reaches the requester only with an approval (the pickup offer's pin). Businesses keep their pin.
 */
export function sharedPickupPointOf(place: PickupPlace & { userType: string }): LatLng | null {
  return pickupPointOf(place.userType === 'donor' ? { ...place, pin: null } : place);
}

/** The governorate an area belongs to: an area given without one implies it. */
export function governorateOfArea(area: AreaKey): Governorate {
  return areaOf(area).governorate;
}

/** The earth's radius in metres, as PostgreSQL's earthdistance takes it (`earth()`). */
export const earthRadiusMetres = 6378168;

/**
 * The great-circle distance in metres between two points, each given as SQL expressions of its
 * latitude and longitude in degrees (haversine); null when any is null. It is what earthdistance's
 * `earth_distance(ll_to_earth(…), ll_to_earth(…))` gives, to under a millimetre within 2,000 km
 * (tested), in plain arithmetic: each `ll_to_earth` builds an `earth` value whose domain checks call SQL
 * functions, about 30 µs a pair, which every listing shown with its distance, every listing a
 * radius filters and every listing a radius's estimate samples paid. The cube indexes still walk
 * nearest first and bound a radius. The expressions are the caller's SQL, never user input.
 */
export function greatCircleMetresSql(
  from: [lat: string, lng: string],
  to: [lat: string, lng: string],
): string {
  const [lat1, lng1] = from;
  const [lat2, lng2] = to;
  const halfChordSquared =
    `power(sin(radians((${lat2}) - (${lat1})) / 2), 2)` +
    ` + cos(radians(${lat1})) * cos(radians(${lat2})) * power(sin(radians((${lng2}) - (${lng1})) / 2), 2)`;
  // Rounding can take the root a hair past 1 at opposite ends of the earth: LEAST brings it back.
  // LEAST skips a null, so an unknown point is made null by its own test, not by computing the
  // root twice (per row: 0.40 µs instead of 0.62).
  const unknown = [lat1, lng1, lat2, lng2].map((c) => `(${c}) IS NULL`).join(' OR ');
  return `(CASE WHEN ${unknown} THEN NULL ELSE ${2 * earthRadiusMetres} * asin(LEAST(1, sqrt(${halfChordSquared}))) END)`;
}

/** The radius choices of browse and of a need's reach (km); no radius means all of Egypt. */
export const radiusChoicesKm = [5, 10, 25, 50, 100] as const;
export type RadiusKm = (typeof radiusChoicesKm)[number];

export function isRadiusChoice(value: number): value is RadiusKm {
  return (radiusChoicesKm as readonly number[]).includes(value);
}

/** A need reaches listings this far by default. */
export const defaultNeedReachKm: RadiusKm = 25;

/**
 * Distances are shown rounded to the nearest half kilometre: enough to choose, and another
 * party's exact pin cannot be read back from them before approval.
 */
export function roundedDistanceKm(km: number): number {
  return Math.round(km * 2) / 2;
}

/**
 * A browse point is snapped to a grid of 0.005° (about 550 × 480 m here, at most ~0.37 km from
 * the true point, under the half kilometre distances are shown in), so callers a few metres apart,
 * or one whose device jitters, share kept lists; the caller's exact location is never kept.
 */
export const browsePointGridDegrees = 0.005;

export function snappedPoint(point: LatLng): LatLng {
  const snap = (v: number) =>
    Number((Math.round(v / browsePointGridDegrees) * browsePointGridDegrees).toFixed(3));
  return { lat: snap(point.lat), lng: snap(point.lng) };
}

type PlaceKeys = { governorate?: Governorate | null | undefined; area?: AreaKey | null | undefined };

/**
 * A change of governorate or area made consistent with what is stored: a new area brings its
 * governorate; a new governorate drops a stored area outside it. Absent fields stay as they are.
 */
export function placeChange(current: PlaceKeys, change: PlaceKeys): PlaceKeys {
  const next: PlaceKeys = {};
  if (change.governorate !== undefined) next.governorate = change.governorate;
  if (change.area !== undefined) next.area = change.area;
  if (change.area) next.governorate = governorateOfArea(change.area);
  else if (change.governorate !== undefined && change.area === undefined && current.area) {
    if (governorateOfArea(current.area) !== change.governorate) next.area = null;
  }
  return next;
}
