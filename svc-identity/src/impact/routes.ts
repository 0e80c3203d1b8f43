import { impactPartPath } from '@medrelay/contracts';
import { Router } from 'express';
import type { IdentityContext } from '../context';
import { identityImpact } from './repo';

/** Identity's part of the public impact figures: approved pharmacies, NGOs and donors. */
export function impactRoutes(ctx: IdentityContext): Router {
  const router = Router();
  router.get(impactPartPath, async (_req, res) => {
    res.json(await identityImpact(ctx.pool));
  });
  return router;
}
