import {
  activityFromRow,
  requestStatusFigures,
  type Activity,
  type ActivityRow,
  type RequestsImpact,
  type RequestStats,
  type RequestStatusFigure,
} from '@medrelay/contracts';
import type { Pool } from '@medrelay/service-kit';
import { partyNameSql } from '@medrelay/domain';
import { countsAsCollectedSql } from '@medrelay/domain/handover';
import { calledOffSql } from '../requests/repo';

/**
 * Requests by status, a disputed collection apart from the completed ones and a called-off pickup
 * apart from the rejected and cancelled ones; `days` counts only
 * requests made in the last N days (null: all).
 */
export async function requestStats(db: Pool, days: number | null): Promise<RequestStats> {
  const { rows } = await db.query<{ status: RequestStatusFigure; n: number }>(
    `SELECT CASE WHEN r.status = 'completed' AND NOT ${countsAsCollectedSql('r')} THEN 'disputed'
                 WHEN ${calledOffSql('r')} THEN 'calledOff'
                 ELSE r.status END AS status,
            count(*)::int AS n
       FROM requests.requests r
      WHERE $1::int IS NULL OR r.created_at > now() - make_interval(days => $1::int)
      GROUP BY 1`,
    [days],
  );
  const byStatus = Object.fromEntries(requestStatusFigures.map((s) => [s, 0])) as Record<
    RequestStatusFigure,
    number
  >;
  for (const row of rows) byStatus[row.status] = row.n;
  return {
    totalRequests: rows.reduce((sum, r) => sum + r.n, 0),
    requestStatus: byStatus,
    ...(await needFigures(db, days)),
  };
}

/**
 * The wanted-list figures of the reports: needs open and met (`days`: needs
 * made in the last N days) and the median hours from a listing's creation (the medicines read
 * model) to its first request (`days`: listings made in the last N days). One round trip.
 */
async function needFigures(db: Pool, days: number | null) {
  const { rows } = await db.query<{ open: number; met: number; median: string | null }>(
    `WITH since AS (
       SELECT CASE WHEN $1::int IS NULL THEN '-infinity'::timestamptz
                   ELSE now() - make_interval(days => $1::int) END AS t),
     needs AS (
       SELECT count(*) FILTER (WHERE status = 'open' AND deleted_at IS NULL)::int AS open,
              count(*) FILTER (WHERE status = 'closed')::int AS met
         FROM requests.needs, since WHERE created_at > since.t),
     waits AS (
       SELECT min(r.created_at) - m.created_at AS wait
         FROM requests.medicines m JOIN requests.requests r ON r.medicine_id = m.id, since
        WHERE m.created_at > since.t
        GROUP BY m.id, m.created_at)
     SELECT needs.open, needs.met,
            (SELECT round((percentile_cont(0.5) WITHIN GROUP (
                      ORDER BY extract(epoch FROM wait)) / 3600)::numeric, 1) FROM waits) AS median
       FROM needs`,
    [days],
  );
  const row = rows[0]!;
  // numeric arrives as text.
  return {
    needsOpen: row.open,
    needsMet: row.met,
    medianHoursToFirstRequest: row.median === null ? null : Number(row.median),
  };
}

/** Requests made, and their latest decision, newest first; parties by the name others know them by. */
export async function requestActivity(db: Pool, limit: number): Promise<Activity[]> {
  const { rows } = await db.query<ActivityRow>(
    `WITH made AS (
       SELECT r.id, 'request.created' AS kind, r.created_at AS at, r.requester_id AS actor_id, r.medicine_id
         FROM requests.requests r ORDER BY r.created_at DESC, r.id DESC LIMIT $1),
     decided AS (
       -- The platform's own moves (a no-show released, a recall or a suspension ending a request)
       -- are the platform's, not a party's: the last custody entry says who moved it.
       -- A collection the owner disputed is the owner's step, not a collection.
       SELECT r.id,
              CASE WHEN last.actor_role = 'system' THEN 'request.ended'
                   WHEN r.status = 'completed' AND NOT ${countsAsCollectedSql('r')} THEN 'request.disputed'
                   ELSE 'request.' || r.status END AS kind,
              r.updated_at AS at,
              CASE WHEN last.actor_role = 'system' THEN NULL
                   WHEN r.status IN ('approved', 'rejected')
                     OR (r.status = 'completed' AND NOT ${countsAsCollectedSql('r')}) THEN r.owner_id
                   ELSE r.requester_id END AS actor_id,
              r.medicine_id
         FROM requests.requests r
         LEFT JOIN LATERAL (SELECT c.actor_role FROM requests.custody_log c WHERE c.request_id = r.id
                             ORDER BY c.id DESC LIMIT 1) last ON true
        WHERE r.status <> 'pending'
        ORDER BY r.updated_at DESC, r.id DESC LIMIT $1)
     SELECT e.id, e.kind, e.at, ${partyNameSql('u')} AS actor, u.user_type AS actor_type, m.name AS subject
       FROM (SELECT * FROM made UNION ALL SELECT * FROM decided) e
       LEFT JOIN requests.users u ON u.id = e.actor_id
       LEFT JOIN requests.medicines m ON m.id = e.medicine_id
      ORDER BY e.at DESC, e.id DESC LIMIT $1`,
    [limit],
  );
  return rows.map(activityFromRow);
}

/** Units that reached someone (the public impact figures). */
export async function requestsImpact(db: Pool): Promise<RequestsImpact> {
  const { rows } = await db.query<{ n: string }>(
    // A disputed collection is not a success (its units are back on offer): counted once, if collected again.
    `SELECT coalesce(sum(r.quantity), 0)::bigint AS n FROM requests.requests r WHERE ${countsAsCollectedSql('r')}`,
  );
  // bigint: sums pass 2^31 long before requests do; pg hands them over as text.
  return { medicinesSaved: Number(rows[0]!.n) };
}
