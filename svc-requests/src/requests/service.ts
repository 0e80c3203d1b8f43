import {
  type Language,
  type MailJob,
  mailQueueName,
  type MedicineRequest,
  type RequestCreate,
  type RequestStatus,
  type RequestStatusUpdate,
  type RequestSummary,
  type DonationStatusEntry,
  requestStatuses,
  type Settings,
  translate,
} from '@medrelay/contracts';
import {
  donationStatusOf,
  receivedByMonth,
  receivedSummary,
  reportingTimeZone,
  requestTransitionParty,
  revenueRecovered,
  successfulTransfers,
  visibleRecipientTypes,
  type RequestParty,
  type TransferLike,
} from '@medrelay/domain';
import {
  addToOutbox,
  AppError,
  httpError,
  withTransaction,
  type Caller,
  type Pool,
  type PoolClient,
} from '@medrelay/service-kit';
import { releaseQueueName, schema, type RequestsContext } from '../context';
import { upsertMedicine } from '../medicines/repo';
import { addNotification, type NewNotification } from '../notifications/repo';
import {
  findOpenRequestId,
  findRequest,
  insertRequest,
  oneOpenRequestIndex,
  loadRequest,
  medicineCounts,
  recordAgreedPrices,
  statusCountsOf,
  summaryGroups,
  updateRequestStatus,
  type RequestRow,
} from './repo';

interface UserRow {
  name: string;
  email: string;
  user_type: string;
  address: string | null;
  language: Language;
}
interface MedicineRow {
  name: string;
  source: 'pharmacy' | 'donor';
}

async function readUser(db: PoolClient, id: number): Promise<UserRow | null> {
  const { rows } = await db.query<UserRow>('SELECT * FROM requests.users WHERE id = $1', [id]);
  return rows[0] ?? null;
}
async function readMedicine(db: PoolClient, id: number): Promise<MedicineRow | null> {
  const { rows } = await db.query<MedicineRow>('SELECT name, source FROM requests.medicines WHERE id = $1', [
    id,
  ]);
  return rows[0] ?? null;
}

/** Who is notified of each move, with which texts (keys rendered in the reader's language). */
const notices: Partial<
  Record<RequestStatus, Pick<NewNotification, 'type' | 'titleKey' | 'messageKey'> & { to: RequestParty }>
> = {
  approved: {
    to: 'requester',
    type: 'request-approved',
    titleKey: 'notifyRequestApprovedTitle',
    messageKey: 'notifyRequestApproved',
  },
  rejected: {
    to: 'requester',
    type: 'request-rejected',
    titleKey: 'notifyRequestRejectedTitle',
    messageKey: 'notifyRequestRejected',
  },
  cancelled: {
    to: 'owner',
    type: 'request-cancelled',
    titleKey: 'notifyRequestCancelledTitle',
    messageKey: 'notifyRequestCancelled',
  },
  completed: {
    to: 'owner',
    type: 'request-completed',
    titleKey: 'notifyRequestCompletedTitle',
    messageKey: 'notifyRequestCompleted',
  },
};

/** PostgreSQL's unique_violation on the named index. */
function isUniqueViolation(err: unknown, index: string): boolean {
  const pgError = err as { code?: string; constraint?: string };
  return pgError?.code === '23505' && pgError.constraint === index;
}

function formatPickupDate(iso: string, language: Language): string {
  return new Intl.DateTimeFormat(language === 'ar' ? 'ar-EG' : 'en-GB', {
    dateStyle: 'full',
    timeStyle: 'short',
    timeZone: 'Africa/Cairo',
  }).format(new Date(iso));
}

