import {
  medicineEventSchema,
  medicineEventQueue,
  type ExpiryAlert,
  type MedicineEvent,
  type MedicineSnapshot,
} from '@medrelay/contracts';
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
import { addNotifications, type NewNotification } from '../notifications/repo';

/**
 * Stores medicine snapshots, each unless a newer version is already there (events may arrive
 * late). One statement for any number of them (the expiry scan sends hundreds at once).
 */
export async function upsertMedicines(db: Pool | PoolClient, medicines: MedicineSnapshot[]): Promise<void> {
  await db.query(
    `INSERT INTO requests.medicines
       (id, owner_id, source, name, type, description, quantity, original_price, discount_price,
        expiry_date, recipient_type, image_url, is_available, created_at, version)
     SELECT m."id", m."ownerId", m."source", m."name", m."type", m."description", m."quantity",
            m."originalPrice"::numeric, m."discountPrice"::numeric, m."expiryDate"::timestamptz,
            m."recipientType", m."imageUrl", m."isAvailable", m."createdAt"::timestamptz, m."version"
       FROM jsonb_to_recordset($1::jsonb) AS m(
              "id" int, "ownerId" int, "source" text, "name" text, "type" text, "description" text,
              "quantity" int, "originalPrice" text, "discountPrice" text, "expiryDate" text,
              "recipientType" text, "imageUrl" text, "isAvailable" boolean, "createdAt" text, "version" int)
     ON CONFLICT (id) DO UPDATE SET
       owner_id = excluded.owner_id, source = excluded.source, name = excluded.name,
       type = excluded.type, description = excluded.description, quantity = excluded.quantity,
       original_price = excluded.original_price, discount_price = excluded.discount_price,
       expiry_date = excluded.expiry_date, recipient_type = excluded.recipient_type,
       image_url = excluded.image_url, is_available = excluded.is_available, version = excluded.version
     WHERE requests.medicines.version < excluded.version`,
    [JSON.stringify(medicines)],
  );
}

export const upsertMedicine = (db: Pool | PoolClient, m: MedicineSnapshot) => upsertMedicines(db, [m]);

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

export async function applyMedicineEvent(client: PoolClient, event: MedicineEvent): Promise<boolean> {
  if (!(await firstDelivery(client, schema, event.eventId, event.type))) return false;
  switch (event.type) {
    case 'medicine.changed':
      await upsertMedicines(client, [event.medicine]);
      break;
    case 'medicines.changed':
      await upsertMedicines(client, event.medicines);
      break;
    case 'medicine.expiry-alert':
      await addNotifications(client, [expiryNotification(event)]);
      break;
    case 'medicine.expiry-alerts':
      await addNotifications(client, event.alerts.map(expiryNotification));
      break;
  }
  return true;
}

/** Consumes the catalog's medicine events: the medicine read model and expiry notifications. */
export function startMedicineEventConsumer(pool: Pool, connection: Redis, prefix: string, logger: Logger) {
  return createWorker<MedicineEvent>(
    medicineEventQueue,
    async (job: Job<MedicineEvent>) => {
      const event = medicineEventSchema.parse(job.data);
      const applied = await withTransaction(pool, (client) => applyMedicineEvent(client, event));
      return applied ? 'applied' : 'duplicate';
    },
    connection,
    prefix,
    logger,
  );
}
