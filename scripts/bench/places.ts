// Where the benchmark's pharmacies and NGOs are: libs/domain's areas, weighted by each
// governorate's population (CAPMAS 2023 estimates, millions) and, for Cairo, Giza and Alexandria,
// by the denser pharmacy network of the big cities. Deterministic for a seed.
import { areas, areasOf, type Governorate } from '@medrelay/domain/governorates';
import type { LatLng } from '@medrelay/domain/pickup-points';
import { prng } from './scenarios';

// prettier-ignore
const population: Record<Governorate, number> = {
  cairo: 10.1, giza: 9.4, alexandria: 5.5, qalyubia: 6.0, sharqia: 7.9, dakahlia: 7.0, gharbia: 5.3,
  monufia: 4.6, beheira: 6.9, 'kafr-el-sheikh': 3.6, damietta: 1.6, 'port-said': 0.78, ismailia: 1.4,
  suez: 0.77, faiyum: 3.9, 'beni-suef': 3.5, minya: 6.3, asyut: 4.9, sohag: 5.6, qena: 3.6, luxor: 1.3,
  aswan: 1.6, 'red-sea': 0.37, 'new-valley': 0.26, matrouh: 0.5, 'north-sinai': 0.45, 'south-sinai': 0.11,
};
/** The big cities hold more pharmacies per person: most listings are in Cairo, Giza and Alexandria. */
const cityBoost: Partial<Record<Governorate, number>> = { cairo: 4, giza: 3, alexandria: 3 };

/** Each area's share: its governorate's weight split evenly over the governorate's areas. */
export const weightedAreas = areas.map((a) => ({
  ...a,
  weight: (population[a.governorate] * (cityBoost[a.governorate] ?? 1)) / areasOf(a.governorate).length,
}));

/** The areas with the cumulative share up to each (0..1], for a pick by one uniform draw. */
export function cumulativeAreas() {
  const total = weightedAreas.reduce((n, a) => n + a.weight, 0);
  let sum = 0;
  return weightedAreas.map((a) => ({ ...a, upTo: (sum += a.weight) / total }));
}

/** Degrees around an area's centre a point may fall (about ±2 km): the area is not one spot. */
export const jitterDegrees = 0.04;

/** `count` points over Egypt, by population, each jittered around its area's centre. */
export function weightedPoints(count: number, seed: number): LatLng[] {
  const r = prng(seed);
  const table = cumulativeAreas();
  return Array.from({ length: count }, () => {
    const draw = r();
    const area = table.find((a) => a.upTo >= draw) ?? table.at(-1)!;
    return {
      lat: Math.round((area.lat + (r() - 0.5) * jitterDegrees) * 1e5) / 1e5,
      lng: Math.round((area.lng + (r() - 0.5) * jitterDegrees) * 1e5) / 1e5,
    };
  });
}
