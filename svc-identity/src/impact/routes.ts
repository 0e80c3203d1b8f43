import { impactPartPath, type IdentityImpact } from '@medrelay/contracts';
import { Router } from 'express';
import type { IdentityContext } from '../context';

/** Identity's part of the public impact figures: approved pharmacies, NGOs and donors. */
export function impactRoutes(ctx: IdentityContext): Router {
  const router = Router();
  router.get(impactPartPath, async (_req, res) => {
    const { rows } = await ctx.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM identity.users WHERE status = 'approved' AND user_type <> 'admin'`,
    );
    const part: IdentityImpact = { activePartners: rows[0]!.n };
    res.json(part);
  });
  return router;
}
