import { permissions, visibleRecipientTypes } from './permissions';

/**
 * Matching a wanted-list need to listings. The rules live here once; svc-requests
 * applies them in SQL (its matching repo) through the fragments below.
 *
 * Name: pg_trgm `word_similarity(need, listing name)`: the best overlap of the need's trigrams
 * with any stretch of the name, so "Insulin" matches "Insulin glargine 100 IU/ml" fully. At 0.5 a
 * missing or swapped letter still matches ("pandol"/"Panadol" 0.50, "panadl" 0.71, "insulen"
 * 0.63, "بنادول"/"بانادول اكسترا" 0.57) while other medicines do not ("aspirin"/"Augmentin"
 * 0.13, "panadol"/"Paracetamol" 0.25, "amoxicillin"/"Amoxil" 0.42). Measured on PostgreSQL 18.4.
 * Both texts are lower-cased and Arabic letter variants folded first (`requests.match_text`).
 */
export const needMatchThreshold = 0.5;

/** The recipient types a needer of this role may see, as a SQL CASE over the role column. */
export function visibleToRoleSql(role: string): string {
  const branches = permissions['need.manage'].map(
    (r) =>
      `WHEN '${r}' THEN ARRAY[${visibleRecipientTypes(r)
        .map((t) => `'${t}'`)
        .join(', ')}]::text[]`,
  );
  return `(CASE ${role} ${branches.join(' ')} ELSE ARRAY[]::text[] END)`;
}

/**
 * How many units one tap on a match requests: what the need accepts (its "accept up to", else its
 * minimum), never more than the listing has.
 */
export function matchRequestQuantity(
  need: { minQuantity: number; acceptUpTo: number | null },
  available: number,
): number {
  return Math.max(1, Math.min(need.acceptUpTo ?? need.minQuantity, available));
}

/**
 * A need's matches, best first: urgent needs first, then those the needer already requested (what
 * they are waiting for stays in sight above the "more" line), then the nearest listing (every
 * transfer is a pickup in person), then the one that expires soonest (it has the least
 * time to find a taker), then the closer name. Over a row set with columns urgency, requested,
 * distance_m (null when a point is unknown: last), days_left, score, medicine_id.
 */
export const matchOrderSql =
  "(urgency = 'urgent') DESC, requested DESC, distance_m ASC NULLS LAST, days_left ASC, score DESC, medicine_id ASC";

/**
 * Whether a listing is within a need's reach, over `distance` (metres between
 * the needer's and the listing's pickup points; null when either is unknown) and `reachKm`. A
 * needer who named no place reaches everywhere (matching does not go silent; the screens ask
 * them to set a point); a listing without a point is outside any reach, since it cannot be shown
 * to be inside.
 */
export function withinReachSql(distance: string, reachKm: string, neederHasPoint: string): string {
  return `(NOT ${neederHasPoint} OR ${distance} <= ${reachKm} * 1000)`;
}

/**
 * Where a match opens: the needer's browse screen on that listing with Request Pickup ready
 * (e-mail digests and notifications link here; mf-ngo and mf-pharmacy browse read it).
 */
export function matchRequestLink(role: string, medicineId: number, quantity?: number): string {
  return `/${role}/browse?medicine=${medicineId}&request=1${quantity ? `&quantity=${quantity}` : ''}`;
}

/** The screen of a role's wanted list ("What we need" for NGOs, "Wanted" for pharmacies). */
export function wantedListPath(role: string): string {
  return role === 'pharmacy' ? '/pharmacy/wanted' : `/${role}/needs`;
}
