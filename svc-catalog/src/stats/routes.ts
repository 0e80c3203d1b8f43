import { impactPartPath, type CatalogImpact, type MedicineStats } from '@medrelay/contracts';
import { authenticate, requirePermission } from '@medrelay/service-kit';
import { Router } from 'express';
import type { CatalogContext } from '../context';

/**
 * The catalog's part of the admin statistics (the gateway aggregates GET /api/admin/stats).
 * Expiry classes by whole days left, rounded up (spec §4): expired ≤ 0, expiring 1–30, fresh > 30.
 */
export function statsRoutes(ctx: CatalogContext): Router {
  const router = Router();
  router.get(
    '/api/admin/all-medicines/stats',
    authenticate(ctx.verifier),
    requirePermission('reports.view'),
    async (_req, res) => {
      const { rows } = await ctx.pool.query<Record<string, string>>(
        `WITH m AS (
           SELECT source, ceil(extract(epoch FROM (expiry_date - now())) / 86400) AS days FROM catalog.medicines)
         SELECT count(*) AS total,
                count(*) FILTER (WHERE source = 'pharmacy') AS pharmacy,
                count(*) FILTER (WHERE source = 'donor') AS donor,
                count(*) FILTER (WHERE days > 30) AS fresh,
                count(*) FILTER (WHERE days BETWEEN 1 AND 30) AS expiring,
                count(*) FILTER (WHERE days <= 0) AS expired
           FROM m`,
      );
      const n = (key: string) => Number(rows[0]![key]);
      const stats: MedicineStats = {
        totalMedicines: n('total'),
        medicineSources: { pharmacy: n('pharmacy'), donor: n('donor') },
        medicineExpiry: { fresh: n('fresh'), expiring: n('expiring'), expired: n('expired') },
      };
      res.json(stats);
    },
  );
  // Its part of the public impact figures (landing page): units left to expire unclaimed.
  router.get(impactPartPath, async (_req, res) => {
    const { rows } = await ctx.pool.query<{ n: string }>(
      'SELECT coalesce(sum(quantity), 0)::bigint AS n FROM catalog.medicines WHERE expiry_date <= now()',
    );
    // bigint: sums of many listings pass 2^31; pg hands them over as text.
    const part: CatalogImpact = { expiredUnits: Number(rows[0]!.n) };
    res.json(part);
  });
  return router;
}
