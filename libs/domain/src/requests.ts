import type { RequestStatus } from '@medrelay/contracts';

export { requestStatuses, type RequestStatus } from '@medrelay/contracts';

/** Which party may move a request: the medicine's owner or the requester. */
export type RequestParty = 'owner' | 'requester';

const requestTransitions: Record<RequestStatus, Partial<Record<RequestStatus, RequestParty>>> = {
  pending: { approved: 'owner', rejected: 'owner', cancelled: 'requester' },
  approved: { completed: 'requester' },
  rejected: {},
  completed: {},
  cancelled: {},
};

/** The party allowed to make this transition (spec §4), or null when none may. */
export function requestTransitionParty(from: RequestStatus, to: RequestStatus): RequestParty | null {
  return requestTransitions[from][to] ?? null;
}

/**
 * The statuses a party may move a request to from where it stands (spec §4): what its buttons
 * offer. The same table the server enforces, so a screen never shows a move the API refuses.
 */
export function requestMovesFor(from: RequestStatus, party: RequestParty): RequestStatus[] {
  return (Object.entries(requestTransitions[from]) as [RequestStatus, RequestParty][])
    .filter(([, who]) => who === party)
    .map(([to]) => to);
}

/**
 * Whether the two parties see each other's phone and organisation (issue 13): from approval on,
 * when a pickup has to be arranged, and in history after collection; never before approval.
 */
export function contactVisible(status: RequestStatus): boolean {
  return status === 'approved' || status === 'completed';
}

/**
 * Moves neither party makes: the service makes them by itself. A missed pickup window (issue 18)
 * leaves the request approved, flagged missed, so a late pickup can still complete it; once the
 * grace period is over the service cancels it and gives the reservation back to stock.
 */
const systemTransitions: Partial<Record<RequestStatus, readonly RequestStatus[]>> = {
  approved: ['cancelled'],
};

/** Whether the service itself may move a request from `from` to `to` (no-show release). */
export function systemMayMove(from: RequestStatus, to: RequestStatus): boolean {
  return systemTransitions[from]?.includes(to) ?? false;
}