export function createRequestService(ctx: RequestsContext) {
  /** The request-approved e-mail to the requester, with pickup details (through identity's mail queue). */
  async function queueApprovalMail(
    client: PoolClient,
    request: RequestRow,
    medicine: MedicineRow | null,
    approver: Caller,
    settings: Settings,
  ) {
    if (!settings.emailNotifications || !settings.notifyTransactions) return;
    const [requester, provider] = [
      await readUser(client, request.requester_id),
      await readUser(client, request.owner_id),
    ];
    if (!requester) {
      ctx.logger.warn(
        { requestId: request.id },
        'requester not in the read model yet; approval e-mail skipped',
      );
      return;
    }
    const language = requester.language;
    const fromPharmacy = medicine?.source === 'pharmacy';
    const job: MailJob = {
      idempotencyKey: `request-approved:${request.id}`,
      template: 'request-approved',
      to: requester.email,
      language,
      data: {
        systemName: settings.systemName,
        adminEmail: settings.adminEmail,
        name: requester.name,
        medicineName: medicine?.name ?? '',
        quantity: String(request.quantity),
        providerName: provider?.name ?? approver.name,
        pickupLocation: request.pickup_location ?? '',
        pickupDate: request.pickup_date ? formatPickupDate(request.pickup_date.toISOString(), language) : '',
        address: fromPharmacy ? (provider?.address ?? '') : '',
        contactEmail: fromPharmacy ? (provider?.email ?? '') : '',
        requestsUrl: `${ctx.config.PUBLIC_URL}/${requester.user_type}/requests`,
      },
    };
    await addToOutbox(client, schema, { queue: mailQueueName, name: job.template, payload: job });
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
      const expired = new Date(medicine.expiryDate).getTime() <= Date.now();
      // A suspended owner's listings are hidden from browsing; they cannot be requested either.
      const owner = await ctx.pool.query<{ status: string }>(
        'SELECT status FROM requests.users WHERE id = $1',
        [medicine.ownerId],
      );
      const ownerSuspended = owner.rows[0]?.status === 'rejected';
      if (!medicine.isAvailable || expired || medicine.quantity === 0 || ownerSuspended) {
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
      await withTransaction(ctx.pool, async (client) => {
        await client.query(`SET LOCAL lock_timeout = '5s'`);
        const request = await findRequest(client, id, true);
        if (!request) throw httpError.notFound('requestNotFound');
        const party: RequestParty | null =
          request.owner_id === caller.id ? 'owner' : request.requester_id === caller.id ? 'requester' : null;
        if (!party) throw httpError.forbidden('notYourRequest');
        const to = input.status;
        if (requestTransitionParty(request.status, to) !== party) {
          throw new AppError(409, 'INVALID_TRANSITION', 'requestTransitionRefused', {
            params: { from: request.status, to },
            details: { from: request.status, to, party },
          });
        }
        const medicine = await readMedicine(client, request.medicine_id);
        let pickup: { location: string | null; date: string | null } | null = null;
        let settings: Settings | null = null;
        let agreedPrices: { discountPrice: string | null; originalPrice: string | null } | null = null;
        if (to === 'approved') {
          if (medicine?.source === 'donor') {
            const missing = [
              ...(input.pickupLocation ? [] : [['pickupLocation', 'pickupLocationRequired'] as const]),
              ...(input.pickupDate ? [] : [['pickupDate', 'pickupDateRequired'] as const]),
            ];
            if (missing.length) {
              const details = missing.map(([path, rule]) => ({
                path,
                rule,
                message: translate(rule, language),
              }));
              throw new AppError(400, 'VALIDATION_FAILED', missing[0]![1], { details });
            }
          }
          pickup = { location: input.pickupLocation, date: input.pickupDate };
          // Everything that can fail is read before the catalog reserves: after it, only this
          // transaction's own writes remain (a failed commit is retried with the same reservation).
          settings = await ctx.settings();
          // The catalog's prices, not the read model's: an edit just before approving counts.
          agreedPrices = await ctx.catalog.medicine(request.medicine_id);
          const reservation = await ctx.catalog.reserve({
            requestId: request.id,
            medicineId: request.medicine_id,
            quantity: request.quantity,
          });
          // A released reservation is final (see the catalog): it never counts as reserved.
          if (reservation.status !== 'reserved') {
            throw new AppError(409, 'MEDICINE_UNAVAILABLE', 'medicineUnavailable', {
              details: { available: 0 },
            });
          }
        }
        await updateRequestStatus(client, request.id, to, pickup);
        if (agreedPrices) await recordAgreedPrices(client, request.id, agreedPrices);
        const updated = (await findRequest(client, request.id))!;

        const notice = notices[to];
        if (notice) {
          await addNotification(client, {
            userId: notice.to === 'owner' ? request.owner_id : request.requester_id,
            type: notice.type,
            titleKey: notice.titleKey,
            messageKey: notice.messageKey,
            params: { requester: caller.name, quantity: request.quantity, medicine: medicine?.name ?? '' },
            requestId: request.id,
            medicineId: request.medicine_id,
            sourceKey: `request:${request.id}:${to}`,
          });
        }
        if (to === 'approved' && settings)
          await queueApprovalMail(client, updated, medicine, caller, settings);
        if (to === 'rejected' || to === 'cancelled') {
          // Gives back a reservation left by an approval whose commit failed (usually none), and
          // blocks a late one; retried from the outbox until the catalog has done it.
          await addToOutbox(client, schema, {
            queue: releaseQueueName,
            name: 'release',
            payload: { requestId: request.id },
          });
        }
      });
      ctx.outbox.nudge();
      return (await loadRequest(ctx.pool, id, caller.id))!;
    },
  };
}

