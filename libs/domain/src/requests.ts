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
 * Whether the two parties see each other's phone and organisation (issue 13): from approval on,
 * when a pickup has to be arranged, and in history after collection; never before approval.
 */
export function contactVisible(status: RequestStatus): boolean {
  return status === 'approved' || status === 'completed';
}
