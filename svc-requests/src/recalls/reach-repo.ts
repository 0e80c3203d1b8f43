import type {
  RecallHoldingEntry,
  RecallNotice,
  RecallParty,
  RecallReach,
  RequestStatus,
  UserType,
} from '@medrelay/contracts';
import { partyNameSql } from '@medrelay/domain';
import {
  acknowledgementCount,
  holdingStatuses,
  sameBatchSql,
  type RecallHolding,
} from '@medrelay/domain/recalls';
import type { Pool, PoolClient } from '@medrelay/service-kit';

type Db = Pool | PoolClient;

/** A recall as svc-requests applied it. */
export interface AppliedRecall {
  recallId: number;
  gtin: string;
  batch: string;
  reason: string;
  round: number;
  lifted: boolean;
}

/** A party's holding about to be recorded. */
export interface NewHolding {
  userId: number;
  holding: RecallHolding;
  medicineId: number;
  medicineName: string | null;
  requestId: number | null;
  quantity: number;
}

/** Records the recall when its first issue event is applied (a later part or a replay changes nothing). */
export async function recordRecall(
  db: PoolClient,
  recall: { recallId: number; gtin: string; batch: string; reason: string },
): Promise<void> {
  await db.query(
    `INSERT INTO requests.recalls (recall_id, gtin, batch, reason) VALUES ($1, $2, $3, $4)
     ON CONFLICT (recall_id) DO NOTHING`,
    [recall.recallId, recall.gtin, recall.batch, recall.reason],
  );
}

/**
 * Requests holding units of a GTIN + batch, with their status: pending, approved or collected on
 * any listing of the batch (the read model's pack codes), and collections the custody log
 * recorded with those codes. A collection counts by what the log says was handed over, so a
 * listing whose batch was edited afterwards neither adds nor drops its earlier recipients.
 */
export async function requestsHoldingBatch(
  db: Db,
  gtin: string,
  batch: string,
  /** The recall's listings: their requests hold the batch even before the read model says so. */
  listingIds: number[],
): Promise<Array<Omit<NewHolding, 'holding'> & { status: RequestStatus }>> {
  const { rows } = await db.query(
    `WITH hit AS (
       SELECT r.id FROM requests.requests r JOIN requests.medicines m ON m.id = r.medicine_id
        WHERE ((m.gtin = $1 AND ${sameBatchSql('m.batch', '$2')}) OR r.medicine_id = ANY($4::int[])) AND r.status = ANY($3::text[])
       UNION
       SELECT c.request_id FROM requests.custody_log c
        WHERE c.status = 'completed' AND c.gtin = $1 AND ${sameBatchSql('c.batch', '$2')})
     SELECT r.id AS "requestId", r.requester_id AS "userId", r.status, r.medicine_id AS "medicineId",
            r.quantity, m.name AS "medicineName"
       FROM hit JOIN requests.requests r ON r.id = hit.id
       LEFT JOIN requests.medicines m ON m.id = r.medicine_id
      WHERE r.status = ANY($3::text[])
        AND NOT (r.status = 'completed'
             AND EXISTS (SELECT 1 FROM requests.custody_log c WHERE c.request_id = r.id AND c.status = 'completed')
             AND NOT EXISTS (
                   SELECT 1 FROM requests.custody_log c
                    WHERE c.request_id = r.id AND c.status = 'completed' AND c.gtin = $1 AND ${sameBatchSql('c.batch', '$2')}))
      ORDER BY r.id`,
    [gtin, batch, holdingStatuses, listingIds],
  );
  return rows;
}

/**
 * Listings of the batch the event does not name (no longer offered: unlisted by their owner or an
 * administrator, or quarantined by an earlier event of the recall) whose owner still holds packs:
 * units left on them, or promised to a pending or approved request. Their requests are cancelled
 * or held like the others, and their owners told to set the packs aside.
 */
export async function unofferedListingsOfBatch(
  db: Db,
  gtin: string,
  batch: string,
  quarantined: number[],
): Promise<
  Array<{ medicineId: number; ownerId: number; name: string; left: number; approvedUnits: number }>
> {
  const { rows } = await db.query(
    `SELECT m.id AS "medicineId", m.owner_id AS "ownerId", m.name, m.quantity AS "left",
            coalesce(sum(r.quantity) FILTER (WHERE r.status = 'approved'), 0)::int AS "approvedUnits"
       FROM requests.medicines m
       LEFT JOIN requests.requests r ON r.medicine_id = m.id AND r.status IN ('pending', 'approved')
      WHERE m.gtin = $1 AND ${sameBatchSql('m.batch', '$2')} AND NOT (m.id = ANY($3::int[]))
      GROUP BY m.id
     HAVING m.quantity > 0 OR count(r.id) > 0
      ORDER BY m.id`,
    [gtin, batch, quarantined],
  );
  return rows;
}

