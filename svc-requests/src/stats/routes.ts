import {
  activityFromRow,
  impactPartPath,
  type ActivityRow,
  requestStatuses,
  type RequestsImpact,
  type RequestStats,
  type RequestStatus,
} from '@medrelay/contracts';
import { requestApi } from '@medrelay/contracts/api-routes';
import { mount } from '@medrelay/service-kit';
import { Router } from 'express';
import type { RequestsContext } from '../context';

/**
 * svc-requests' part of the admin statistics (the gateway aggregates GET /api/admin/stats).
 * `?days=N` counts only requests made in the last N days (the reports' time range).
 */
export function statsRoutes(ctx: RequestsContext): Router {
  const api = { router: Router(), verifier: ctx.verifier };
  const { router } = api;
  mount(api, requestApi.requestStats, async ({ query }) => {
    const { days } = query;
    const { rows } = await ctx.pool.query<{ status: RequestStatus; n: number }>(
      `SELECT status, count(*)::int AS n FROM requests.requests
          WHERE $1::int IS NULL OR created_at > now() - make_interval(days => $1::int)
          GROUP BY status`,
      [days ?? null],
    );
    const byStatus = Object.fromEntries(requestStatuses.map((s) => [s, 0])) as Record<RequestStatus, number>;
    for (const row of rows) byStatus[row.status] = row.n;
    const stats: RequestStats = {
      totalRequests: rows.reduce((sum, r) => sum + r.n, 0),
      requestStatus: byStatus,
    };
    return stats;
  });
  // Its part of the admin dashboard's recent activity: requests made, and their latest decision.
  mount(api, requestApi.requestActivity, async ({ query }) => {
    const { limit } = query;
    const { rows } = await ctx.pool.query<ActivityRow>(
      `WITH made AS (
           SELECT r.id, 'request.created' AS kind, r.created_at AS at, r.requester_id AS actor_id, r.medicine_id
             FROM requests.requests r ORDER BY r.created_at DESC, r.id DESC LIMIT $1),
         decided AS (
           SELECT r.id, 'request.' || r.status AS kind, r.updated_at AS at,
                  CASE WHEN r.status IN ('approved', 'rejected') THEN r.owner_id ELSE r.requester_id END AS actor_id,
                  r.medicine_id
             FROM requests.requests r WHERE r.status <> 'pending'
            ORDER BY r.updated_at DESC, r.id DESC LIMIT $1)
         SELECT e.id, e.kind, e.at, u.name AS actor, u.user_type AS actor_type, m.name AS subject
           FROM (SELECT * FROM made UNION ALL SELECT * FROM decided) e
           LEFT JOIN requests.users u ON u.id = e.actor_id
           LEFT JOIN requests.medicines m ON m.id = e.medicine_id
          ORDER BY e.at DESC, e.id DESC LIMIT $1`,
      [limit],
    );
    return rows.map(activityFromRow);
  });
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
