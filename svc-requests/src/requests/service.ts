import {
  type HandoverState,
  type Language,
  mailQueueName,
  type MedicineRequest,
  type PickupOffer,
  type RequestCreate,
  type RequestStatus,
  type RequestStatusUpdate,
  type Settings,
  translate,
} from '@medrelay/contracts';
import {
  isAvailableListing,
  latestStart,
  mayReceiveDonations,
  pricesToCharge,
  mayMove,
  requestMoves,
  statusChangeMove,
  visibleRecipientTypes,
  windowInputOf,
  type RequestMoveName,
  type RequestParty,
} from '@medrelay/domain';
import {
  addToOutbox,
  AppError,
  findReadModelUser,
  httpError,
  withTransaction,
  type Caller,
  type PoolClient,
  type ReadModelUser,
} from '@medrelay/service-kit';
import { releaseQueueName, schema, type RequestsContext } from '../context';
import { clearReservationAsked, noteReservationAsked } from './reservation-checks-repo';
import { actorOf, recordCustody } from '../custody/repo';
import { checkHandable, issueHandoverCode, readHandoverCode } from '../handover/service';
import { findMedicineSummary, upsertMedicine, type MedicineSummary } from '../medicines/repo';
import { addNotification } from '../notifications/repo';
import { queueCalledOffMails } from '../pickup/called-off';
import { approvalMail } from '../pickup/mails';
import { findPickupRequest, offeredWindows } from '../pickup/repo';
import { acknowledgeByCancelledPickup } from '../recalls/reach-repo';
import { transactionMailsOn } from './mail-settings';
import { moveNotice } from './notices';
import { callerShownName, shownNameOf } from './party-names';
import {
  adminIds,
  findOpenRequestId,
  findRequest,
  insertRequest,
  oneOpenRequestIndex,
  loadRequest,
  recordAgreedPrices,
  setRequestQuantity,
  updateRequestStatus,
  type RequestRow,
} from './repo';

/** PostgreSQL's unique_violation on the named index. */
function isUniqueViolation(err: unknown, index: string): boolean {
  const pgError = err as { code?: string; constraint?: string };
  return pgError?.code === '23505' && pgError.constraint === index;
}

/** The caller's side of a request, or null when it is not theirs. */
function partyOf(request: RequestRow, caller: Caller): RequestParty | null {
  if (request.owner_id === caller.id) return 'owner';
  return request.requester_id === caller.id ? 'requester' : null;
}

/** The answer to a move the transition table does not give the caller from where the request stands. */
function moveRefused(request: RequestRow, name: RequestMoveName, party: RequestParty): AppError {
  if (name === 'confirmCollection' || name === 'disputeCollection') {
    return new AppError(409, 'INVALID_TRANSITION', 'collectionNotAwaitingOwner', {
      details: { status: request.status, handover: request.handover },
    });
  }
  const to = requestMoves[name].to;
  return new AppError(409, 'INVALID_TRANSITION', 'requestTransitionRefused', {
    params: { from: request.status, to },
    details: { from: request.status, to, party },
  });
}

/**
 * The pickup windows an approval offers. Windows as given; or the spec's pickup location and
 * date-time (spec §7), read as a one-hour window from that time (within its Cairo day), so the
 * platform has one pickup mechanism whichever form the caller uses. A donor's listing needs a
 * place and a time (spec §5); a pharmacy may approve without (collection at the pharmacy).
 */
function approvalOffer(
  medicine: MedicineSummary | null,
  input: RequestStatusUpdate,
  language: Language,
): PickupOffer | null {
  if (input.pickup) return input.pickup;
  if (input.pickupLocation && input.pickupDate) {
    const start = new Date(input.pickupDate);
    const end = new Date(start.getTime() + 3600_000);
    // An hour from that minute, past midnight too (23:30 runs to 00:30 the next day).
    return { windows: [windowInputOf(start, end)], location: input.pickupLocation };
  }
  if (medicine?.source !== 'donor') return null;
  const missing = [
    ...(input.pickupLocation ? [] : [['pickupLocation', 'pickupLocationRequired'] as const]),
    ...(input.pickupDate ? [] : [['pickupDate', 'pickupDateRequired'] as const]),
  ];
  const details = missing.map(([path, rule]) => ({ path, rule, message: translate(rule, language) }));
  throw new AppError(400, 'VALIDATION_FAILED', missing[0]![1], { details });
}