/**
 * The packs an owner holds of each of these listings, by the read model: the units left on it
 * and those promised to approved requests (reserved, not yet handed over).
 */
export async function unitsInHand(
  db: Db,
  medicineIds: number[],
): Promise<Map<number, { left: number; approved: number }>> {
  const { rows } = await db.query<{ id: number; left: number; approved: number }>(
    `SELECT m.id, m.quantity AS "left",
            coalesce(sum(r.quantity) FILTER (WHERE r.status = 'approved'), 0)::int AS approved
       FROM requests.medicines m LEFT JOIN requests.requests r ON r.medicine_id = m.id
      WHERE m.id = ANY($1::int[])
      GROUP BY m.id`,
    [medicineIds],
  );
  return new Map(rows.map((r) => [r.id, { left: r.left, approved: r.approved }]));
}

/** Which of these listings are offered (listed) in the read model. */
export async function offeredListings(db: Db, medicineIds: number[]): Promise<Set<number>> {
  const { rows } = await db.query<{ id: number }>(
    'SELECT id FROM requests.medicines WHERE id = ANY($1::int[]) AND is_available',
    [medicineIds],
  );
  return new Set(rows.map((r) => r.id));
}

/**
 * Records who the recall reached and what each held. Returns the holdings new here (a replay adds
 * none) and the parties reached before that gained one: their acknowledgement no longer covers
 * what they hold, so it is cleared, and they are told of the new holding.
 */
export async function recordReach(
  db: PoolClient,
  recallId: number,
  holdings: NewHolding[],
): Promise<{ added: NewHolding[]; again: Set<number> }> {
  if (holdings.length === 0) return { added: [], again: new Set() };
  const { rows: newParties } = await db.query<{ user_id: number }>(
    `INSERT INTO requests.recall_parties (recall_id, user_id)
     SELECT $1, u FROM unnest($2::int[]) AS u ON CONFLICT DO NOTHING
     RETURNING user_id`,
    [recallId, [...new Set(holdings.map((h) => h.userId))]],
  );
  const { rows: added } = await db.query<NewHolding>(
    `INSERT INTO requests.recall_holdings
       (recall_id, user_id, holding, medicine_id, medicine_name, request_id, quantity)
     SELECT $1, h."userId", h.holding, h."medicineId", h."medicineName", h."requestId", h.quantity
       FROM jsonb_to_recordset($2::jsonb) AS h(
              "userId" int, holding text, "medicineId" int, "medicineName" text, "requestId" int,
              quantity int)
     ON CONFLICT DO NOTHING
     RETURNING user_id AS "userId", holding, medicine_id AS "medicineId", medicine_name AS "medicineName",
               request_id AS "requestId", quantity`,
    [recallId, JSON.stringify(holdings)],
  );
  const fresh = new Set(newParties.map((r) => r.user_id));
  const again = new Set(added.map((h) => h.userId).filter((u) => !fresh.has(u)));
  if (again.size > 0)
    await db.query(
      `UPDATE requests.recall_parties SET acknowledged_at = NULL, last_sent_at = now()
        WHERE recall_id = $1 AND user_id = ANY($2::int[])`,
      [recallId, [...again]],
    );
  return { added, again };
}

/**
 * On a lift: owners reached for packs of a listing no longer offered (unlisted, so the lift gives
 * nothing back to the market) that no other recall in force still covers: the packs they set
 * aside may be used again. `named` are the lift's listings, `restored` those it freed.
 */
export async function unlistedOwnersFreedBy(
  db: PoolClient,
  recallId: number,
  named: number[],
  restored: number[],
): Promise<Array<{ userId: number; medicineId: number; medicineName: string | null }>> {
  const { rows } = await db.query(
    `SELECT h.user_id AS "userId", h.medicine_id AS "medicineId", h.medicine_name AS "medicineName"
       FROM requests.recall_holdings h JOIN requests.medicines m ON m.id = h.medicine_id
      WHERE h.recall_id = $1 AND h.holding = 'listed' AND NOT m.is_available
        AND (h.medicine_id = ANY($3::int[])
             OR (NOT h.medicine_id = ANY($2::int[])
                 AND NOT EXISTS (
                       SELECT 1 FROM requests.recall_holdings o
                        WHERE o.medicine_id = h.medicine_id AND o.holding = 'listed' AND o.recall_id <> $1
                          AND NOT EXISTS (SELECT 1 FROM requests.lifted_recalls l WHERE l.recall_id = o.recall_id))))
      ORDER BY h.user_id, h.medicine_id`,
    [recallId, named, restored],
  );
  return rows;
}

interface HoldingRow extends RecallHoldingEntry {
  userId: number;
  recallId: number;
}

