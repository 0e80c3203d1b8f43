import { idParam, medicineSnapshotSchema, reservationSchema } from '@medrelay/contracts';
import { callDeadline, httpError, requireInternalSecret, validate } from '@medrelay/service-kit';
import { Router, type Response } from 'express';
import type { CatalogContext } from '../context';
import { findMedicine, toSnapshot } from '../medicines/repo';
import { createReservationService } from './service';

const idOf = (res: Response) => (res.locals.params as { id: number }).id;

/**
 * Internal calls from svc-requests, where the answer must be current (architecture: the only
 * synchronous service-to-service calls). Closed by the internal secret; the gateway never
 * routes /internal.
 */
export function internalRoutes(ctx: CatalogContext): Router {
  const router = Router();
  const reservations = createReservationService(ctx);
  router.use('/internal', requireInternalSecret(ctx.config.INTERNAL_SECRET));

  router.get('/internal/medicines/:id', validate({ params: idParam }), async (_req, res) => {
    const row = await findMedicine(ctx.pool, idOf(res));
    if (!row) throw httpError.notFound('medicineNotFound');
    res.json(medicineSnapshotSchema.parse(toSnapshot(row)));
  });

  router.post('/internal/reservations', validate({ body: reservationSchema }), async (req, res) => {
    res.json(await reservations.reserve(req.body, callDeadline(req)));
  });

  router.delete('/internal/reservations/:id', validate({ params: idParam }), async (req, res) => {
    res.json(await reservations.release(idOf(res), callDeadline(req)));
  });

  // An approval never recorded (svc-requests lost its transaction): its units back, no marker.
  router.post('/internal/reservations/:id/withdraw', validate({ params: idParam }), async (req, res) => {
    res.json(await reservations.withdraw(idOf(res), callDeadline(req)));
  });

  return router;
}
