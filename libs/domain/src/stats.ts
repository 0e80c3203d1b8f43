/** Estimated value saved per completed request, in EGP (spec §9). Texts interpolate it. */
export const valuePerCompletedRequestEgp = 150;
/** Patients helped per unit of medicine passed on (spec §9 Lives Impacted). Texts interpolate it. */
export const patientsPerUnit = 1.5;

/** Estimated value saved = completed requests × 150 EGP (spec §9): the gateway's and every screen's figure. */
export function estimatedValueSaved(completedRequests: number): number {
  return completedRequests * valuePerCompletedRequestEgp;
}

/** A percentage with one decimal; 0 when there is nothing to divide by (the spec's own screens divide by zero). */
export function rate(part: number, whole: number): number {
  if (whole <= 0) return 0;
  return Math.round((part / whole) * 1000) / 10;
}

/**
 * When the landing page may state a waste-reduced figure (rule in docs/front-end.md, "Landing waste figure"):
 * only over at least `wasteFigureMinUnits` units (saved + expired), of which at least
 * `wasteFigureMinEachSide` saved and as many expired. Below that, a ratio over a handful of units
 * ("100.0 %" from 4 saved and none expired) is noise read as a claim.
 */
export const wasteFigureMinUnits = 1000;
export const wasteFigureMinEachSide = 50;

/** Waste reduced = saved ÷ (saved + expired), one decimal, or null while it is not meaningful. */
export function wasteReducedPercent(savedUnits: number, expiredUnits: number): number | null {
  const total = savedUnits + expiredUnits;
  if (total < wasteFigureMinUnits) return null;
  if (savedUnits < wasteFigureMinEachSide || expiredUnits < wasteFigureMinEachSide) return null;
  return rate(savedUnits, total);
}

/** Lives Impacted = floor(1.5 × total quantity donated) (spec §9). */
export function livesImpacted(totalQuantityDonated: number): number {
  return Math.floor(patientsPerUnit * totalQuantityDonated);
}
