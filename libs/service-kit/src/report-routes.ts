import { impactPartPath, type Activity } from '@medrelay/contracts';
import type { ApiRoute } from '@medrelay/contracts/api-routes';
import { Router } from 'express';
import type { z } from 'zod';
import type { TokenVerifier } from './auth';
import { mount, type RouteAnswer } from './mount';

/** A report part's contract entries: statistics (`?days=N`) and recent activity (`?limit=N`). */
interface ReportPartApi<Stats extends ApiRoute, Feed extends ApiRoute> {
  stats: Stats;
  activity: Feed;
}

/**
 * A service's part of the admin reports and of the public impact figures (the gateway adds the
 * parts up): its statistics (`?days=N`: only what was made in the last N days), its recent
 * activity (`?limit=N`, newest first) and its impact figure. One shape for every service; each
 * gives its contract entries and the repo functions that answer.
 */
export function reportPartRoutes<
  Stats extends ApiRoute & { query: z.ZodType<{ days?: number }> },
  Feed extends ApiRoute & { query: z.ZodType<{ limit: number }> },
>(
  verifier: TokenVerifier,
  routes: ReportPartApi<Stats, Feed>,
  parts: {
    stats: (days: number | null) => Promise<RouteAnswer<Stats>>;
    activity: (limit: number) => Promise<Activity[]>;
    impact: () => Promise<unknown>;
  },
): Router {
  const api = { router: Router(), verifier };
  mount(api, routes.stats, ({ query }) => parts.stats((query as { days?: number }).days ?? null));
  mount(
    api,
    routes.activity,
    async ({ query }) => (await parts.activity((query as { limit: number }).limit)) as RouteAnswer<Feed>,
  );
  // Internal: the gateway's impact figures (not a public route).
  api.router.get(impactPartPath, async (_req, res) => {
    res.json(await parts.impact());
  });
  return api.router;
}
