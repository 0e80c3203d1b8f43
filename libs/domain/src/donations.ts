import type { RequestStatus } from '@medrelay/contracts';
import { estimatedValueSaved, livesImpacted } from './stats';

/** The parts of a donation the donor's figures read. */
export interface DonationLike {
  id: number;
  name: string;
  /** What is still offered; approvals take from it. */
  quantity: number;
  /** Promised to approved requests (donated in total = quantity + reservedQuantity). */
  reservedQuantity: number;
  createdAt: string;
}

/** The parts of a request on a donation the donor's figures read. */
export interface DonationRequestLike {
  id: number;
  medicineId: number;
  status: RequestStatus;
  quantity: number;
  createdAt: string;
  updatedAt: string;
  direction?: 'incoming' | 'outgoing';
  medicine: { name: string } | null;
  requester: { name: string } | null;
  /** Rejected or cancelled by the platform, not by the donor or the requester. */
  endedByPlatform?: boolean | undefined;
  /** Rejected or cancelled after its approval: a pickup called off. */
  calledOff?: boolean | undefined;
  /** The units asked for, when the donor approved fewer. */
  askedQuantity?: number | undefined;
  /** `disputed`: the donor said a collection the requester marked did not happen. */
  handover?: string | null | undefined;
}

/**
 * Whether an account has a licensed pharmacist: a pharmacy is one; an NGO names its pharmacist's
 * licence, reviewed by an administrator (with the account at registration, or on its own when the
 * NGO added it after its review: while that one waits, `pharmacistLicensePending`, it does not count).
 */
export function hasPharmacist(user: {
  userType: string;
  profile?:
    | {
        pharmacistLicense?: string | null | undefined;
        pharmacistLicensePending?: boolean | null | undefined;
      }
    | null
    | undefined;
}): boolean {
  if (user.userType === 'pharmacy') return true;
  return (
    user.userType === 'ngo' &&
    Boolean(user.profile?.pharmacistLicense) &&
    !user.profile?.pharmacistLicensePending
  );
}

/**
 * Whether an account may receive a donor's medicine (by `hasPharmacist`, as identity publishes
 * it): Egyptian law lets only licensed pharmacists dispense, so an NGO receives donations through
 * its pharmacist; a pharmacy is one. Unknown (identity has not said yet) is not refused.
 */
export function mayReceiveDonations(hasPharmacist: boolean | null | undefined): boolean {
  return hasPharmacist !== false;
}

/** The same in SQL: whether a listing of `source` may go to a receiver with `hasPharmacist`. */
export function mayReceiveListingSql(source: string, hasPharmacist: string): string {
  return `(${source} <> 'donor' OR coalesce(${hasPharmacist}, true))`;
}

export type DonationStatus = 'available' | 'pickupScheduled' | 'completed';

/**
 * The donation badge of spec §4: Available when no request is under way, Pickup Scheduled
 * while one is pending (or approved and waiting for collection), Completed once one is
 * collected. Rejected and cancelled requests leave the donation Available.
 */
export function donationStatus(donationId: number, requests: DonationRequestLike[]): DonationStatus {
  const counts: Partial<Record<RequestStatus, number>> = {};
  for (const r of requests) if (r.medicineId === donationId) counts[r.status] = (counts[r.status] ?? 0) + 1;
  return donationStatusOf(counts);
}

/** The same badge from the number of requests in each status (as the server counts them). */
export function donationStatusOf(counts: Partial<Record<RequestStatus, number>>): DonationStatus {
  if (counts.completed) return 'completed';
  if (counts.pending || counts.approved) return 'pickupScheduled';
  return 'available';
}

/** Units donated in all: what is left plus what approved requests took (spec §9 Total Medicines). */
export function unitsDonated(donations: DonationLike[]): number {
  return donations.reduce((sum, d) => sum + d.quantity + d.reservedQuantity, 0);
}

/** What the catalog sums over all of a donor's donations (GET /api/medicines/my/summary). */
export interface DonationTotals {
  /** How many donations. */
  listings: number;
  /** Units donated in all (`unitsDonated` over every donation). */
  units: number;
}

/**
 * The state of the requests on a donor's donations, counted by the server
 * (GET /api/requests/my/summary: `incoming`, `collected`, `medicines`).
 */
export interface DonationRequestCounts {
  /** Requests waiting for a decision or for collection. */
  pendingPickups: number;
  /** Requests collected. */
  collected: number;
  /** Donations whose badge (donationStatus) is Completed, and Pickup Scheduled. */
  completedDonations: number;
  scheduledDonations: number;
  /** Donations on offer now that no request names (withdrawn, expired or recalled ones are not). */
  availableDonations: number;
}

/**
 * The donor's figures (spec §2 donor dashboard, donations and history) from the catalog's totals
 * and the requests' counts: a donation on offer that no request names is Available.
 */
export function donorSummary(totals: DonationTotals, counts: DonationRequestCounts) {
  return {
    totalDonations: totals.listings,
    pendingPickups: counts.pendingPickups,
    completedDonations: counts.completedDonations,
    availableForPickup: counts.availableDonations,
    /** Spec §9 value rule: 150 EGP per collected request (donations carry no price). */
    impactValue: estimatedValueSaved(counts.collected),
    totalMedicines: totals.units,
    successfullyCollected: counts.collected,
    livesImpacted: livesImpacted(totals.units),
  };
}

export interface DonationEvent {
  key: string;
  kind:
    | 'donated'
    | 'requested'
    | 'approved'
    | 'rejected'
    | 'completed'
    | 'cancelled'
    | 'ended'
    | 'disputed'
    | 'calledOff'
    | 'pickupCancelled';
  at: string;
  medicine: string | null;
  /** Who asked, for request events. */
  requester: string | null;
  quantity: number;
}

/** The history timeline: each donation and each step of its requests, newest first. */
export function donationTimeline(
  donations: DonationLike[],
  requests: DonationRequestLike[],
): DonationEvent[] {
  const events: DonationEvent[] = donations.map((d) => ({
    key: `donated:${d.id}`,
    kind: 'donated',
    at: d.createdAt,
    medicine: d.name,
    requester: null,
    quantity: d.quantity + d.reservedQuantity,
  }));
  for (const r of requests.filter((x) => x.direction !== 'outgoing')) {
    const base = {
      medicine: r.medicine?.name ?? null,
      requester: r.requester?.name ?? null,
      quantity: r.quantity,
    };
    events.push({
      key: `requested:${r.id}`,
      kind: 'requested',
      at: r.createdAt,
      ...base,
      // What was asked, though the donor approved fewer.
      quantity: r.askedQuantity ?? r.quantity,
    });
    // A request the platform ended is the platform's step, not the donor's or the requester's; an
    // approved pickup the donor or the requester called off is not a rejected or withdrawn request.
    const calledOff = r.calledOff ? (r.status === 'rejected' ? 'calledOff' : 'pickupCancelled') : null;
    if (r.status !== 'pending')
      events.push({
        key: `${r.status}:${r.id}`,
        kind: r.endedByPlatform ? 'ended' : r.handover === 'disputed' ? 'disputed' : (calledOff ?? r.status),
        at: r.updatedAt,
        ...base,
      });
  }
  return events.sort((a, b) => (a.at === b.at ? a.key.localeCompare(b.key) : a.at < b.at ? 1 : -1));
}
