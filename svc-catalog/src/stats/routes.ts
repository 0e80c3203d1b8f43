import {
  activityFromRow,
  activityQuerySchema,
  impactPartPath,
  statsQuerySchema,
  type ActivityRow,
  type ActivityQuery,
  type CatalogImpact,
  type MedicineStats,
  type StatsQuery,
} from '@medrelay/contracts';
import { daysLeftSql, expiryClassSql, type ExpiryClass } from '@medrelay/domain';
import { authenticate, requirePermission, validate } from '@medrelay/service-kit';
import { Router } from 'express';
import type { CatalogContext } from '../context';

/**
 * The catalog's part of the admin statistics (the gateway aggregates GET /api/admin/stats).
 * Expiry classes by days left (spec §4, libs/domain `expiryClass`): expired ≤ 0, expiring inside the
 * expiry warning window (1–30 by default), fresh beyond it.
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
      const { expiryWarningDays } = await ctx.settings();
      // Days left and classes as everywhere else (libs/domain); "expiring" is the warning window.
      const cls = (c: ExpiryClass) => expiryClassSql(c, 'days', '$2::int');
      const { rows } = await ctx.pool.query<Record<string, string>>(
        `WITH m AS (
           SELECT source, ${daysLeftSql('expiry_date')} AS days FROM catalog.medicines
            WHERE $1::int IS NULL OR created_at > now() - make_interval(days => $1::int))
         SELECT count(*) AS total,
                count(*) FILTER (WHERE source = 'pharmacy') AS pharmacy,
                count(*) FILTER (WHERE source = 'donor') AS donor,
                count(*) FILTER (WHERE ${cls('fresh')}) AS fresh,
                count(*) FILTER (WHERE ${cls('expiring')}) AS expiring,
                count(*) FILTER (WHERE ${cls('expired')}) AS expired
           FROM m`,
        [days ?? null, expiryWarningDays],
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
  // Its part of the admin dashboard's recent activity: listings and donations, newest first.
  router.get(
    '/api/admin/all-medicines/activity',
    authenticate(ctx.verifier),
    requirePermission('reports.view'),
    validate({ query: activityQuerySchema }),
    async (_req, res) => {
      const { limit } = res.locals.query as ActivityQuery;
      const { rows } = await ctx.pool.query<ActivityRow>(
        `SELECT m.id, CASE m.source WHEN 'pharmacy' THEN 'medicine.listed' ELSE 'medicine.donated' END AS kind,
                m.created_at AS at, u.name AS actor, u.user_type AS actor_type, m.name AS subject
           FROM catalog.medicines m LEFT JOIN catalog.users u ON u.id = m.owner_id
          ORDER BY m.created_at DESC, m.id DESC LIMIT $1`,
        [limit],
      );
      res.json(rows.map(activityFromRow));
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
