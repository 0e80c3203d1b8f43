import {
  medicineEventSchema,
  medicineEventQueue,
  type ExpiryAlertEvent,
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
import { addNotification } from '../notifications/repo';

/** Stores a medicine snapshot unless a newer version is already there (events may arrive late). */
export async function upsertMedicine(db: Pool | PoolClient, m: MedicineSnapshot): Promise<void> {
  await db.query(
    `INSERT INTO requests.medicines
       (id, owner_id, source, name, type, description, quantity, original_price, discount_price,
        expiry_date, recipient_type, image_url, is_available, created_at, version)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)
     ON CONFLICT (id) DO UPDATE SET
       owner_id = excluded.owner_id, source = excluded.source, name = excluded.name,
       type = excluded.type, description = excluded.description, quantity = excluded.quantity,
       original_price = excluded.original_price, discount_price = excluded.discount_price,
       expiry_date = excluded.expiry_date, recipient_type = excluded.recipient_type,
       image_url = excluded.image_url, is_available = excluded.is_available, version = excluded.version
     WHERE requests.medicines.version < excluded.version`,
    [
      m.id,
      m.ownerId,
      m.source,
      m.name,
      m.type,
      m.description,
      m.quantity,
      m.originalPrice,
      m.discountPrice,
      m.expiryDate,
      m.recipientType,
      m.imageUrl,
      m.isAvailable,
      m.createdAt,
      m.version,
    ],
  );
}

async function notifyExpiry(client: PoolClient, event: ExpiryAlertEvent): Promise<void> {
  await addNotification(client, {
    userId: event.ownerId,
    type: 'expiry-alert',
    titleKey: 'notifyExpiryAlertTitle',
    messageKey: 'notifyExpiryAlert',
    params: { medicine: event.medicineName, days: event.daysLeft },
    medicineId: event.medicineId,
    sourceKey: `expiry:${event.medicineId}:${event.threshold}`,
  });
}

export async function applyMedicineEvent(client: PoolClient, event: MedicineEvent): Promise<boolean> {
  if (!(await firstDelivery(client, schema, event.eventId, event.type))) return false;
  if (event.type === 'medicine.changed') await upsertMedicine(client, event.medicine);
  else await notifyExpiry(client, event);
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