/** Months the summary's monthly figures cover (the NGO analytics chart). */
const summaryMonths = 6;

/**
 * The caller's figures (GET /api/requests/my/summary): SQL groups the requests, the libs/domain
 * formulas (the same the screens used on whole lists) turn the groups into figures.
 */
export async function requestSummary(db: Pool, userId: number, now = new Date()): Promise<RequestSummary> {
  const [groups, medicines] = await Promise.all([
    summaryGroups(db, userId, reportingTimeZone),
    medicineCounts(db, userId),
  ]);
  const transfers: TransferLike[] = groups.map((g) => ({
    direction: g.direction,
    status: g.status,
    quantity: Number(g.units),
    requests: g.requests,
    updatedAt: g.updated_at.toISOString(),
    unitPrice: g.unit_price,
    originalUnitPrice: g.original_unit_price,
    medicine: g.source ? { source: g.source } : null,
  }));
  const counts = () =>
    Object.fromEntries(requestStatuses.map((s) => [s, 0])) as Record<RequestStatus, number>;
  const byDirection = { incoming: counts(), outgoing: counts() };
  for (const g of groups) byDirection[g.direction][g.status] += g.requests;
  const { units, patientsServed, estimatedValue, unpricedUnits, bySource } = receivedSummary(transfers);
  return {
    ...byDirection,
    successfulTransfers: successfulTransfers(transfers),
    revenueRecovered: revenueRecovered(transfers),
    received: {
      units,
      patientsServed,
      estimatedValue,
      unpricedUnits,
      medicines: medicines.received,
      bySource,
    },
    receivedByMonth: receivedByMonth(transfers, summaryMonths, now),
    medicines: { completed: medicines.completed, pickupScheduled: medicines.scheduled },
    collected: byDirection.incoming.completed,
  };
}

/** The donation badge of each asked medicine (libs/domain rule over the counts SQL makes). */
export async function donationStatusesOf(
  db: Pool,
  ownerId: number,
  ids: number[],
): Promise<DonationStatusEntry[]> {
  const counts = new Map<number, Partial<Record<RequestStatus, number>>>(ids.map((id) => [id, {}]));
  for (const row of await statusCountsOf(db, ownerId, ids)) counts.get(row.medicine_id)![row.status] = row.n;
  return ids.map((medicineId) => ({ medicineId, status: donationStatusOf(counts.get(medicineId)!) }));
}
