import { areaOf, governorateCapitals } from '@medrelay/domain/governorates';
import { pickupPointOf, pinOf, type LatLng, type PickupPlace } from '@medrelay/domain/pickup-points';
import { isInEgypt } from '@medrelay/domain/pickup-windows';

// The pin chosen on a map: what a tap makes of a point, and where the map opens.

/** A tap on the map: a pin (to a pin's precision), or the problem the server would answer. */
export type PinTap = { pin: LatLng } | { problem: 'pickupPinOutsideEgypt' };

export function tapPin(point: LatLng): PinTap {
  return isInEgypt(point.lat, point.lng) ? { pin: pinOf(point) } : { problem: 'pickupPinOutsideEgypt' };
}

/** Where the pin is when none is set: the area's centre, else the governorate's capital. */
export function unpinnedPoint(place: Omit<PickupPlace, 'pin'>): LatLng | null {
  return pickupPointOf({ area: place.area, governorate: place.governorate });
}

/** Egypt whole, for an account that has named no place yet. */
const egyptView = { centre: { lat: 26.8, lng: 30.8 }, zoom: 5 };

/**
 * Where the map opens and how close: at the pin (streets), else the area's centre (its streets
 * around), else the governorate's capital (the city), else all of Egypt.
 */
export function pinMapView(place: PickupPlace): { centre: LatLng; zoom: number } {
  if (place.pin) return { centre: place.pin, zoom: 16 };
  if (place.area) return { centre: areaOf(place.area), zoom: 14 };
  if (place.governorate) return { centre: areaOf(governorateCapitals[place.governorate]), zoom: 12 };
  return egyptView;
}
