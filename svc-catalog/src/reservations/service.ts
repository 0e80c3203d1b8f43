import type { Reservation, ReservationResult } from '@medrelay/contracts';
import { isAvailableListing } from '@medrelay/domain';
import { AppError, httpError, withTransaction } from '@medrelay/service-kit';
import type { CatalogContext } from '../context';
import { recordMedicineChanged } from '../medicines/events';
import { findMedicine, stockOf, type MedicineRow } from '../medicines/repo';
import {
  deleteReservation,
  findReservation,
  insertReleasedMarker,
  insertReservation,
  markReleased,
  shiftReservedQuantity,
  type ReservationRow,
} from './repo';

// The transaction of each call: row locks wait at most 5 s, one call per request id at a time
// (also before its reservation row exists), and nothing commits after the caller stopped waiting.
const lockFor = (requestId: number, deadline: number | undefined) => ({
  lockTimeout: '5s',
  lockKey: `reservation:${requestId}`,
  deadline,
});

/** Why a listing cannot be reserved from now (the units a reservation already holds count as on offer). */
function refusal(medicine: MedicineRow, held = 0): AppError | null {
  if (medicine.quarantine_reason !== null) {
    return new AppError(409, 'MEDICINE_QUARANTINED', 'medicineQuarantined', {
      details: { available: 0, reason: medicine.quarantine_reason },
    });
  }
  if (!isAvailableListing({ ...stockOf(medicine), quantity: medicine.quantity + held })) {
    return new AppError(409, 'MEDICINE_UNAVAILABLE', 'medicineUnavailable', { details: { available: 0 } });
  }
  return null;
}

/**
 * Reserving and releasing quantity for approved requests. Keyed by the request id: repeating a
 * call returns the first answer and changes nothing, once the listing is still on offer (an
 * approval retried after the listing expired, was unlisted or recalled is refused like a new one). The medicine row is locked and the
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
    async reserve(input: Reservation, deadline?: number): Promise<ReservationResult> {
      const row = await withTransaction(
        ctx.pool,
        async (client) => {
          const found = await findReservation(client, input.requestId);
          if (found) {
            if (
              found.status === 'reserved' &&
              (found.medicine_id !== input.medicineId || found.quantity !== input.quantity)
            ) {
              throw httpError.conflict('INVALID_TRANSITION', 'invalidInput', { reservation: found });
            }
            if (found.status === 'reserved') {
              const held = await findMedicine(client, found.medicine_id!);
              const refused = held && refusal(held, found.quantity);
              if (refused) throw refused;
            }
            return found;
          }
          const medicine = await findMedicine(client, input.medicineId, true);
          if (!medicine) throw httpError.notFound('medicineNotFound');
          const refused = refusal(medicine);
          if (refused) throw refused;
          if (medicine.quantity < input.quantity) {
            throw new AppError(409, 'INSUFFICIENT_QUANTITY', 'insufficientQuantity', {
              params: { available: medicine.quantity },
              details: { available: medicine.quantity },
            });
          }
          await shiftReservedQuantity(client, medicine.id, input.quantity);
          const inserted = await insertReservation(client, input.requestId, medicine.id, input.quantity);
          await recordMedicineChanged(client, medicine.id);
          return inserted;
        },
        lockFor(input.requestId, deadline),
      );
      ctx.outbox.nudge();
      return result(row);
    },

    /**
     * Gives a reservation's quantity back (svc-requests calls it when it could not record an
     * approval it had reserved for). Releasing an unknown request leaves a released marker, so
     * a reserve retried after it cannot take stock any more.
     */
    async release(requestId: number, deadline?: number): Promise<ReservationResult> {
      const row = await withTransaction(
        ctx.pool,
        async (client) => {
          const found = await findReservation(client, requestId);
          if (!found) return insertReleasedMarker(client, requestId);
          if (found.status === 'released') return found;
          await shiftReservedQuantity(client, found.medicine_id!, -found.quantity);
          await markReleased(client, requestId);
          await recordMedicineChanged(client, found.medicine_id!);
          return { ...found, status: 'released' as const };
        },
        lockFor(requestId, deadline),
      );
      ctx.outbox.nudge();
      return result(row);
    },

    /**
     * Takes back a reservation whose approval svc-requests never recorded (its transaction was
     * lost after the catalog answered): the units go back on offer and the row goes, as if never
     * made, so the request may still be approved later. Unlike a release it leaves no marker.
     * svc-requests asks only while it holds the request's lock and sees it still pending, so no
     * approval of it is in flight. Nothing to take back: status `released`, quantity 0.
     */
    async withdraw(requestId: number, deadline?: number): Promise<ReservationResult> {
      const row = await withTransaction(
        ctx.pool,
        async (client) => {
          const found = await findReservation(client, requestId);
          if (!found || found.status === 'released')
            return { request_id: requestId, medicine_id: null, quantity: 0, status: 'released' as const };
          await shiftReservedQuantity(client, found.medicine_id!, -found.quantity);
          await deleteReservation(client, requestId);
          await recordMedicineChanged(client, found.medicine_id!);
          return { ...found, status: 'released' as const };
        },
        lockFor(requestId, deadline),
      );
      ctx.outbox.nudge();
      return result(row);
    },
  };
}
