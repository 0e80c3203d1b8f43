import type { ExpiryScanQueued } from '@medrelay/contracts';
import { authenticate, requirePermission } from '@medrelay/service-kit';
import type { Queue } from 'bullmq';
import { Router } from 'express';
import type { CatalogContext } from '../context';
import { queueExpiryScan } from './scheduler';

/**
 * The expiry scan on demand, for administrators (it also runs daily on its own). A scan over a
 * national catalogue takes seconds: the call queues it and answers 202 at once.
 */
export function expiryRoutes(ctx: CatalogContext, queue: Queue): Router {
  const router = Router();
  router.post(
    '/api/admin/expiry-scan',
    authenticate(ctx.verifier),
    requirePermission('admin.viewAll'),
    async (_req, res) => {
      const body: ExpiryScanQueued = { queued: true, jobId: await queueExpiryScan(queue) };
      res.status(202).json(body);
    },
  );
  return router;
}
