import { releaseQueueName, type RecallEvent } from '@medrelay/contracts';
import { holdingOfRequest } from '@medrelay/domain/recalls';
import { addToOutbox, type PoolClient } from '@medrelay/service-kit';
import { schema } from '../context';
import { recordCustody, systemActor } from '../custody/repo';
import { clearHeldPickupsFromCalendars, restoreLiftedPickupsToCalendars } from './held-pickups';
import { sendRecallNotices, type RecallAddressee, type RecallNoticeOptions } from './notices';
import {
  collectorsFreedBy,
  offeredListings,
  recordReach,
  recordRecall,
  requestsHoldingBatch,
  unitsInHand,
  unlistedOwnersFreedBy,
  unofferedListingsOfBatch,
  type NewHolding,
} from './reach-repo';
import { cancelPendingOn, holdApprovedOn, isLifted, releaseHolds } from './repo';

export type { RecallNoticeOptions } from './notices';

/** One addressee per person, with everything they hold. */
function byPerson(holdings: NewHolding[]): RecallAddressee[] {
  const people = new Map<number, RecallAddressee>();
  for (const h of holdings) {
    const person = people.get(h.userId) ?? { userId: h.userId, holdings: [] };
    person.holdings.push(h);
    people.set(h.userId, person);
  }
  return [...people.values()];
}

/** At a lift, which news a person with several parts hears: packs in hand first, then listings. */
const liftRoles = ['holder', 'owner', 'requester'] as const;

/**
 * One lift notice per person: someone who is both an owner given back a listing and a holder of
 * collected units (a pharmacy that bought the batch and listed it) hears once, in the part that
 * matters most (units set aside may be used again), as at the issue.
 */
function onePerPerson(addressees: RecallAddressee[]): RecallAddressee[] {
  const people = new Map<number, RecallAddressee>();
  for (const a of addressees) {
    const seen = people.get(a.userId);
    if (!seen) people.set(a.userId, { ...a, holdings: [...a.holdings] });
    else {
      seen.holdings.push(...a.holdings);
      if (
        liftRoles.indexOf(a.role as (typeof liftRoles)[number]) <
        liftRoles.indexOf(seen.role as (typeof liftRoles)[number])
      )
        seen.role = a.role;
    }
  }
  return [...people.values()];
}

/**
 * Who holds units of the recalled batch as the recall arrives: the owners of the listings it
 * names and of the batch's other listings, with the packs they still hold (units left and units
 * promised to approved pickups; an owner with none has nothing to set aside and is left out), and
 * every requester of the GTIN + batch by the requests and the custody log: collected, approved or
 * pending. Read before the recall cancels anything, so a cancelled request still reads as requested.
 */
async function holdingsAtRecall(
  client: PoolClient,
  event: RecallEvent,
  unoffered: Awaited<ReturnType<typeof unofferedListingsOfBatch>>,
): Promise<NewHolding[]> {
  const listingIds = event.listings.map((l) => l.medicineId);
  const inHand = await unitsInHand(client, listingIds);
  const listed = (
    l: { ownerId: number; medicineId: number; name: string },
    quantity: number,
  ): NewHolding => ({
    userId: l.ownerId,
    holding: 'listed',
    medicineId: l.medicineId,
    medicineName: l.name,
    requestId: null,
    quantity,
  });
  const owners = [
    ...event.listings.flatMap((l) => {
      const units = inHand.get(l.medicineId);
      // The units left as the catalog wrote the event (the read model may not hold a new listing yet).
      const left = l.quantity ?? units?.left;
      // An event written before it carried quantities, for a listing unknown here: reached all the same.
      if (left === undefined) return [listed(l, 0)];
      const packs = left + (units?.approved ?? 0);
      return packs > 0 ? [listed(l, packs)] : [];
    }),
    // An unlisted listing's owner still holds what is left on it and the units promised to approved requests.
    ...unoffered.map((l) => listed(l, l.left + l.approvedUnits)).filter((h) => h.quantity > 0),
  ];
  const requests = (await requestsHoldingBatch(client, event.gtin, event.batch, listingIds)).flatMap((r) => {
    const holding = holdingOfRequest(r.status);
    return holding ? [{ ...r, holding }] : [];
  });
  return [...owners, ...requests];
}

/**
 * The addressees of an issue event: one per person with the holdings new here. A party reached
 * before is told of its new holdings under a key naming them (its first notice's key is taken).
 */
