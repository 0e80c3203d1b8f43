import { requestStatusFilters } from '@medrelay/contracts';
import type { HandoverState, RequestStatus, RequestStatusFilter } from '@medrelay/contracts';

export { requestStatuses, type RequestStatus, handoverStates, type HandoverState } from '@medrelay/contracts';

/** Which party may move a request: the medicine's owner or the requester. */
export type RequestParty = 'owner' | 'requester';
/** Who makes a move: a party, or the platform itself (a no-show released, a recall). */
export type RequestActor = RequestParty | 'system';

interface RequestMove {
  /** The statuses the move starts from. */
  from: readonly RequestStatus[];
  /** The status it leaves the request in (the same one for moves inside a status). */
  to: RequestStatus;
  by: RequestActor;
  /** For moves on a completed request: the handover states they start from. */
  handover?: readonly (HandoverState | null)[];
}

/**
 * Every move of a request's life (spec §4 and the pickup and handover steps), each with where it
 * starts, where it ends and who makes it: the one transition table. The service has one named
 * function per move and checks it here; the screens offer a move only when this table gives it
 * to the reader, so a button never offers what the API refuses.
 */
export const requestMoves = {
  approve: { from: ['pending'], to: 'approved', by: 'owner' },
  /** The owner declines: while pending, or once approved when it cannot hand it over after all (damaged, gone). */
  reject: { from: ['pending', 'approved'], to: 'rejected', by: 'owner' },
  /** The requester withdraws: while pending, or once approved when they will not collect it after all. */
  cancel: { from: ['pending', 'approved'], to: 'cancelled', by: 'requester' },
  /** The owner offers (or offers again) pickup windows. */
  offerWindows: { from: ['approved'], to: 'approved', by: 'owner' },
  chooseWindow: { from: ['approved'], to: 'approved', by: 'requester' },
  proposeWindow: { from: ['approved'], to: 'approved', by: 'requester' },
  acceptProposal: { from: ['approved'], to: 'approved', by: 'owner' },
  /** The owner enters the requester's handover code: completed, confirmed by the code. */
  handOver: { from: ['approved'], to: 'completed', by: 'owner' },
  /** "Mark as Collected" (spec): completed on the requester's word alone, until the owner answers. */
  collect: { from: ['approved'], to: 'completed', by: 'requester' },
  confirmCollection: { from: ['completed'], to: 'completed', by: 'owner', handover: ['unconfirmed'] },
  disputeCollection: { from: ['completed'], to: 'completed', by: 'owner', handover: ['unconfirmed'] },
  /** A missed window's grace period ended: the reservation goes back to stock. */
  releaseNoShow: { from: ['approved'], to: 'cancelled', by: 'system' },
  /** A recall quarantined the listing before the owner answered. */
  cancelForRecall: { from: ['pending'], to: 'cancelled', by: 'system' },
} as const satisfies Record<string, RequestMove>;

export type RequestMoveName = keyof typeof requestMoves;

/** Whether `actor` may make `move` on a request where it stands now. */
export function mayMove(
  move: RequestMoveName,
  request: { status: RequestStatus; handover?: HandoverState | null },
  actor: RequestActor,
): boolean {
  const rule: RequestMove = requestMoves[move];
  return (
    rule.by === actor &&
    rule.from.includes(request.status) &&
    (!rule.handover || rule.handover.includes(request.handover ?? null))
  );
}

/**
 * The status changes of `PUT /api/requests/:id/status` (spec §7), each one move. The owner's
 * handover is not among them: it needs the requester's code (`POST …/handover`).
 */
const statusChangeMoves: Partial<Record<RequestStatus, Partial<Record<RequestParty, RequestMoveName>>>> = {
  approved: { owner: 'approve' },
  rejected: { owner: 'reject' },
  cancelled: { requester: 'cancel' },
  completed: { requester: 'collect' },
};

/**
 * The move a status change by `party` asks for, or null when the table gives that party no such
 * move from where the request stands.
 */
export function statusChangeMove(
  request: { status: RequestStatus },
  to: RequestStatus,
  party: RequestParty,
): RequestMoveName | null {
  const move = statusChangeMoves[to]?.[party];
  return move && mayMove(move, request, party) ? move : null;
}

/**
 * The statuses a party may move a request to with a status change, from where it stands: what
 * the row's buttons offer.
 */
export function requestMovesFor(from: RequestStatus, party: RequestParty): RequestStatus[] {
  return (Object.keys(statusChangeMoves) as RequestStatus[]).filter(
    (to) => statusChangeMove({ status: from }, to, party) !== null,
  );
}

/**
 * Whether the two parties see each other's phone and organisation: from approval on,
 * when a pickup has to be arranged, and in history after collection; never before approval.
 */
export function contactVisible(status: RequestStatus): boolean {
  return status === 'approved' || status === 'completed';
}

/**
 * A completed request's handover as its owner reads it: confirmed by the code or by the owner,
 * or still waiting for the owner to confirm (or dispute) the requester's "collected".
 */
export function handoverNeedsOwner(request: {
  status: RequestStatus;
  handover?: HandoverState | null;
}): boolean {
  return request.status === 'completed' && request.handover === 'unconfirmed';
}

/** The ends a pickup called off shares with the requests that ended before any approval. */
const calledOffEnds = ['rejected', 'cancelled'] as const satisfies readonly RequestStatus[];
const isEnd = (status: string): status is (typeof calledOffEnds)[number] =>
  (calledOffEnds as readonly string[]).includes(status);

/**
 * A pickup called off: a request rejected or cancelled from `approved`, whoever ended it (either
 * party, a suspension, a recall, a no-show release). Its badge reads Called off, and figures and
 * status filters count it apart from `rejected` and `cancelled`, which keep only the requests that
 * ended before any approval. `leftApproval`: whether its end left `approved` (svc-requests reads
 * it from the custody log).
 */
export function isCalledOff(status: RequestStatus, leftApproval: boolean | null): boolean {
  return isEnd(status) && leftApproval === true;
}

/** `isCalledOff` in PostgreSQL over a requests row (its alias), `leftApproval` the SQL that tells it. */
export function calledOffSql(alias: string, leftApproval: string): string {
  return `(${alias}.status IN (${calledOffEnds.map((s) => `'${s}'`).join(', ')}) AND ${leftApproval})`;
}

/**
 * What a list's status filters select, as its rows' badges read them (`requestStatusFilters`):
 * `calledOff` the pickups called off, `rejected` and `cancelled` only the requests that ended
 * before any approval, any other status itself; several filters, a row any of them selects. In
 * PostgreSQL over a requests row, as `calledOffSql`.
 */
export function requestStatusFilterSql(
  filters: readonly RequestStatusFilter[],
  alias: string,
  leftApproval: string,
): string {
  const parts = [...new Set(filters)].map((filter) => {
    // The values go into the SQL: only the known ones (the contract's schema checked them).
    if (!(requestStatusFilters as readonly string[]).includes(filter))
      throw new Error(`Unknown request status filter ${filter}`);
    if (filter === 'calledOff') return calledOffSql(alias, leftApproval);
    if (isEnd(filter)) return `(${alias}.status = '${filter}' AND NOT ${leftApproval})`;
    return `${alias}.status = '${filter}'`;
  });
  return `(${parts.join(' OR ')})`;
}
