import {
  medicineSnapshotSchema,
  reservationResultSchema,
  type MedicineSnapshot,
  type Reservation,
  type ReservationResult,
} from '@medrelay/contracts';
import { AppError, httpError, internalHeaders, upstreamUnavailable } from '@medrelay/service-kit';

export interface CatalogClient {
  medicine(id: number): Promise<MedicineSnapshot>;
  reserve(reservation: Reservation): Promise<ReservationResult>;
  release(requestId: number): Promise<ReservationResult>;
  /** Takes back a reservation whose approval was never recorded (see the catalog's `withdraw`). */
  withdraw(requestId: number): Promise<ReservationResult>;
}

/**
 * svc-catalog's internal endpoints. The catalog's refusals come back as the same errors
 * (409 not enough left, 404 no such medicine); the catalog being down or slow is a 503
 * UPSTREAM_UNAVAILABLE with Retry-After. No answer (refused, reset, timed out, even mid-body),
 * a 502/504 or a 503 naming an outage is an outage: a release job waits it out without using
 * an attempt (`isOutage`). Any other answer (a 500, a 4xx we did not expect) is still answered
 * 503 to the person, but a job fails it and, after its attempts, lands in the failed set.
 */
export function createCatalogClient(baseUrl: string, secret: string, timeoutMs: number): CatalogClient {
  async function call(method: string, path: string, body?: unknown): Promise<unknown> {
    let res: Response;
    let text: string;
    try {
      res = await fetch(`${baseUrl}${path}`, {
        method,
        headers: internalHeaders(secret, timeoutMs),
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
      text = await res.text();
    } catch {
      throw upstreamUnavailable(null);
    }
    const payload = parsed(text) as {
      code?: string;
      details?: { available?: number };
    };
    if (res.ok) return payload;
    if (res.status === 404) throw httpError.notFound('medicineNotFound');
    if (res.status === 409 && payload.code === 'INSUFFICIENT_QUANTITY') {
      const available = payload.details?.available ?? 0;
      throw new AppError(409, 'INSUFFICIENT_QUANTITY', 'insufficientQuantity', {
        params: { available },
        details: { available },
      });
    }
    if (res.status === 409 && payload.code === 'MEDICINE_QUARANTINED') {
      const reason = (payload.details as { reason?: string } | undefined)?.reason ?? '';
      throw new AppError(409, 'MEDICINE_QUARANTINED', 'medicineQuarantined', {
        details: { available: 0, reason },
      });
    }
    if (res.status === 409 && payload.code === 'MEDICINE_UNAVAILABLE') {
      throw new AppError(409, 'MEDICINE_UNAVAILABLE', 'medicineUnavailable', { details: { available: 0 } });
    }
    throw upstreamUnavailable(res.status, typeof payload.code === 'string' ? payload.code : undefined);
  }

  return {
    async medicine(id) {
      return medicineSnapshotSchema.parse(await call('GET', `/internal/medicines/${id}`));
    },
    async reserve(reservation) {
      return reservationResultSchema.parse(await call('POST', '/internal/reservations', reservation));
    },
    async release(requestId) {
      return reservationResultSchema.parse(await call('DELETE', `/internal/reservations/${requestId}`));
    },
    async withdraw(requestId) {
      return reservationResultSchema.parse(
        await call('POST', `/internal/reservations/${requestId}/withdraw`),
      );
    },
  };
}

/** The body as JSON; an empty object when it is not (a proxy's error page). */
function parsed(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return {};
  }
}
