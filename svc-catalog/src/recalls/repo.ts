import type { BatchRecall, Recall, RecallCreate, RecallListQuery, RecallPreview } from '@medrelay/contracts';
import { sameBatchSql } from '@medrelay/domain/recalls';
import type { Pool, PoolClient } from '@medrelay/service-kit';

type Db = Pool | PoolClient;

interface RecallRow {
  id: number;
  gtin: string;
  batch: string;
  reason: string;
  created_by: number;
  created_at: Date;
  lifted_at: Date | null;
  hidden: number;
}

/** A listing a recall covers, with what the notices need (and the units left on it). */
export interface RecalledListing {
  medicineId: number;
  ownerId: number;
  name: string;
  quantity: number;
}

const toRecall = (row: RecallRow): Recall => ({
  id: row.id,
  gtin: row.gtin,
  batch: row.batch,
  reason: row.reason,
  hiddenListings: row.hidden,
  createdAt: row.created_at.toISOString(),
  createdBy: row.created_by,
  liftedAt: row.lifted_at?.toISOString() ?? null,
});

const selectRecalls = `
  SELECT r.id, r.gtin, r.batch, r.reason, r.created_by, r.created_at, r.lifted_at,
         (SELECT count(*)::int FROM catalog.recall_listings rl WHERE rl.recall_id = r.id) AS hidden
    FROM catalog.recalls r`;

/**
 * Whether any listing, in any state (closed, collected, expired) and at any time (also one since
 * corrected to another batch: migration 022), has carried this GTIN and batch: a recall of a
 * batch MedRelay never saw reaches no one and is refused.
 */
export async function batchEverListed(db: Db, gtin: string, batch: string): Promise<boolean> {
  const { rows } = await db.query(
    `SELECT 1 FROM catalog.listed_batches WHERE gtin = $1 AND ${sameBatchSql('batch', '$2')}`,
    [gtin, batch],
  );
  return rows.length > 0;
}

/** The newest active recall covering a pack's batch, for the listing form's warning. */
export async function activeRecallOf(db: Db, gtin: string, batch: string): Promise<BatchRecall> {
  const { rows } = await db.query<{ reason: string; created_at: Date }>(
    `SELECT reason, created_at FROM catalog.recalls
      WHERE gtin = $1 AND ${sameBatchSql('batch', '$2')} AND lifted_at IS NULL
      ORDER BY created_at DESC, id DESC LIMIT 1`,
    [gtin, batch],
  );
  const row = rows[0];
  return row
    ? { recalled: true, reason: row.reason, recalledAt: row.created_at.toISOString() }
    : { recalled: false, reason: null, recalledAt: null };
}

/**
 * What issuing a recall of this GTIN and batch would quarantine now: the listings
 * `quarantineBatch` would pick (listed, batch matched letter case aside), their owners and the
 * units left on them. Reads only.
 */
export async function recallPreviewOf(
  db: Db,
  gtin: string,
  batch: string,
): Promise<Omit<RecallPreview, 'inForce'>> {
  const { rows } = await db.query<{ listings: number; owners: number; units: number }>(
    `SELECT count(*)::int AS listings, count(DISTINCT owner_id)::int AS owners,
            coalesce(sum(quantity), 0)::int AS units
       FROM catalog.medicines
      WHERE gtin = $1 AND ${sameBatchSql('batch', '$2')} AND is_available`,
    [gtin, batch],
  );
  return { gtin, batch, ...rows[0]! };
}

export async function insertRecall(db: PoolClient, input: RecallCreate, adminId: number): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    'INSERT INTO catalog.recalls (gtin, batch, reason, created_by) VALUES ($1, $2, $3, $4) RETURNING id',
    [input.gtin, input.batch, input.reason, adminId],
  );
  return rows[0]!.id;
}

/**
 * Orders a recall of a batch with listings of that batch written at the same moment (a
 * transaction advisory lock on GTIN and batch, letter case aside): without it, each missed the
 * other's uncommitted row and a listing escaped the quarantine. Taken before any row lock (a
 * recall then locks the batch's listings), so the two never wait on each other in a circle.
 */
export async function lockBatch(
  db: PoolClient,
  gtin: string | null | undefined,
  batch: string | null | undefined,
) {
  if (!gtin || !batch) return;
  await db.query("SELECT pg_advisory_xact_lock(hashtextextended($1 || '|' || upper($2), 0))", [gtin, batch]);
}

/**
 * Quarantines every open (listed) listing of the recall's GTIN and batch in one statement: each
 * is recorded as hidden by this recall, and carries its reason (the newest recall's). Row locks
 * order it with reservations, which lock the listing before checking it.
 */
