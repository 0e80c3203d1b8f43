import { describe, expect, it } from 'vitest';
import { isInEgypt } from './pickup-windows';
import {
  areas,
  areasOf,
  governorateCapitals,
  governorates,
  isArea,
  governorateOfArea,
  isRadiusChoice,
  pickupPointOf,
  sharedPickupPointOf,
  placeChange,
  pinOf,
  roundedDistanceKm,
  snappedPoint,
} from './index';

// Pickup points, the table of areas, and the rounding rules of distances.

describe("Egypt's areas", () => {
  it('gives every governorate a capital among its own areas, each area inside Egypt with both names', () => {
    for (const g of governorates) {
      expect(areasOf(g).length).toBeGreaterThanOrEqual(3);
      expect(governorateOfArea(governorateCapitals[g])).toBe(g);
    }
    for (const a of areas) {
      expect(isInEgypt(a.lat, a.lng)).toBe(true);
      expect(a.en).not.toBe('');
      expect(a.ar).toMatch(/[\u0600-\u06ff]/);
    }
    expect(new Set(areas.map((a) => a.key)).size).toBe(areas.length);
    expect(isArea('dokki')).toBe(true);
    expect(isArea('atlantis')).toBe(false);
  });
});

describe('pickup point', () => {
  it('is the pin, else the area centre, else the governorate capital, else none', () => {
    const pin = { lat: 30.04123, lng: 31.21456 };
    expect(pickupPointOf({ pin, area: 'maadi', governorate: 'cairo' })).toEqual(pin);
    expect(pickupPointOf({ area: 'dokki', governorate: 'giza' })).toEqual({ lat: 30.0385, lng: 31.2123 });
    // A donor's pin is their home: others measure from the area's centre; a business keeps its pin.
    expect(sharedPickupPointOf({ pin, area: 'dokki', userType: 'donor' })).toEqual({
      lat: 30.0385,
      lng: 31.2123,
    });
    expect(sharedPickupPointOf({ pin, area: 'dokki', userType: 'pharmacy' })).toEqual(pin);
    expect(pickupPointOf({ governorate: 'aswan' })).toEqual({ lat: 24.0889, lng: 32.8998 });
    expect(pickupPointOf({})).toBeNull();
  });

  it('keeps pins to 5 decimals', () => {
    expect(pinOf({ lat: 30.0412345, lng: 31.2145678 })).toEqual({ lat: 30.04123, lng: 31.21457 });
  });
});

describe('distances', () => {
  it('are shown to the nearest half kilometre', () => {
    expect(roundedDistanceKm(3.24)).toBe(3);
    expect(roundedDistanceKm(3.26)).toBe(3.5);
    expect(roundedDistanceKm(0.2)).toBe(0);
    expect(roundedDistanceKm(24.9)).toBe(25);
  });

  it('snap a browse point to a grid of 0.005°', () => {
    expect(snappedPoint({ lat: 30.04412, lng: 31.23571 })).toEqual({ lat: 30.045, lng: 31.235 });
    expect(snappedPoint({ lat: 30.0449, lng: 31.2351 })).toEqual(
      snappedPoint({ lat: 30.0451, lng: 31.2349 }),
    );
  });

  it('offer radii of 5, 10, 25, 50 and 100 km', () => {
    expect([5, 10, 25, 50, 100].every(isRadiusChoice)).toBe(true);
    expect(isRadiusChoice(30)).toBe(false);
  });
});

describe('a change of place', () => {
  it('takes the governorate of a new area and drops an area outside a new governorate', () => {
    expect(placeChange({}, { area: 'dokki' })).toEqual({ area: 'dokki', governorate: 'giza' });
    expect(placeChange({ governorate: 'giza', area: 'dokki' }, { governorate: 'cairo' })).toEqual({
      governorate: 'cairo',
      area: null,
    });
    expect(placeChange({ governorate: 'giza', area: 'dokki' }, { governorate: 'giza' })).toEqual({
      governorate: 'giza',
    });
    expect(placeChange({ governorate: 'giza', area: 'dokki' }, { area: null })).toEqual({ area: null });
    expect(placeChange({ governorate: 'giza', area: 'dokki' }, { governorate: null })).toEqual({
      governorate: null,
      area: null,
    });
  });
});
