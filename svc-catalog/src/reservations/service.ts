import type { Reservation, ReservationResult } from '@medrelay/contracts';
import { AppError, httpError, withTransaction } from '@medrelay/service-kit';
import type { CatalogContext } from '../context';
import { recordMedicineChanged } from '../medicines/events';
import { findMedicine } from '../medicines/repo';

interface ReservationRow {
  request_id: number;
  medicine_id: number | null;
  quantity: number;
  status: 'reserved' | 'released';
}

/**
 * Reserving and releasing quantity for approved requests. Keyed by the request id: repeating a
 * call returns the first answer and changes nothing. The medicine row is locked and the
 * quantity only decremented when enough is left, so concurrent approvals can never promise
 * more than there is (and a CHECK keeps it at zero or above in any case). The listing's
 * `reserved_quantity` moves with it in the same statement (browse reads it from the row).
 */
export function createReservationService(ctx: CatalogContext) {
  async function remainingOf(medicineId: number | null): Promise<number> {
    if (medicineId === null) return 0;
    return (await findMedicine(ctx.pool, medicineId))?.quantity ?? 0;
  }

  const result = async (row: ReservationRow): Promise<ReservationResult> => ({
    requestId: row.request_id,
    medicineId: row.medicine_id ?? 0,
    quantity: row.quantity,
    remaining: await remainingOf(row.medicine_id),
    status: row.status,
  });

  return {
    async reserve(input: Reservation): Promise<ReservationResult> {
      const row = await withTransaction(ctx.pool, async (client) => {
        await client.query(`SET LOCAL lock_timeout = '5s'`);
        // One reservation per request id at a time, also before its row exists.
        await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`reservation:${input.requestId}`]);
        const existing = await client.query<ReservationRow>(
          'SELECT request_id, medicine_id, quantity, status FROM catalog.reservations WHERE request_id = $1',
          [input.requestId],
        );
        if (existing.rows[0]) {
          const found = existing.rows[0];
          if (
            found.status === 'reserved' &&
            (found.medicine_id !== input.medicineId || found.quantity !== input.quantity)
          ) {
            throw httpError.conflict('INVALID_TRANSITION', 'invalidInput', { reservation: found });
          }
          return found;
        }
        const medicine = await findMedicine(client, input.medicineId, true);
        if (!medicine) throw httpError.notFound('medicineNotFound');
        if (
          !medicine.is_available ||
          medicine.expiry_date.getTime() <= Date.now() ||
          medicine.quantity === 0
        ) {
          throw new AppError(409, 'MEDICINE_UNAVAILABLE', 'medicineUnavailable', {
            details: { available: 0 },
          });
        }
        if (medicine.quantity < input.quantity) {
          throw new AppError(409, 'INSUFFICIENT_QUANTITY', 'insufficientQuantity', {
            params: { available: medicine.quantity },
            details: { available: medicine.quantity },
          });
        }
        await client.query(
          `UPDATE catalog.medicines
              SET quantity = quantity - $2, reserved_quantity = reserved_quantity + $2,
                  version = version + 1, updated_at = now()
            WHERE id = $1`,
          [medicine.id, input.quantity],
        );
        const inserted = await client.query<ReservationRow>(
          `INSERT INTO catalog.reservations (request_id, medicine_id, quantity, status)
           VALUES ($1, $2, $3, 'reserved') RETURNING request_id, medicine_id, quantity, status`,
          [input.requestId, medicine.id, input.quantity],
        );
        await recordMedicineChanged(client, medicine.id);
        return inserted.rows[0]!;
      });
      ctx.outbox.nudge();
      return result(row);
    },

    /**
     * Gives a reservation's quantity back (svc-requests calls it when it could not record an
     * approval it had reserved for). Releasing an unknown request leaves a released marker, so
     * a reserve retried after it cannot take stock any more.
     */
    async release(requestId: number): Promise<ReservationResult> {
      const row = await withTransaction(ctx.pool, async (client) => {
        await client.query(`SET LOCAL lock_timeout = '5s'`);
        await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`reservation:${requestId}`]);
        const existing = await client.query<ReservationRow>(
          'SELECT request_id, medicine_id, quantity, status FROM catalog.reservations WHERE request_id = $1',
          [requestId],
        );
        const found = existing.rows[0];
        if (!found) {
          const marker = await client.query<ReservationRow>(
            `INSERT INTO catalog.reservations (request_id, medicine_id, quantity, status, released_at)
             VALUES ($1, NULL, 0, 'released', now()) RETURNING request_id, medicine_id, quantity, status`,
            [requestId],
          );
          return marker.rows[0]!;
        }
        if (found.status === 'released') return found;
        await client.query(
          `UPDATE catalog.medicines
              SET quantity = quantity + $2, reserved_quantity = reserved_quantity - $2,
                  version = version + 1, updated_at = now()
            WHERE id = $1`,
          [found.medicine_id, found.quantity],
        );
        await client.query(
          "UPDATE catalog.reservations SET status = 'released', released_at = now() WHERE request_id = $1",
          [requestId],
        );
        await recordMedicineChanged(client, found.medicine_id!);
        return { ...found, status: 'released' as const };
      });
      ctx.outbox.nudge();
      return result(row);
    },
  };
}
