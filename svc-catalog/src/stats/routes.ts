import {
  activityQuerySchema,
  impactPartPath,
  statsQuerySchema,
  type ActivityQuery,
  type StatsQuery,
} from '@medrelay/contracts';
import { authenticate, requirePermission, validate } from '@medrelay/service-kit';
import { Router } from 'express';
import type { CatalogContext } from '../context';
import { catalogImpact, medicineActivity, medicineStats } from './repo';

/**
 * The catalog's part of the admin statistics (the gateway aggregates GET /api/admin/stats).
 * `?days=N` counts only listings created in the last N days (the reports' time range).
 */
export function statsRoutes(ctx: CatalogContext): Router {
  const router = Router();
  router.get(
    '/api/admin/all-medicines/stats',
    authenticate(ctx.verifier),
    requirePermission('reports.view'),
    validate({ query: statsQuerySchema }),
    async (_req, res) => {
      const { days } = res.locals.query as StatsQuery;
      res.json(await medicineStats(ctx.pool, days ?? null));
    },
  );
  // Its part of the admin dashboard's recent activity: listings and donations, newest first.
  router.get(
    '/api/admin/all-medicines/activity',
    authenticate(ctx.verifier),
    requirePermission('reports.view'),
    validate({ query: activityQuerySchema }),
    async (_req, res) => {
      const { limit } = res.locals.query as ActivityQuery;
      res.json(await medicineActivity(ctx.pool, limit));
    },
  );
  // Its part of the public impact figures (landing page): units left to expire unclaimed.
  router.get(impactPartPath, async (_req, res) => {
    res.json(await catalogImpact(ctx.pool));
  });
  return router;
}
