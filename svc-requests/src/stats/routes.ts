import {
  activityQuerySchema,
  impactPartPath,
  statsQuerySchema,
  type ActivityQuery,
  type StatsQuery,
} from '@medrelay/contracts';
import { authenticate, requirePermission, validate } from '@medrelay/service-kit';
import { Router } from 'express';
import type { RequestsContext } from '../context';
import { requestActivity, requestStats, requestsImpact } from './repo';

/**
 * svc-requests' part of the admin statistics (the gateway aggregates GET /api/admin/stats).
 * `?days=N` counts only requests made in the last N days (the reports' time range).
 */
export function statsRoutes(ctx: RequestsContext): Router {
  const router = Router();
  router.get(
    '/api/admin/all-requests/stats',
    authenticate(ctx.verifier),
    requirePermission('reports.view'),
    validate({ query: statsQuerySchema }),
    async (_req, res) => {
      const { days } = res.locals.query as StatsQuery;
      res.json(await requestStats(ctx.pool, days ?? null));
    },
  );
  // Its part of the admin dashboard's recent activity: requests made, and their latest decision.
  router.get(
    '/api/admin/all-requests/activity',
    authenticate(ctx.verifier),
    requirePermission('reports.view'),
    validate({ query: activityQuerySchema }),
    async (_req, res) => {
      const { limit } = res.locals.query as ActivityQuery;
      res.json(await requestActivity(ctx.pool, limit));
    },
  );
  // Its part of the public impact figures (landing page): units that reached someone.
  router.get(impactPartPath, async (_req, res) => {
    res.json(await requestsImpact(ctx.pool));
  });
  return router;
}