/** The moves the spec's status change asks for, each its own use case below. */
type StatusMove = 'approve' | 'reject' | 'cancel' | 'collect';

export function createRequestService(ctx: RequestsContext) {
  /** Queues the request-approved e-mail (outbox, same transaction) when the settings allow it. */
  async function queueApprovalMail(
    client: PoolClient,
    request: RequestRow,
    medicine: MedicineSummary | null,
    approver: Caller,
    settings: Settings,
  ) {
    if (!transactionMailsOn(settings)) return;
    const requester = await findReadModelUser(client, schema, request.requester_id);
    if (!requester) {
      ctx.logger.warn(
        { requestId: request.id },
        'requester not in the read model yet; approval e-mail skipped',
      );
      return;
    }
    const provider = await findReadModelUser(client, schema, request.owner_id);
    const job = approvalMail({
      request: (await findPickupRequest(client, request.id))!,
      windows: await offeredWindows(client, request.id),
      medicine,
      requester,
      provider,
      approverName: approver.name,
      handoverCode: (await readHandoverCode(client, ctx, request.id))?.code ?? null,
      settings,
      publicUrl: ctx.config.PUBLIC_URL,
      secrets: ctx.mailSecrets,
    });
    await addToOutbox(client, schema, { queue: mailQueueName, name: job.template, payload: job });
  }

  /** The request as approved: for `granted` units when given (at most those asked, else 400). */
  async function grantedPart(
    client: PoolClient,
    request: RequestRow,
    granted: number | undefined,
    language: Language,
  ): Promise<RequestRow> {
    if (granted === undefined || granted === request.quantity) return request;
    if (granted > request.quantity) {
      const params = { asked: request.quantity };
      const message = translate('approveMoreThanAsked', language, params);
      throw new AppError(400, 'VALIDATION_FAILED', 'approveMoreThanAsked', {
        params,
        details: [{ path: 'quantity', rule: 'approveMoreThanAsked', message }],
      });
    }
    await setRequestQuantity(client, request.id, granted);
    return { ...request, quantity: granted };
  }

  /**
   * Reserves the request's quantity in the catalog (approval only). Everything that can fail is
   * read before the catalog reserves: after it, only this transaction's own writes remain (a
   * failed commit is retried with the same reservation).
   */
  async function reserveForApproval(
    client: PoolClient,
    request: RequestRow,
    requester: ReadModelUser | null,
  ) {
    const settings = await ctx.settings();
    // The catalog's prices, not the read model's: an edit just before approving counts, but a
    // rise since the request is not charged to it (libs/domain `pricesToCharge`).
    const listing = await ctx.catalog.medicine(request.medicine_id);
    const agreedPrices = { ...listing, ...pricesToCharge(request.asked_prices, listing) };
    // Whom the listing is offered to may have changed since the request (a donor now offering
    // to NGOs only): the owner's current choice holds.
    if (
      requester &&
      !(visibleRecipientTypes(requester.user_type) as readonly string[]).includes(agreedPrices.recipientType)
    ) {
      throw new AppError(409, 'NOT_OFFERED', 'notOfferedToRequesterAnyMore');
    }
    const reservation = await ctx.catalog.reserve({
      requestId: request.id,
      medicineId: request.medicine_id,
      quantity: request.quantity,
    });
    // The approval's note goes with its commit (see `approve`).
    await clearReservationAsked(client, request.id);
    // A released reservation is final (see the catalog): it never counts as reserved.
    if (reservation.status !== 'reserved') {
      throw new AppError(409, 'MEDICINE_UNAVAILABLE', 'medicineUnavailable', { details: { available: 0 } });
    }
    return { settings, agreedPrices };
  }

  /**
   * Runs one move of the life cycle: locks the request, finds the caller's side, checks the move
   * against the transition table (409 in the caller's language when it is not theirs to make
   * from where the request stands now), then applies it in the same transaction. After the
   * commit, queued messages are relayed and reminders of a request no longer approved dropped.
   */
  async function move(
    caller: Caller,
    id: number,
    name: RequestMoveName,
    apply: (client: PoolClient, request: RequestRow) => Promise<void>,
  ): Promise<MedicineRequest> {
    await withTransaction(
      ctx.pool,
      async (client) => {
        const request = await findRequest(client, id, true);
        if (!request) throw httpError.notFound('requestNotFound');
        const party = partyOf(request, caller);
        if (!party) throw httpError.forbidden('notYourRequest');
        if (!mayMove(name, request, party)) throw moveRefused(request, name, party);
        await apply(client, request);
      },
      { lockTimeout: '5s' },
    );
    ctx.outbox.nudge();
    await ctx.pickup?.onRequestMoved(id, requestMoves[name].to);
    return (await loadRequest(ctx.pool, id, caller.id))!;
  }

  /**
   * The move's status and handover state, its custody entry and the other party's notice
   * (`asked`: the units asked, when an approval grants fewer).
   */
  async function record(
    client: PoolClient,
    request: RequestRow,
    caller: Caller,
    name: RequestMoveName,
    handover: HandoverState | null = request.handover,
    asked = request.quantity,
  ) {
    await updateRequestStatus(client, request.id, requestMoves[name].to, handover);
    await recordCustody(client, {
      requestId: request.id,
      fromStatus: request.status,
      actor: actorOf(caller),
    });
    const medicine = await findMedicineSummary(client, request.medicine_id);
    // Named as the e-mails name the caller: the organisation, else the account's name.
    const actor = await callerShownName(client, caller);
    const notice = moveNotice(request, name, actor, medicine?.name ?? '', asked);
    if (notice) await addNotification(client, notice);
    return medicine;
  }

  /** Gives back the reservation of a request that will not be collected (retried from the outbox). */
  const releaseReservation = (client: PoolClient, request: RequestRow) =>
    addToOutbox(client, schema, {
      queue: releaseQueueName,
      name: 'release',
      payload: { requestId: request.id },
    });

  const moves = {
    /**
     * The owner approves: the quantity is reserved in the catalog (keyed by the request id, so a
     * retry after a failure reuses it) while the request row is locked; the pickup windows are
     * offered, the requester's handover code issued and the approval e-mail queued, all in the
     * same transaction.
     */
    approve: async (caller: Caller, id: number, input: RequestStatusUpdate, language: Language) => {
      // Committed before the approval's transaction (no second connection held inside it), cleared
      // by its commit: a note left behind (an approval lost after the catalog reserved, or
      // refused) is looked at by the sweep, which takes back a reservation nothing records.
      await noteReservationAsked(ctx.pool, id);
      return move(caller, id, 'approve', async (client, asked) => {
        // Fewer units than asked when fewer are left: the request is for those from now on.
        const request = await grantedPart(client, asked, input.quantity, language);
        // A suspended account gets no pickup address, phone or e-mail (the approval's e-mail). Its
        // pending requests end with the suspension (./suspension.ts); this covers one made meanwhile.
        const requester = await findReadModelUser(client, schema, request.requester_id);
        if (requester && requester.status !== 'approved') {
          throw new AppError(409, 'REQUESTER_SUSPENDED', 'requesterSuspended');
        }
        const medicine = await findMedicineSummary(client, request.medicine_id);
        if (medicine?.source === 'donor' && !mayReceiveDonations(requester?.has_pharmacist)) {
          throw new AppError(409, 'PHARMACIST_REQUIRED', 'requesterHasNoPharmacist');
        }
        const offer = approvalOffer(medicine, input, language);
        // Windows already over are refused before the catalog reserves anything; one made from the
        // spec's pickupDate is refused on that field, the one the caller sent.
        const pathOf = input.pickup ? undefined : () => 'pickupDate';
        if (offer) await ctx.pickup?.checkOffer(client, request.medicine_id, offer, pathOf);
        const approval = await reserveForApproval(client, request, requester);
        await record(client, request, caller, 'approve', request.handover, asked.quantity);
        const windows = offer ? await ctx.pickup!.offerOnApproval(client, request.id, offer) : [];
        await issueHandoverCode(client, ctx, request.id, {
          approvedAt: new Date(),
          pickupDate: latestStart(windows),
        });
        await recordAgreedPrices(client, request.id, approval.agreedPrices);
        await queueApprovalMail(client, request, medicine, caller, approval.settings);
      });
    },

    reject: (caller: Caller, id: number) =>
      move(caller, id, 'reject', async (client, request) => {
        const medicine = await record(client, request, caller, 'reject');
        if (request.status === 'approved')
          await queueCalledOffMails(ctx, client, request, { party: 'owner' }, medicine);
        // Gives back an approved request's reservation (the owner calls the pickup off), or one left
        // by an approval whose commit failed, and blocks a late one.
        await releaseReservation(client, request);
      }),

    /** The requester withdraws a pending request, or an approved one it will not collect. */
    cancel: (caller: Caller, id: number) =>
      move(caller, id, 'cancel', async (client, request) => {
        const medicine = await record(client, request, caller, 'cancel');
        if (request.status === 'approved') {
          await queueCalledOffMails(ctx, client, request, { party: 'requester' }, medicine);
          await acknowledgeByCancelledPickup(client, request.id, request.requester_id);
        }
        await releaseReservation(client, request);
      }),

    /**
     * "Mark as Collected" (spec): the requester's word alone. The request completes, recorded as
     * unconfirmed, and the owner is asked to confirm or dispute it; the code is the way that
     * needs no second word.
     */
    collect: (caller: Caller, id: number) =>
      move(caller, id, 'collect', async (client, request) => {
        await checkHandable(client, request.id, request.medicine_id, false);
        await record(client, request, caller, 'collect', 'unconfirmed');
      }),

    /** The owner confirms a collection the requester marked. */
    confirmCollection: (caller: Caller, id: number) =>
      move(caller, id, 'confirmCollection', async (client, request) => {
        await record(client, request, caller, 'confirmCollection', 'confirmed');
      }),

    /**
     * The owner says a marked collection did not happen: the transfer stays recorded as
     * disputed (the custody log shows it) and the administrators are told, to look into it.
     */
    disputeCollection: (caller: Caller, id: number) =>
      move(caller, id, 'disputeCollection', async (client, request) => {
        const medicine = await record(client, request, caller, 'disputeCollection', 'disputed');
        // The owner says the units were not handed over, so they still hold them: back on offer
        // (the reservation released), not promised for good to a collection no one can undo.
        await releaseReservation(client, request);
        const requester = await findReadModelUser(client, schema, request.requester_id);
        for (const adminId of await adminIds(client)) {
          await addNotification(client, {
            userId: adminId,
            type: 'request-completed',
            titleKey: 'notifyCollectionDisputedTitle',
            messageKey: 'notifyCollectionDisputedAdmin',
            params: {
              owner: await callerShownName(client, caller),
              requester: requester ? shownNameOf(requester) : '',
              quantity: request.quantity,
              medicine: medicine?.name ?? '',
              request: request.id,
            },
            requestId: request.id,
            medicineId: request.medicine_id,
            sourceKey: `request:${request.id}:disputed:admin:${adminId}`,
          });
        }
      }),
  };

  const service = {
    /**
     * A new request (spec §7). The medicine is read from the catalog, not the read model, since
     * availability and quantity must be current here; the answer also refreshes the read model.
     */
    async create(caller: Caller, input: RequestCreate): Promise<MedicineRequest> {
      const medicine = await ctx.catalog.medicine(input.medicineId);
      if (medicine.ownerId === caller.id) throw new AppError(403, 'OWN_MEDICINE', 'ownMedicine');
      if (!(visibleRecipientTypes(caller.role) as readonly string[]).includes(medicine.recipientType)) {
        throw new AppError(403, 'NOT_OFFERED', 'notOfferedToYou');
      }
      // A donor's medicine goes only to a licensed pharmacist (an NGO without one cannot receive it).
      if (
        medicine.source === 'donor' &&
        !mayReceiveDonations((await findReadModelUser(ctx.pool, schema, caller.id))?.has_pharmacist)
      ) {
        throw new AppError(409, 'PHARMACIST_REQUIRED', 'pharmacistRequiredForDonations');
      }
      // A suspended owner's listings are hidden from browsing; they cannot be requested either.
      const owner = await findReadModelUser(ctx.pool, schema, medicine.ownerId);
      if (medicine.quarantined) {
        throw new AppError(409, 'MEDICINE_QUARANTINED', 'medicineQuarantined', { details: { available: 0 } });
      }
      if (!isAvailableListing(medicine) || owner?.status === 'rejected') {
        throw new AppError(409, 'MEDICINE_UNAVAILABLE', 'medicineUnavailable', { details: { available: 0 } });
      }
      if (input.quantity > medicine.quantity) {
        throw new AppError(409, 'INSUFFICIENT_QUANTITY', 'insufficientQuantity', {
          params: { available: medicine.quantity },
          details: { available: medicine.quantity },
        });
      }
      // The partial unique index refuses a second open request, even from racing calls; the
      // refused transaction rolls back, so its notification to the owner is never written.
      const id = await withTransaction(ctx.pool, async (client) => {
        await upsertMedicine(client, medicine);
        const row = await insertRequest(client, caller.id, medicine.ownerId, input, medicine);
        await recordCustody(client, { requestId: row.id, fromStatus: null, actor: actorOf(caller) });
        await addNotification(client, {
          userId: medicine.ownerId,
          type: 'request-new',
          titleKey: 'notifyRequestNewTitle',
          messageKey: 'notifyRequestNew',
          params: {
            requester: await callerShownName(client, caller),
            quantity: input.quantity,
            medicine: medicine.name,
          },
          requestId: row.id,
          medicineId: medicine.id,
          sourceKey: `request:${row.id}:pending`,
        });
        return row.id;
      }).catch(async (err: unknown) => {
        if (!isUniqueViolation(err, oneOpenRequestIndex)) throw err;
        const existing = await findOpenRequestId(ctx.pool, caller.id, medicine.id);
        throw new AppError(409, 'REQUEST_ALREADY_OPEN', 'requestAlreadyOpen', {
          details: { requestId: existing },
        });
      });
      return (await loadRequest(ctx.pool, id, caller.id))!;
    },

    /**
     * `PUT /api/requests/:id/status` (spec §7): the status asked for names one move of the
     * transition table (libs/domain), which runs as its own use case below.
     */
    async changeStatus(
      caller: Caller,
      id: number,
      input: RequestStatusUpdate,
      language: Language,
    ): Promise<MedicineRequest> {
      const request = await findRequest(ctx.pool, id);
      if (!request) throw httpError.notFound('requestNotFound');
      const party = partyOf(request, caller);
      if (!party) throw httpError.forbidden('notYourRequest');
      const name = statusChangeMove(request, input.status, party) as StatusMove | null;
      if (!name) throw moveRefused(request, statusMoveFor(input.status, party), party);
      if (name === 'approve') return moves.approve(caller, id, input, language);
      return moves[name](caller, id);
    },
  };
  return { ...moves, ...service };
}

/** The move a status change names for a party, to say which one was refused. */
function statusMoveFor(to: RequestStatus, party: RequestParty): RequestMoveName {
  if (to === 'approved') return 'approve';
  if (to === 'rejected') return 'reject';
  if (to === 'cancelled') return 'cancel';
  return party === 'owner' ? 'handOver' : 'collect';
}

// The figures are read-only use cases of their own (summary.ts); routes import them from here.
export { donationStatusesOf, requestSummary } from './summary';
