import {
  activityFromRow,
  impactPartPath,
  type ActivityRow,
  type CatalogImpact,
  type MedicineStats,
} from '@medrelay/contracts';
import { catalogApi } from '@medrelay/contracts/api-routes';
import { mount } from '@medrelay/service-kit';
import { Router } from 'express';
import type { CatalogContext } from '../context';

/**
 * The catalog's part of the admin statistics (the gateway aggregates GET /api/admin/stats).
 * Expiry classes by whole days left, rounded up (spec §4): expired ≤ 0, expiring 1–30, fresh > 30.
 * `?days=N` counts only listings created in the last N days (the reports' time range).
 */
export function statsRoutes(ctx: CatalogContext): Router {
  const api = { router: Router(), verifier: ctx.verifier };
  const { router } = api;
  mount(api, catalogApi.medicineStats, async ({ query }) => {
    const { days } = query;
    const { rows } = await ctx.pool.query<Record<string, string>>(
      `WITH m AS (
           SELECT source, ceil(extract(epoch FROM (expiry_date - now())) / 86400) AS days FROM catalog.medicines
            WHERE $1::int IS NULL OR created_at > now() - make_interval(days => $1::int))
         SELECT count(*) AS total,
                count(*) FILTER (WHERE source = 'pharmacy') AS pharmacy,
                count(*) FILTER (WHERE source = 'donor') AS donor,
                count(*) FILTER (WHERE days > 30) AS fresh,
                count(*) FILTER (WHERE days BETWEEN 1 AND 30) AS expiring,
                count(*) FILTER (WHERE days <= 0) AS expired
           FROM m`,
      [days ?? null],
    );
    const n = (key: string) => Number(rows[0]![key]);
    const stats: MedicineStats = {
      totalMedicines: n('total'),
      medicineSources: { pharmacy: n('pharmacy'), donor: n('donor') },
      medicineExpiry: { fresh: n('fresh'), expiring: n('expiring'), expired: n('expired') },
    };
    return stats;
  });
  // Its part of the admin dashboard's recent activity: listings and donations, newest first.
  mount(api, catalogApi.medicineActivity, async ({ query }) => {
    const { limit } = query;
    const { rows } = await ctx.pool.query<ActivityRow>(
      `SELECT m.id, CASE m.source WHEN 'pharmacy' THEN 'medicine.listed' ELSE 'medicine.donated' END AS kind,
                m.created_at AS at, u.name AS actor, u.user_type AS actor_type, m.name AS subject
           FROM catalog.medicines m LEFT JOIN catalog.users u ON u.id = m.owner_id
          ORDER BY m.created_at DESC, m.id DESC LIMIT $1`,
      [limit],
    );
    return rows.map(activityFromRow);
  });
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
