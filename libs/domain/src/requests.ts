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