function issueAddressees(added: NewHolding[], again: Set<number>): RecallAddressee[] {
  return byPerson(added).map((a) => {
    if (!again.has(a.userId)) return a;
    const [first] = [...a.holdings].sort(
      (x, y) =>
        x.holding.localeCompare(y.holding) ||
        x.medicineId - y.medicineId ||
        (x.requestId ?? 0) - (y.requestId ?? 0),
    );
    return { ...a, part: `${first!.holding}-${first!.medicineId}-${first!.requestId ?? 0}` };
  });
}

/**
 * Applies a recall event in svc-requests (inside the inbox's transaction, so once per event).
 * On issue: everyone holding units of the batch is recorded as reached with what they hold;
 * pending requests on every listing of the batch (quarantined, or no longer offered) are cancelled
 * with the recall's reason (their reservations released the normal way, through the outbox) and
 * approved ones held; each party is told once, in-app and by e-mail in their language, with what
 * to do, and told again (its acknowledgement cleared) when a later event gives it a new holding.
 * On lift: this recall's holds go, and owners given back their listings, requesters whose holds
 * ended and holders whose units no other recall covers (collected, or on an unlisted listing) are
 * told. Source and idempotency keys name recall, step and person (and a later holding), so a
 * replayed step (even under a new event id) tells no one twice. False when there was nothing to
 * do (an issue arriving after its own lift).
 */
export async function applyRecallEvent(
  client: PoolClient,
  event: RecallEvent,
  options: RecallNoticeOptions,
): Promise<boolean> {
  if (event.type === 'recall.issued') {
    if (await isLifted(client, event.recallId)) return false;
    await recordRecall(client, event);
    const quarantined = event.listings.map((l) => l.medicineId);
    const unoffered = await unofferedListingsOfBatch(client, event.gtin, event.batch, quarantined);
    // Requests on every listing of the batch are stopped, offered or not.
    const ids = [...quarantined, ...unoffered.map((l) => l.medicineId)];
    const holdings = await holdingsAtRecall(client, event, unoffered);
    const cancelled = await cancelPendingOn(client, ids, event.reason);
    for (const request of cancelled) {
      await recordCustody(client, { requestId: request.id, fromStatus: 'pending', actor: systemActor });
      await addToOutbox(client, schema, {
        queue: releaseQueueName,
        name: 'release',
        payload: { requestId: request.id },
      });
    }
    const held = await holdApprovedOn(client, ids, event.recallId, event.reason);
    await clearHeldPickupsFromCalendars(
      client,
      options,
      held.map((r) => r.id),
      event,
    );
    const { added, again } = await recordReach(client, event.recallId, holdings);
    await sendRecallNotices(client, options, event, { kind: 'issued' }, issueAddressees(added, again));
    return true;
  }

  const released = await releaseHolds(client, event.recallId);
  await restoreLiftedPickupsToCalendars(
    client,
    options,
    released.map((r) => r.id),
  );
  const named = event.listings.map((l) => l.medicineId);
  // Listings given back to the market: unlisted ones are not offered again, their packs only freed.
  const offered = await offeredListings(client, event.restored);
  const names = new Map(event.listings.map((l) => [l.medicineId, l.name]));
  const addressees: RecallAddressee[] = [
    ...byPerson(
      event.listings
        .filter((l) => offered.has(l.medicineId))
        .map((l) => ({
          userId: l.ownerId,
          holding: 'listed' as const,
          medicineId: l.medicineId,
          medicineName: l.name,
          requestId: null,
          quantity: 0,
        })),
    ).map((a) => ({ ...a, role: 'owner' as const })),
    ...byPerson(
      released.map((r) => ({
        userId: r.requesterId,
        holding: 'approved' as const,
        medicineId: r.medicineId,
        medicineName: names.get(r.medicineId) ?? null,
        requestId: r.id,
        quantity: 0,
      })),
    ).map((a) => ({ ...a, role: 'requester' as const })),
    ...byPerson(
      (await collectorsFreedBy(client, event.recallId)).map((c) => ({
        ...c,
        holding: 'collected' as const,
        quantity: 0,
      })),
    ).map((a) => ({ ...a, role: 'holder' as const })),
    // Owners told to set aside the packs of an unlisted listing: they may use them again.
    ...byPerson(
      (await unlistedOwnersFreedBy(client, event.recallId, named, event.restored)).map((o) => ({
        ...o,
        holding: 'listed' as const,
        requestId: null,
        quantity: 0,
      })),
    ).map((a) => ({ ...a, role: 'holder' as const })),
  ];
  await sendRecallNotices(client, options, event, { kind: 'lifted' }, onePerPerson(addressees));
  return true;
}
