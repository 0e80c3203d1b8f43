/** Estimated value saved per completed request, in EGP (spec §9). */
export const valuePerCompletedRequestEgp = 150;

export function estimatedValueSaved(completedRequests: number): number {
  return completedRequests * valuePerCompletedRequestEgp;
}

/** A percentage with one decimal; 0 when there is nothing to divide by (the spec's own screens divide by zero). */
export function rate(part: number, whole: number): number {
  if (whole <= 0) return 0;
  return Math.round((part / whole) * 1000) / 10;
}

/** Lives Impacted = floor(1.5 × total quantity donated) (spec §9). */
export function livesImpacted(totalQuantityDonated: number): number {
  return Math.floor(1.5 * totalQuantityDonated);
}