async function holdingsOf(db: Db, recallIds: number[], userId?: number): Promise<HoldingRow[]> {
  const { rows } = await db.query<HoldingRow>(
    `SELECT recall_id AS "recallId", user_id AS "userId", holding, medicine_id AS "medicineId",
            medicine_name AS "medicineName", request_id AS "requestId", quantity
       FROM requests.recall_holdings
      WHERE recall_id = ANY($1::int[]) AND ($2::int IS NULL OR user_id = $2)
      ORDER BY recall_id, user_id, holding, medicine_id, request_id`,
    [recallIds, userId ?? null],
  );
  return rows;
}

const withoutOwner = ({ holding, medicineId, medicineName, requestId, quantity }: HoldingRow) => ({
  holding,
  medicineId,
  medicineName,
  requestId,
  quantity,
});

/** The recall as applied here, locked when asked (a resend's round is taken under it); null if unknown. */
export async function findAppliedRecall(
  db: Db,
  recallId: number,
  forUpdate = false,
): Promise<AppliedRecall | null> {
  const { rows } = await db.query<AppliedRecall>(
    `SELECT rc.recall_id AS "recallId", rc.gtin, rc.batch, rc.reason, rc.round,
            EXISTS (SELECT 1 FROM requests.lifted_recalls l WHERE l.recall_id = rc.recall_id) AS lifted
       FROM requests.recalls rc WHERE rc.recall_id = $1${forUpdate ? ' FOR UPDATE' : ''}`,
    [recallId],
  );
  return rows[0] ?? null;
}

/**
 * Who the recall reached (by the name others know them by: an NGO's organisation), what each held,
 * when told and whether they acknowledged; null if unknown here.
 */
export async function recallReachOf(db: Db, recallId: number): Promise<RecallReach | null> {
  const { rows } = await db.query<{
    gtin: string;
    batch: string;
    reason: string;
    round: number;
    lifted_at: Date | null;
  }>(
    `SELECT rc.gtin, rc.batch, rc.reason, rc.round, l.lifted_at
       FROM requests.recalls rc LEFT JOIN requests.lifted_recalls l ON l.recall_id = rc.recall_id
      WHERE rc.recall_id = $1`,
    [recallId],
  );
  const recall = rows[0];
  if (!recall) return null;
  // Each party with its holdings, grouped in one pass over the recall's holdings (in the order
  // holdingsOf gives them): matching them per party here cost parties × holdings.
  const parties = await db.query<{
    user_id: number;
    name: string | null;
    user_type: UserType | null;
    notified_at: Date;
    last_sent_at: Date;
    acknowledged_at: Date | null;
    holdings: RecallHoldingEntry[];
  }>(
    `SELECT p.user_id, ${partyNameSql('u')} AS name, u.user_type, p.notified_at, p.last_sent_at, p.acknowledged_at,
            coalesce(h.holdings, '[]'::jsonb) AS holdings
       FROM requests.recall_parties p
       LEFT JOIN requests.users u ON u.id = p.user_id
       LEFT JOIN (
         SELECT user_id,
                jsonb_agg(jsonb_build_object('holding', holding, 'medicineId', medicine_id,
                                             'medicineName', medicine_name, 'requestId', request_id,
                                             'quantity', quantity)
                          ORDER BY holding, medicine_id, request_id) AS holdings
           FROM requests.recall_holdings
          WHERE recall_id = $1
          GROUP BY user_id) h ON h.user_id = p.user_id
      WHERE p.recall_id = $1
      ORDER BY p.acknowledged_at IS NOT NULL, name, p.user_id`,
    [recallId],
  );
  const list: RecallParty[] = parties.rows.map((p) => ({
    userId: p.user_id,
    name: p.name,
    userType: p.user_type,
    holdings: p.holdings,
    notifiedAt: p.notified_at.toISOString(),
    lastSentAt: p.last_sent_at.toISOString(),
    acknowledgedAt: p.acknowledged_at?.toISOString() ?? null,
  }));
  return {
    recallId,
    gtin: recall.gtin,
    batch: recall.batch,
    reason: recall.reason,
    liftedAt: recall.lifted_at?.toISOString() ?? null,
    round: recall.round,
    ...acknowledgementCount(list),
    parties: list,
  };
}

/**
 * The caller's notices: one recall (any state), or every recall in force that reached them,
 * newest first.
 */
