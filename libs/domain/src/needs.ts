import type { HandoverState, NeedMetBy, NeedStatus, RequestStatus } from '@medrelay/contracts';

/**
 * When a wanted-list need is met. The rule lives here once; svc-requests reads
 * it in SQL through `countsTowardNeedSql` and applies `needSettlement` in its need-match worker.
 *
 * Which requests count toward a need: the need owner's own requests made on it, since the need was
 * last opened, that are pending, approved or completed (asked for, promised or received).
 * Cancelled and rejected ones do not count, nor do they once they become so. "Made on it" means
 * the requested listing was one of the need's matches when the request was filed (from the match
 * card, a digest link or browsing alike); when it matched several open needs of the requester the
 * request counts toward one, the closest name first, then the oldest need (svc-requests migration
 * 050 records it as the request is filed). A collection the owner disputed does not count: the
 * owner says the units were not handed over, and they are back on offer.
 *
 * Met: the counted quantities add up to at least the need's minimum quantity. "Accept up to"
 * bounds what one listing is asked for (`matchRequestQuantity`), not the sum, so it plays no part.
 */
export const needCountedStatuses = [
  'pending',
  'approved',
  'completed',
] as const satisfies readonly RequestStatus[];

/** The handover that takes a collection out of the count: its owner says it was not handed over. */
export const needUncountedHandover = 'disputed' satisfies HandoverState;

/**
 * Whether a request counts toward its need, by its status and handover (and so shows as
 * "Requested" on a match; one that does not may be asked for again). "Since the need was last
 * opened" is the server's part (`countsTowardNeedSql`).
 */
export function countsTowardNeed(request: {
  status: RequestStatus;
  handover: HandoverState | null;
}): boolean {
  return (
    (needCountedStatuses as readonly RequestStatus[]).includes(request.status) &&
    request.handover !== needUncountedHandover
  );
}

/**
 * `countsTowardNeed` and "since the need was last opened", in PostgreSQL over a requests row
 * (`status`, `handover`, `created_at`) and its need (`counted_since`), by their aliases (never
 * user input).
 */
export function countsTowardNeedSql(request = 'r', need = 'n'): string {
  const statuses = needCountedStatuses.map((s) => `'${s}'`).join(', ');
  const counted = `${request}.status IN (${statuses}) AND ${request}.handover IS DISTINCT FROM '${needUncountedHandover}'`;
  return `(${counted} AND ${request}.created_at >= ${need}.counted_since)`;
}

/** Whether the counted requests meet the need. */
export function isNeedMet(need: { minQuantity: number }, requested: number): boolean {
  return requested >= need.minQuantity;
}

/**
 * What the platform does to a need after its requests (or the need) changed: an open need that
 * is met is closed as met by its requests ('close'; its owner is told); a need closed that way
 * that is no longer met (a counted request cancelled or rejected, the minimum raised) opens again
 * ('reopen'; its owner is told). A need its owner closed stays closed. Reopening a need closed
 * as met starts a new count (those requests met the need as it was); reopening one its owner
 * closed keeps counting (see svc-requests needs repo `updateNeed`).
 */
export function needSettlement(
  need: { status: NeedStatus; metBy: NeedMetBy | null; minQuantity: number },
  requested: number,
): 'close' | 'reopen' | null {
  const met = isNeedMet(need, requested);
  if (need.status === 'open') return met ? 'close' : null;
  return need.metBy === 'requests' && !met ? 'reopen' : null;
}
