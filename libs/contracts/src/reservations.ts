import { z } from 'zod';
import { medicineLimits } from './medicine-fields';

/** Internal (svc-requests → svc-catalog): reserve quantity for an approved request. */
export const reservationSchema = z
  .object({
    requestId: z.number().int().positive().max(2_147_483_647),
    medicineId: z.number().int().positive().max(2_147_483_647),
    quantity: z.number().int().min(1).max(medicineLimits.quantityMax),
  })
  .strict();
export type Reservation = z.infer<typeof reservationSchema>;

export const reservationResultSchema = z.object({
  requestId: z.number().int(),
  medicineId: z.number().int(),
  quantity: z.number().int(),
  /** Quantity left on the medicine after this reservation. */
  remaining: z.number().int(),
  status: z.enum(['reserved', 'released']),
});
export type ReservationResult = z.infer<typeof reservationResultSchema>;

/** The header carrying the internal secret on service-to-service calls (never through the gateway). */
export const internalSecretHeader = 'x-medrelay-internal';

/**
 * How long (ms) the caller of an internal call waits for its answer. The callee commits nothing
 * it could not answer within it: a reserve committed after svc-requests gave up (answered 503)
 * would hold units for an approval that never happened.
 */
export const callBudgetHeader = 'x-medrelay-budget-ms';
