import {
  impactPartPath,
  requestStatuses,
  type RequestsImpact,
  type RequestStats,
  type RequestStatus,
} from '@medrelay/contracts';
import { authenticate, requirePermission } from '@medrelay/service-kit';
import { Router } from 'express';
import type { RequestsContext } from '../context';

/** svc-requests' part of the admin statistics (the gateway aggregates GET /api/admin/stats). */
export function statsRoutes(ctx: RequestsContext): Router {
  const router = Router();
  router.get(
    '/api/admin/all-requests/stats',
    authenticate(ctx.verifier),
    requirePermission('reports.view'),
    async (_req, res) => {
      const { rows } = await ctx.pool.query<{ status: RequestStatus; n: number }>(
        'SELECT status, count(*)::int AS n FROM requests.requests GROUP BY status',
      );
      const byStatus = Object.fromEntries(requestStatuses.map((s) => [s, 0])) as Record<
        RequestStatus,
        number
      >;
      for (const row of rows) byStatus[row.status] = row.n;
      const stats: RequestStats = {
        totalRequests: rows.reduce((sum, r) => sum + r.n, 0),
        requestStatus: byStatus,
      };
      res.json(stats);
    },
  );
  // Its part of the public impact figures (landing page): units that reached someone.
  router.get(impactPartPath, async (_req, res) => {
    const { rows } = await ctx.pool.query<{ n: string }>(
      `SELECT coalesce(sum(quantity), 0)::bigint AS n FROM requests.requests WHERE status = 'completed'`,
    );
    // bigint: sums pass 2^31 long before requests do; pg hands them over as text.
    const part: RequestsImpact = { medicinesSaved: Number(rows[0]!.n) };
    res.json(part);
  });
  return router;
}
