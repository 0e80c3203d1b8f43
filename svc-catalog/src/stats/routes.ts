import { catalogApi } from '@medrelay/contracts/api-routes';
import { reportPartRoutes } from '@medrelay/service-kit';
import type { Router } from 'express';
import type { CatalogContext } from '../context';
import { catalogImpact, medicineActivity, medicineStats } from './repo';

/**
 * The catalog's part of the admin statistics (the gateway aggregates GET /api/admin/stats): listings
 * by source and expiry class; of the dashboard's activity: listings and donations; of the public
 * impact figures: units left to expire unclaimed.
 */
export function statsRoutes(ctx: CatalogContext): Router {
  return reportPartRoutes(
    ctx.verifier,
    { stats: catalogApi.medicineStats, activity: catalogApi.medicineActivity },
    {
      stats: async (days) => medicineStats(ctx.pool, days, (await ctx.settings()).expiryWarningDays),
      activity: (limit) => medicineActivity(ctx.pool, limit),
      impact: () => catalogImpact(ctx.pool),
    },
  );
}
