import {
  type Language,
  mailQueueName,
  type MedicineRequest,
  type RequestCreate,
  type RequestStatus,
  type RequestStatusUpdate,
  type Settings,
  translate,
} from '@medrelay/contracts';
import {
  isAvailableListing,
  requestTransitionParty,
  visibleRecipientTypes,
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
} from '@medrelay/service-kit';
import { releaseQueueName, schema, type RequestsContext } from '../context';
import { recordCustody, type CustodyActor } from '../custody/repo';
import { issueHandoverCode } from '../handover/service';
import { findMedicineSummary, upsertMedicine, type MedicineSummary } from '../medicines/repo';
import { addNotification } from '../notifications/repo';
import { approvalMail, transactionMailsOn } from './approval-mail';
import { moveNotice } from './notices';
import { holdOf } from '../recalls/repo';
import {
  findOpenRequestId,
  findRequest,
  insertRequest,
  oneOpenRequestIndex,
  loadRequest,
  recordAgreedPrices,
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

/** Refuses a move the state machine (libs/domain) does not give this party. */
function checkTransition(request: RequestRow, to: RequestStatus, party: RequestParty): void {
  if (requestTransitionParty(request.status, to) !== party) {
    throw new AppError(409, 'INVALID_TRANSITION', 'requestTransitionRefused', {
      params: { from: request.status, to },
      details: { from: request.status, to, party },
    });
  }
}

/** Who a custody entry names for a move made by this caller. */
const actorOf = (caller: Caller): CustodyActor => ({ id: caller.id, role: caller.role, name: caller.name });

/** A donor's approval names where and when to collect (a pharmacy's is at the pharmacy). */
function checkPickup(medicine: MedicineSummary | null, input: RequestStatusUpdate, language: Language): void {
  if (medicine?.source !== 'donor' || input.pickup) return;
  const missing = [
    ...(input.pickupLocation ? [] : [['pickupLocation', 'pickupLocationRequired'] as const]),
    ...(input.pickupDate ? [] : [['pickupDate', 'pickupDateRequired'] as const]),
  ];
  if (missing.length === 0) return;
  const details = missing.map(([path, rule]) => ({ path, rule, message: translate(rule, language) }));
  throw new AppError(400, 'VALIDATION_FAILED', missing[0]![1], { details });
}

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
      request,
      medicine,
      requester,
      provider,
      approverName: approver.name,
      settings,
      publicUrl: ctx.config.PUBLIC_URL,
    });
    await addToOutbox(client, schema, { queue: mailQueueName, name: job.template, payload: job });
  }

  /**
   * Reserves the request's quantity in the catalog (approval only). Everything that can fail is
   * read before the catalog reserves: after it, only this transaction's own writes remain (a
   * failed commit is retried with the same reservation).
   */
  async function reserveForApproval(request: RequestRow) {
    const settings = await ctx.settings();
    // The catalog's prices, not the read model's: an edit just before approving counts.
    const agreedPrices = await ctx.catalog.medicine(request.medicine_id);
    const reservation = await ctx.catalog.reserve({
      requestId: request.id,
      medicineId: request.medicine_id,
      quantity: request.quantity,
    });
    // A released reservation is final (see the catalog): it never counts as reserved.
    if (reservation.status !== 'reserved') {
      throw new AppError(409, 'MEDICINE_UNAVAILABLE', 'medicineUnavailable', { details: { available: 0 } });
    }
    return { settings, agreedPrices };
  }

  return {
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
        const row = await insertRequest(client, caller.id, medicine.ownerId, input);
        await recordCustody(client, { requestId: row.id, fromStatus: null, actor: actorOf(caller) });
        await addNotification(client, {
          userId: medicine.ownerId,
          type: 'request-new',
          titleKey: 'notifyRequestNewTitle',
          messageKey: 'notifyRequestNew',
          params: { requester: caller.name, quantity: input.quantity, medicine: medicine.name },
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
     * Moves a request along the state machine of spec §4, enforced here: the owner approves or
     * rejects a pending request, the requester cancels a pending one or completes an approved
     * one. Approval reserves the quantity in the catalog while the request row is locked; the
     * reservation is keyed by the request id, so a retry after a failure reuses it.
     */
    async changeStatus(
      caller: Caller,
      id: number,
      input: RequestStatusUpdate,
      language: Language,
    ): Promise<MedicineRequest> {
      const to = input.status;
      await withTransaction(
        ctx.pool,
        async (client) => {
          const request = await findRequest(client, id, true);
          if (!request) throw httpError.notFound('requestNotFound');
          const party = partyOf(request, caller);
          if (!party) throw httpError.forbidden('notYourRequest');
          checkTransition(request, to, party);
          // A recalled batch is not handed over: an approved request held by a recall waits.
          const held = to === 'completed' ? await holdOf(client, request.id) : null;
          if (held !== null) {
            throw new AppError(409, 'REQUEST_ON_HOLD', 'requestOnHold', { details: { reason: held } });
          }
          const medicine = await findMedicineSummary(client, request.medicine_id);
          let approval: Awaited<ReturnType<typeof reserveForApproval>> | null = null;
          if (to === 'approved') {
            checkPickup(medicine, input, language);
            // Windows already over are refused before the catalog reserves anything.
            if (input.pickup) ctx.pickup?.checkOffer(input.pickup);
            approval = await reserveForApproval(request);
          }

          const pickup = approval ? { location: input.pickupLocation, date: input.pickupDate } : null;
          await updateRequestStatus(client, request.id, to, pickup);
          // Issue 18: the custody entry and, on approval, the requester's handover code.
          await recordCustody(client, {
            requestId: request.id,
            fromStatus: request.status,
            actor: actorOf(caller),
          });
          if (approval) {
            const pickupDate = input.pickupDate ? new Date(input.pickupDate) : null;
            await issueHandoverCode(client, ctx, request.id, { approvedAt: new Date(), pickupDate });
          }
          // Issue 18: windows offered with the approval (they fill pickupLocation/pickupDate).
          if (approval && input.pickup) await ctx.pickup?.offerOnApproval(client, request.id, input.pickup);
          if (approval) await recordAgreedPrices(client, request.id, approval.agreedPrices);
          const notice = moveNotice(request, to, caller.name, medicine?.name ?? '');
          if (notice) await addNotification(client, notice);
          if (approval) {
            const updated = (await findRequest(client, request.id))!;
            await queueApprovalMail(client, updated, medicine, caller, approval.settings);
          }
          if (to === 'rejected' || to === 'cancelled') {
            // Gives back a reservation left by an approval whose commit failed (usually none), and
            // blocks a late one; retried from the outbox until the catalog has done it.
            await addToOutbox(client, schema, {
              queue: releaseQueueName,
              name: 'release',
              payload: { requestId: request.id },
            });
          }
        },
        { lockTimeout: '5s' },
      );
      ctx.outbox.nudge();
      await ctx.pickup?.onRequestMoved(id, to);
      return (await loadRequest(ctx.pool, id, caller.id))!;
    },
  };
}

// The figures are read-only use cases of their own (summary.ts); routes import them from here.
export { donationStatusesOf, requestSummary } from './summary';
