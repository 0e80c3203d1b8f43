import {
  activityFromRow,
  type Activity,
  type ActivityRow,
  type CatalogImpact,
  type MedicineStats,
} from '@medrelay/contracts';
import { daysLeftSql, expiryClassSql, partyNameSql, type ExpiryClass } from '@medrelay/domain';
import type { Pool } from '@medrelay/service-kit';
import { availableSql } from '../medicines/repo';

/**
 * Listings by source and expiry class by days left (spec §4, libs/domain `expiryClass`): expired
 * ≤ 0, expiring inside the expiry warning window (1–30 by default), fresh beyond it; and how
 * many are offered now (the admin list's "available" filter, counted exactly). `days` counts only
 * listings created in the last N days (null: all).
 */
export async function medicineStats(
  db: Pool,
  days: number | null,
  warningDays: number,
): Promise<MedicineStats> {
  // Days left and classes as everywhere else (libs/domain); "expiring" is the warning window.
  const cls = (c: ExpiryClass) => expiryClassSql(c, 'days', '$2::int');
  const { rows } = await db.query<Record<string, string>>(
    `WITH m AS (
       SELECT source, ${daysLeftSql('m.expiry_date')} AS days, ${availableSql} AS available
         FROM catalog.medicines m
        WHERE $1::int IS NULL OR created_at > now() - make_interval(days => $1::int))
     SELECT count(*) AS total,
            count(*) FILTER (WHERE available) AS available,
            count(*) FILTER (WHERE source = 'pharmacy') AS pharmacy,
            count(*) FILTER (WHERE source = 'donor') AS donor,
            count(*) FILTER (WHERE ${cls('fresh')}) AS fresh,
            count(*) FILTER (WHERE ${cls('expiring')}) AS expiring,
            count(*) FILTER (WHERE ${cls('expired')}) AS expired
       FROM m`,
    [days, warningDays],
  );
  const n = (key: string) => Number(rows[0]![key]);
  return {
    totalMedicines: n('total'),
    availableMedicines: n('available'),
    medicineSources: { pharmacy: n('pharmacy'), donor: n('donor') },
    medicineExpiry: { fresh: n('fresh'), expiring: n('expiring'), expired: n('expired') },
  };
}

/** Listings and donations, newest first. */
export async function medicineActivity(db: Pool, limit: number): Promise<Activity[]> {
  const { rows } = await db.query<ActivityRow>(
    `SELECT m.id, CASE m.source WHEN 'pharmacy' THEN 'medicine.listed' ELSE 'medicine.donated' END AS kind,
            m.created_at AS at, ${partyNameSql('u')} AS actor, u.user_type AS actor_type, m.name AS subject
       FROM catalog.medicines m LEFT JOIN catalog.users u ON u.id = m.owner_id
      ORDER BY m.created_at DESC, m.id DESC LIMIT $1`,
    [limit],
  );
  return rows.map(activityFromRow);
}

/** Units left to expire unclaimed (the public impact figures). */
export async function catalogImpact(db: Pool): Promise<CatalogImpact> {
  const { rows } = await db.query<{ n: string }>(
    'SELECT coalesce(sum(quantity), 0)::bigint AS n FROM catalog.medicines WHERE expiry_date <= now()',
  );
  // bigint: sums of many listings pass 2^31; pg hands them over as text.
  return { expiredUnits: Number(rows[0]!.n) };
}