export async function recallNoticesOf(db: Db, userId: number, recallId?: number): Promise<RecallNotice[]> {
  const { rows } = await db.query<{
    recall_id: number;
    gtin: string;
    batch: string;
    reason: string;
    notified_at: Date;
    acknowledged_at: Date | null;
  }>(
    `SELECT rc.recall_id, rc.gtin, rc.batch, rc.reason, p.notified_at, p.acknowledged_at
       FROM requests.recall_parties p JOIN requests.recalls rc ON rc.recall_id = p.recall_id
      WHERE p.user_id = $1
        AND ($2::int IS NULL AND NOT EXISTS (
               SELECT 1 FROM requests.lifted_recalls l WHERE l.recall_id = p.recall_id)
             OR p.recall_id = $2)
      ORDER BY p.recall_id DESC
      LIMIT 100`,
    [userId, recallId ?? null],
  );
  const holdings = await holdingsOf(
    db,
    rows.map((r) => r.recall_id),
    userId,
  );
  return rows.map((r) => ({
    recallId: r.recall_id,
    gtin: r.gtin,
    batch: r.batch,
    reason: r.reason,
    holdings: holdings.filter((h) => h.recallId === r.recall_id).map(withoutOwner),
    notifiedAt: r.notified_at.toISOString(),
    acknowledgedAt: r.acknowledged_at?.toISOString() ?? null,
  }));
}

/** Records the party's acknowledgement (the first one stays); false when the recall did not reach them. */
export async function acknowledgeRecall(db: Db, recallId: number, userId: number): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE requests.recall_parties SET acknowledged_at = coalesce(acknowledged_at, now())
      WHERE recall_id = $1 AND user_id = $2`,
    [recallId, userId],
  );
  return rowCount === 1;
}

/**
 * Starts the recall's sending round `round` (its row locked by the caller): every party who has
 * not acknowledged is marked sent now, and returned with their holdings. With no one left to
 * remind, nothing changes (the round stays).
 */
export async function startRound(
  db: PoolClient,
  recallId: number,
  round: number,
): Promise<Array<{ userId: number; holdings: RecallHoldingEntry[] }>> {
  const { rows } = await db.query<{ user_id: number }>(
    `UPDATE requests.recall_parties SET sent_round = $2, last_sent_at = now()
      WHERE recall_id = $1 AND acknowledged_at IS NULL
     RETURNING user_id`,
    [recallId, round],
  );
  if (rows.length === 0) return [];
  await db.query('UPDATE requests.recalls SET round = $2 WHERE recall_id = $1', [recallId, round]);
  // Grouped once by party (a filter per party cost parties × holdings on a large recall).
  const byParty = new Map<number, RecallHoldingEntry[]>();
  for (const h of await holdingsOf(db, [recallId])) {
    const list = byParty.get(h.userId) ?? [];
    list.push(withoutOwner(h));
    byParty.set(h.userId, list);
  }
  return rows
    .map((r) => r.user_id)
    .sort((a, b) => a - b)
    .map((userId) => ({ userId, holdings: byParty.get(userId) ?? [] }));
}

/**
 * On a lift: parties who collected units under this recall that no other recall in force still
 * covers (those units may be used again), with the units' names and quantity.
 */
export async function collectorsFreedBy(
  db: PoolClient,
  recallId: number,
): Promise<Array<{ userId: number; medicineId: number; medicineName: string | null; requestId: number }>> {
  const { rows } = await db.query(
    `SELECT h.user_id AS "userId", h.medicine_id AS "medicineId", h.medicine_name AS "medicineName",
            h.request_id AS "requestId"
       FROM requests.recall_holdings h
      WHERE h.recall_id = $1 AND h.holding = 'collected'
        AND NOT EXISTS (
              SELECT 1 FROM requests.recall_holdings o
               WHERE o.request_id = h.request_id AND o.holding = 'collected' AND o.recall_id <> $1
                 AND NOT EXISTS (SELECT 1 FROM requests.lifted_recalls l WHERE l.recall_id = o.recall_id))
      ORDER BY h.user_id, h.request_id`,
    [recallId],
  );
  return rows;
}

/**
 * The requester cancelled a pickup a recall holds: it will not collect, which is all the recall
 * asks of a requester, so this acknowledges each recall holding it for them, unless they hold
 * packs of the batch (listed or collected) or another pickup the recall still holds.
 */
export async function acknowledgeByCancelledPickup(db: Db, requestId: number, userId: number): Promise<void> {
  await db.query(
    `UPDATE requests.recall_parties p SET acknowledged_at = now()
      WHERE p.user_id = $2 AND p.acknowledged_at IS NULL
        AND p.recall_id IN (SELECT recall_id FROM requests.recall_holds WHERE request_id = $1)
        AND NOT EXISTS (
              SELECT 1 FROM requests.recall_holdings h
                LEFT JOIN requests.requests r ON r.id = h.request_id
               WHERE h.recall_id = p.recall_id AND h.user_id = p.user_id
                 AND (h.holding IN ('listed', 'collected')
                      OR (h.request_id <> $1 AND r.status = 'approved')))`,
    [requestId, userId],
  );
}