export async function quarantineBatch(db: PoolClient, recallId: number): Promise<RecalledListing[]> {
  const { rows } = await db.query<RecalledListing>(
    `WITH r AS (SELECT * FROM catalog.recalls WHERE id = $1),
          hit AS (
            INSERT INTO catalog.recall_listings (recall_id, medicine_id)
            SELECT r.id, m.id FROM catalog.medicines m, r
             WHERE m.gtin = r.gtin AND ${sameBatchSql('m.batch', 'r.batch')} AND m.is_available
            RETURNING medicine_id)
     UPDATE catalog.medicines m SET quarantine_reason = r.reason, updated_at = now()
       FROM hit, r
      WHERE m.id = hit.medicine_id
     RETURNING m.id AS "medicineId", m.owner_id AS "ownerId", m.name, m.quantity`,
    [recallId],
  );
  return rows.sort((a, b) => a.medicineId - b.medicineId);
}

/**
 * A listing created (or edited) with a batch under an active recall is quarantined at once, listed
 * or not: listing a recalled pack again does not bring it back, and an unlisted one corrected into
 * the batch stays hidden if it is listed again. Returns the recalls that newly cover it (their
 * requests on it are then stopped and its parties told: recalls/service.ts `recordListingRecalled`).
 */
export async function quarantineIfRecalled(db: PoolClient, medicineId: number): Promise<number[]> {
  const { rows } = await db.query<{ recall_id: number }>(
    `WITH hit AS (
       INSERT INTO catalog.recall_listings (recall_id, medicine_id)
       SELECT r.id, m.id FROM catalog.medicines m
         JOIN catalog.recalls r ON r.gtin = m.gtin AND ${sameBatchSql('r.batch', 'm.batch')} AND r.lifted_at IS NULL
        WHERE m.id = $1
       ON CONFLICT DO NOTHING
       RETURNING recall_id),
     marked AS (
       UPDATE catalog.medicines SET quarantine_reason = (
                SELECT r.reason FROM catalog.recalls r JOIN hit ON hit.recall_id = r.id
                 ORDER BY r.created_at DESC, r.id DESC LIMIT 1)
        WHERE id = $1 AND EXISTS (SELECT 1 FROM hit))
     SELECT recall_id FROM hit ORDER BY recall_id`,
    [medicineId],
  );
  return rows.map((r) => r.recall_id);
}

/** Marks a recall lifted; null when there is no such recall or it was lifted already. */
export async function markLifted(db: PoolClient, recallId: number, adminId: number): Promise<boolean> {
  const { rowCount } = await db.query(
    'UPDATE catalog.recalls SET lifted_at = now(), lifted_by = $2 WHERE id = $1 AND lifted_at IS NULL',
    [recallId, adminId],
  );
  return rowCount === 1;
}

/**
 * Gives back what a lifted recall hid: each of its listings takes the reason of the newest
 * other active recall covering it, or none (offered again). Returns all of them and which came back.
 */
export async function releaseQuarantine(
  db: PoolClient,
  recallId: number,
): Promise<{ listings: RecalledListing[]; restored: number[] }> {
  const { rows } = await db.query<RecalledListing & { still: boolean }>(
    `UPDATE catalog.medicines m
        SET quarantine_reason = (
              SELECT r.reason FROM catalog.recall_listings rl JOIN catalog.recalls r ON r.id = rl.recall_id
               WHERE rl.medicine_id = m.id AND r.lifted_at IS NULL
               ORDER BY r.created_at DESC, r.id DESC LIMIT 1),
            updated_at = now()
      WHERE m.id IN (SELECT medicine_id FROM catalog.recall_listings WHERE recall_id = $1)
     RETURNING m.id AS "medicineId", m.owner_id AS "ownerId", m.name, m.quantity,
               m.quarantine_reason IS NOT NULL AS still`,
    [recallId],
  );
  rows.sort((a, b) => a.medicineId - b.medicineId);
  return {
    listings: rows.map(({ medicineId, ownerId, name, quantity }) => ({
      medicineId,
      ownerId,
      name,
      quantity,
    })),
    restored: rows.filter((r) => !r.still).map((r) => r.medicineId),
  };
}

export async function findRecall(db: Db, id: number, forUpdate = false): Promise<Recall | null> {
  const { rows } = await db.query<RecallRow>(
    `${selectRecalls} WHERE r.id = $1${forUpdate ? ' FOR UPDATE OF r' : ''}`,
    [id],
  );
  return rows[0] ? toRecall(rows[0]) : null;
}

/** A page of recalls, newest first (id breaks ties), and how many there are. */
export async function listRecalls(
  db: Db,
  query: RecallListQuery,
): Promise<{ rows: Recall[]; total: number }> {
  const [{ rows }, count] = await Promise.all([
    db.query<RecallRow>(`${selectRecalls} ORDER BY r.created_at DESC, r.id DESC LIMIT $1 OFFSET $2`, [
      query.pageSize,
      (query.page - 1) * query.pageSize,
    ]),
    db.query<{ n: number }>('SELECT count(*)::int AS n FROM catalog.recalls'),
  ]);
  return { rows: rows.map(toRecall), total: count.rows[0]!.n };
}
