import type { RequestStatus, UserType } from '@medrelay/contracts';

/**
 * Who a batch recall reaches and what each is asked to do. A leaf module:
 * contracts, svc-requests and the screens read the same rules.
 */

/** What a party holds of a recalled batch: its own listing, units collected, an approved or a pending request. */
export const recallHoldings = ['listed', 'collected', 'approved', 'requested'] as const;
export type RecallHolding = (typeof recallHoldings)[number];

/** The holding a request stands for when its batch is recalled; null when it holds nothing (closed). */
export function holdingOfRequest(status: RequestStatus): RecallHolding | null {
  if (status === 'completed') return 'collected';
  if (status === 'approved') return 'approved';
  if (status === 'pending') return 'requested';
  return null;
}

/**
 * The request statuses that hold units of a batch (those `holdingOfRequest` names), for SQL. The
 * statuses are listed here, not imported: contracts import this module, so a value from them
 * would not be ready when it loads.
 */
export const holdingStatuses: readonly RequestStatus[] = (
  ['pending', 'approved', 'rejected', 'completed', 'cancelled'] as const
).filter((s) => holdingOfRequest(s) !== null);

/**
 * The notice a party gets: the owner of a quarantined listing, a holder of collected units, or a
 * requester (the recall cancels a pending request and holds an approved one). Owners and holders
 * have packs in hand; requesters have nothing to set aside, only something not to collect.
 */
export const recallNoticeRoles = ['owner', 'holder', 'requester'] as const;
export type RecallNoticeRole = (typeof recallNoticeRoles)[number];

export function recallNoticeRole(holding: RecallHolding): RecallNoticeRole {
  if (holding === 'listed') return 'owner';
  if (holding === 'collected') return 'holder';
  return 'requester';
}

/** Whether a party with these holdings has packs in hand to set aside (else: only not to collect). */
export function holdsPacks(holdings: readonly RecallHolding[]): boolean {
  return holdings.some((h) => h === 'listed' || h === 'collected');
}

/**
 * Who deals with recalled packs in hand. Egyptian law (Law 127/1955) lets only licensed
 * pharmacies dispense: a pharmacy sets them aside and returns them as the recall instructs; an
 * NGO's pharmacist does it for the NGO (NGOs that receive medicines have one); a donor keeps
 * them aside, unused, and gives them to a pharmacy for return, never to a patient.
 */
export const recallInstructions = ['pharmacy', 'ngoPharmacist', 'donor'] as const;
export type RecallInstruction = (typeof recallInstructions)[number];

export function recallInstruction(userType: UserType): RecallInstruction {
  if (userType === 'donor') return 'donor';
  if (userType === 'ngo') return 'ngoPharmacist';
  return 'pharmacy';
}

/** Reached and acknowledged parties of a recall ("3 of 4 acknowledged"). */
export function acknowledgementCount(parties: readonly { acknowledgedAt: string | Date | null }[]): {
  reached: number;
  acknowledged: number;
} {
  return {
    reached: parties.length,
    acknowledged: parties.filter((p) => p.acknowledgedAt !== null).length,
  };
}

/**
 * A resend is a numbered round (the first notice is round 1): asking for the next round sends to
 * everyone who has not acknowledged; asking again for the round already sent (a double click, a
 * retried call) sends nothing; any other number was read from an out-of-date screen.
 */
export function resendDecision(currentRound: number, askedRound: number): 'send' | 'duplicate' | 'stale' {
  if (askedRound === currentRound + 1) return 'send';
  if (askedRound === currentRound) return 'duplicate';
  return 'stale';
}

/**
 * The SQL condition that two batch codes name the same batch: letter case aside, since one
 * pharmacist types "lot1" where the box and the recall say "LOT1", and a recall must reach both.
 */
export function sameBatchSql(a: string, b: string): string {
  return `upper(${a}) = upper(${b})`;
}
