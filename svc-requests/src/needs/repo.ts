import type { Need, NeedCreate, NeedListQuery, NeedMetBy, NeedStatus, NeedUpdate } from '@medrelay/contracts';
import { countsTowardNeedSql } from '@medrelay/domain';
import type { Pool, PoolClient } from '@medrelay/service-kit';

type Db = Pool | PoolClient;

interface NeedRow {
  id: number;
  owner_id: number;
  owner_role: Need['ownerRole'];
  medicine: string;
  dosage_form: Need['dosageForm'];
  min_quantity: number;
  accept_up_to: number | null;
  min_days_left: number;
  urgency: Need['urgency'];
  reach_km: number;
  status: NeedStatus;
  met_by: NeedMetBy | null;
  requested_quantity: number;
  created_at: Date;
  updated_at: Date;
}

/** Units of the requests that count toward the need `n` (libs/domain needs.ts), as one column. */
const requestedSql = (n = 'n') => `(
  SELECT coalesce(sum(r.quantity), 0)::int
    FROM requests.need_requests nr JOIN requests.requests r ON r.id = nr.request_id
   WHERE nr.need_id = ${n}.id AND ${countsTowardNeedSql('r', n)}) AS requested_quantity`;

export function toNeed(row: NeedRow): Need {
  return {
    id: row.id,
    ownerId: row.owner_id,
    ownerRole: row.owner_role,
    medicine: row.medicine,
    dosageForm: row.dosage_form,
    minQuantity: row.min_quantity,
    acceptUpTo: row.accept_up_to,
    minDaysLeft: row.min_days_left,
    urgency: row.urgency,
    reachKm: row.reach_km,
    status: row.status,
    // Closed before needs knew who closed them (or written without saying): by the owner.
    metBy: row.status === 'closed' ? (row.met_by ?? 'owner') : null,
    requestedQuantity: row.requested_quantity,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

export async function insertNeed(
  db: Db,
  owner: { id: number; role: Need['ownerRole'] },
  need: NeedCreate,
): Promise<Need> {
  const { rows } = await db.query<NeedRow>(
    `INSERT INTO requests.needs
       (owner_id, owner_role, medicine, dosage_form, min_quantity, accept_up_to, min_days_left, urgency, reach_km)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING *, 0 AS requested_quantity`,
    [owner.id, owner.role, ...describedBy(need)],
  );
  return toNeed(rows[0]!);
}

/** What a need asks, in the column order of the insert and the update. */
function describedBy(need: NeedUpdate) {
  return [
    need.medicine,
    need.dosageForm,
    need.minQuantity,
    need.acceptUpTo,
    need.minDaysLeft,
    need.urgency,
    need.reachKm,
  ] as const;
}

/** The owner of an undeleted need, or null when there is none with this id. */
export async function needOwner(db: Db, id: number): Promise<number | null> {
  const { rows } = await db.query<{ owner_id: number }>(
    `SELECT owner_id FROM requests.needs WHERE id = $1 AND deleted_at IS NULL`,
    [id],
  );
  return rows[0]?.owner_id ?? null;
}

/**
 * Replaces an own, undeleted need; null when it is not (any more) the owner's. Closing it makes it
 * closed by its owner; reopening one closed as met by its requests starts a new count, reopening
 * one its owner closed keeps counting (libs/domain `needSettlement`).
 */
export async function updateNeed(
  db: Db,
  ownerId: number,
  id: number,
  need: NeedUpdate,
): Promise<Need | null> {
  const { rows } = await db.query<NeedRow>(
    `WITH changed AS (
       UPDATE requests.needs
          SET medicine = $3, dosage_form = $4, min_quantity = $5, accept_up_to = $6, min_days_left = $7,
              urgency = $8, reach_km = $9, status = COALESCE($10, status),
              met_by = CASE WHEN COALESCE($10, status) = 'open' THEN NULL
                            WHEN status = 'open' THEN 'owner'
                            ELSE met_by END,
              counted_since = CASE WHEN status = 'closed' AND $10 = 'open' AND met_by = 'requests'
                                   THEN now() ELSE counted_since END,
              updated_at = now()
        WHERE id = $1 AND owner_id = $2 AND deleted_at IS NULL
        RETURNING *)
     SELECT n.*, ${requestedSql()} FROM changed n`,
    [id, ownerId, ...describedBy(need), need.status ?? null],
  );
  return rows[0] ? toNeed(rows[0]) : null;
}

/** A need as its owner sees it (undeleted), with its counted units. */
export async function findNeed(db: Db, id: number): Promise<Need | null> {
  const { rows } = await db.query<NeedRow>(
    `SELECT n.*, ${requestedSql()} FROM requests.needs n WHERE n.id = $1 AND n.deleted_at IS NULL`,
    [id],
  );
  return rows[0] ? toNeed(rows[0]) : null;
}

/** Marks an own need deleted; false when it is not the owner's or already gone. */
export async function deleteNeed(db: Db, ownerId: number, id: number): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE requests.needs SET deleted_at = now(), updated_at = now()
      WHERE id = $1 AND owner_id = $2 AND deleted_at IS NULL`,
    [id, ownerId],
  );
  return rowCount === 1;
}

/** One page of the owner's needs, newest first (id breaks ties), with the total over all pages. */
export async function listNeeds(
  db: Db,
  ownerId: number,
  query: NeedListQuery,
): Promise<{ items: Need[]; total: number }> {
  const params: unknown[] = [ownerId, query.status ?? null];
  const where = `owner_id = $1 AND deleted_at IS NULL AND ($2::text IS NULL OR status = $2)`;
  const { rows } = await db.query<NeedRow & { total: string }>(
    `SELECT n.*, ${requestedSql()}, count(*) OVER () AS total FROM requests.needs n WHERE ${where}
      ORDER BY created_at DESC, id DESC LIMIT $3 OFFSET $4`,
    [...params, query.pageSize, (query.page - 1) * query.pageSize],
  );
  let total = rows[0] ? Number(rows[0].total) : 0;
  // Past the last page there is no row to carry the total: count it.
  if (!rows.length && query.page > 1) {
    const count = await db.query<{ n: string }>(
      `SELECT count(*) AS n FROM requests.needs WHERE ${where}`,
      params,
    );
    total = Number(count.rows[0]!.n);
  }
  return { items: rows.map(toNeed), total };
}

/** A need as the met rule reads it, with its counted units. */
export interface NeedToSettle {
  ownerId: number;
  medicine: string;
  status: NeedStatus;
  metBy: NeedMetBy | null;
  minQuantity: number;
  requested: number;
}

/**
 * An undeleted need and the units counting toward it, locked until the transaction ends (a
 * request filed meanwhile still records itself against it: NO KEY UPDATE lets its key be read).
 */
export async function needToSettle(client: PoolClient, id: number): Promise<NeedToSettle | null> {
  const { rows } = await client.query<NeedRow>(
    `SELECT n.*, ${requestedSql()} FROM requests.needs n
      WHERE n.id = $1 AND n.deleted_at IS NULL FOR NO KEY UPDATE OF n`,
    [id],
  );
  const need = rows[0] ? toNeed(rows[0]) : null;
  return (
    need && {
      ownerId: need.ownerId,
      medicine: need.medicine,
      status: need.status,
      metBy: need.metBy,
      minQuantity: need.minQuantity,
      requested: need.requestedQuantity,
    }
  );
}

/** Closes a need as met by its requests, or opens it again; returns when it changed (a notice's key). */
export async function setNeedMet(client: PoolClient, id: number, met: boolean): Promise<Date> {
  const { rows } = await client.query<{ updated_at: Date }>(
    `UPDATE requests.needs
        SET status = CASE WHEN $2 THEN 'closed' ELSE 'open' END,
            met_by = CASE WHEN $2 THEN 'requests' END, updated_at = now()
      WHERE id = $1 RETURNING updated_at`,
    [id, met],
  );
  return rows[0]!.updated_at;
}
