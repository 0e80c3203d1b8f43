import {
  medicineEventSchema,
  medicineEventQueue,
  type ExpiryAlert,
  type MedicineEvent,
  type MedicineSnapshot,
} from '@medrelay/contracts';
import { cairoDay } from '@medrelay/domain';
import {
  createWorker,
  firstDelivery,
  withTransaction,
  type Job,
  type Logger,
  type Pool,
  type PoolClient,
  type Redis,
} from '@medrelay/service-kit';
import { schema } from '../context';
import { applyRecallEvent, type RecallNoticeOptions } from '../recalls/consumer';
import { addNotifications, type NewNotification } from '../notifications/repo';
import { dropMatchesOfUnavailable } from '../matching/repo';
import { matchAndNotify } from '../matching/service';
import { rejectPendingNoLongerOffered } from '../requests/platform-ends';
import { listingChanges } from './listing-changes';
import {
  approvedWithListingChanged,
  setQuarantine,
  unlistMedicines,
  upsertMedicines,
  type ApprovedOnChangedListing,
} from './repo';

/** The owner's notification for an expiry alert (the same alert never notifies twice). */
const expiryNotification = (alert: ExpiryAlert): NewNotification => ({
  userId: alert.ownerId,
  type: 'expiry-alert',
  titleKey: 'notifyExpiryAlertTitle',
  messageKey: 'notifyExpiryAlert',
  params: { medicine: alert.medicineName, days: alert.daysLeft },
  medicineId: alert.medicineId,
  sourceKey: `expiry:${alert.medicineId}:${alert.threshold}`,
});

/**
 * A requester's notice that what they are to collect changed after the approval: the pack (an
 * owner's correction of its batch or expiry) and what it is now, to check at the pickup; and,
 * named, a new name, type or category ("it now needs cold storage": a cool box). None when
 * nothing the requester cares about changed.
 */
function listingChangedNotification(
  request: ApprovedOnChangedListing,
  m: MedicineSnapshot,
): NewNotification | null {
  const changes = listingChanges(request.was, m);
  if (!changes.length) return null;
  const packOnly = changes.every((change) => change === 'pack');
  return {
    userId: request.requester_id,
    type: 'pickup-update',
    titleKey: packOnly ? 'notifyPackChangedTitle' : 'notifyListingChangedTitle',
    messageKey: packOnly ? 'notifyPackChanged' : 'notifyListingChanged',
    params: {
      medicine: m.name,
      quantity: request.quantity,
      batch: m.batch ?? '—',
      expiry: cairoDay(new Date(m.expiryDate)),
      ...(packOnly ? {} : { changes: changes.join(',') }),
      ...(changes.includes('renamed') ? { was: request.was.name } : {}),
      ...(changes.includes('type') ? { type: m.type, wasType: request.was.type } : {}),
    },
    requestId: request.id,
    medicineId: m.id,
    sourceKey: `pack-changed:${request.id}:${m.version}`,
  };
}

export async function applyMedicineEvent(
  client: PoolClient,
  event: MedicineEvent,
  recallNotices: RecallNoticeOptions,
): Promise<boolean> {
  if (!(await firstDelivery(client, schema, event.eventId, event.type))) return false;
  switch (event.type) {
    case 'medicine.changed': {
      const told = await approvedWithListingChanged(client, event.medicine);
      await upsertMedicines(client, [event.medicine]);
      await addNotifications(
        client,
        told.flatMap((r) => listingChangedNotification(r, event.medicine) ?? []),
      );
      await rejectPendingNoLongerOffered(client, [event.medicine.id]);
      // A listing changed: its matches are re-evaluated with the change.
      await matchAndNotify(client, { medicineIds: [event.medicine.id] });
      break;
    }
    case 'medicines.changed':
      await upsertMedicines(client, event.medicines);
      await rejectPendingNoLongerOffered(
        client,
        event.medicines.map((m) => m.id),
      );
      await matchAndNotify(client, { medicineIds: event.medicines.map((m) => m.id) });
      break;
    case 'medicines.unlisted':
      await unlistMedicines(client, event.medicines);
      await rejectPendingNoLongerOffered(
        client,
        event.medicines.map((m) => m.id),
      );
      // Unlisted: no match is left and none can come (a newer relisting matched on its own event).
      await dropMatchesOfUnavailable(
        client,
        event.medicines.map((m) => m.id),
      );
      break;
    case 'medicine.expiry-alert':
      await addNotifications(client, [expiryNotification(event)]);
      break;
    case 'medicine.expiry-alerts':
      await addNotifications(client, event.alerts.map(expiryNotification));
      break;
    case 'recall.issued':
    case 'recall.lifted': {
      if (!(await applyRecallEvent(client, event, recallNotices))) break;
      // Quarantined listings leave (and given-back ones re-enter) matching like any other change.
      const ids = event.type === 'recall.issued' ? event.listings.map((l) => l.medicineId) : event.restored;
      await setQuarantine(client, ids, event.type === 'recall.issued' ? event.reason : null);
      await matchAndNotify(client, { medicineIds: ids });
      break;
    }
  }
  return true;
}

/** Consumes the catalog's medicine events: the read model, expiry notifications, recalls. */
export function startMedicineEventConsumer(
  pool: Pool,
  connection: Redis,
  prefix: string,
  logger: Logger,
  recallNotices: RecallNoticeOptions,
) {
  return createWorker<MedicineEvent>(
    medicineEventQueue,
    async (job: Job<MedicineEvent>) => {
      const event = medicineEventSchema.parse(job.data);
      const applied = await withTransaction(pool, (client) =>
        applyMedicineEvent(client, event, recallNotices),
      );
      return applied ? 'applied' : 'duplicate';
    },
    connection,
    prefix,
    logger,
  );
}
