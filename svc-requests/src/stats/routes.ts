import { requestApi } from '@medrelay/contracts/api-routes';
import { reportPartRoutes } from '@medrelay/service-kit';
import type { Router } from 'express';
import type { RequestsContext } from '../context';
import { requestActivity, requestStats, requestsImpact } from './repo';

/**
 * svc-requests' part of the admin statistics (the gateway aggregates GET /api/admin/stats):
 * requests by status; of the dashboard's activity: requests made and their latest decision; of
 * the public impact figures: units that reached someone.
 */
export function statsRoutes(ctx: RequestsContext): Router {
  return reportPartRoutes(
    ctx.verifier,
    { stats: requestApi.requestStats, activity: requestApi.requestActivity },
    {
      stats: (days) => requestStats(ctx.pool, days),
      activity: (limit) => requestActivity(ctx.pool, limit),
      impact: () => requestsImpact(ctx.pool),
    },
  );
}
