import {
  activityQuerySchema,
  impactPartPath,
  statsQuerySchema,
  type Activity,
  type ActivityQuery,
  type StatsQuery,
} from '@medrelay/contracts';
import { Router } from 'express';
import { authenticate, requirePermission, type TokenVerifier } from './auth';
import { validate } from './validate';

/**
 * A service's part of the admin reports and of the public impact figures (the gateway adds the
 * parts up): its statistics (`?days=N`: only what was made in the last N days), its recent
 * activity (`?limit=N`, newest first) and its impact figure. One shape for every service; each
 * gives its paths and the repo functions that answer.
 */
export function reportPartRoutes(
  verifier: TokenVerifier,
  paths: { stats: string; activity: string },
  parts: {
    stats: (days: number | null) => Promise<unknown>;
    activity: (limit: number) => Promise<Activity[]>;
    impact: () => Promise<unknown>;
  },
): Router {
  const router = Router();
  const admin = [authenticate(verifier), requirePermission('reports.view')];
  router.get(paths.stats, ...admin, validate({ query: statsQuerySchema }), async (_req, res) => {
    res.json(await parts.stats((res.locals.query as StatsQuery).days ?? null));
  });
  router.get(paths.activity, ...admin, validate({ query: activityQuerySchema }), async (_req, res) => {
    res.json(await parts.activity((res.locals.query as ActivityQuery).limit));
  });
  router.get(impactPartPath, async (_req, res) => {
    res.json(await parts.impact());
  });
  return router;
}
