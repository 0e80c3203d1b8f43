import { authenticate, requirePermission } from '@medrelay/service-kit';
import { Router } from 'express';
import type { CatalogContext } from '../context';
import { runExpiryScan } from './scan';

/** The expiry scan on demand, for administrators (it also runs daily on its own). */
export function expiryRoutes(ctx: CatalogContext): Router {
  const router = Router();
  router.post(
    '/api/admin/expiry-scan',
    authenticate(ctx.verifier),
    requirePermission('admin.viewAll'),
    async (_req, res) => {
      res.json(await runExpiryScan(ctx));
    },
  );
  return router;
}
