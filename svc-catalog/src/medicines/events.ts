import { randomUUID } from 'node:crypto';
import { medicineEventQueue, type MedicineChangedEvent } from '@medrelay/contracts';
import { addToOutbox, type PoolClient } from '@medrelay/service-kit';
import { schema } from '../context';
import { findMedicine, toSnapshot, type MedicineRow } from './repo';

/**
 * Records a medicine.changed event (full snapshot, current version) in the transaction of the
 * change, so svc-requests' read model follows every change of quantity and availability.
 */
export async function recordMedicineChanged(client: PoolClient, medicineId: number): Promise<MedicineRow> {
  const row = (await findMedicine(client, medicineId))!;
  const event: MedicineChangedEvent = {
    eventId: randomUUID(),
    type: 'medicine.changed',
    occurredAt: new Date().toISOString(),
    medicine: toSnapshot(row),
  };
  await addToOutbox(client, schema, { queue: medicineEventQueue, name: event.type, payload: event });
  return row;
}
