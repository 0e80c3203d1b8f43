import type { Need, NeedCreate, NeedListQuery, NeedStatus, NeedUpdate } from '@medrelay/contracts';
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
  status: NeedStatus;
  created_at: Date;
  updated_at: Date;
}

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
    status: row.status,
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
       (owner_id, owner_role, medicine, dosage_form, min_quantity, accept_up_to, min_days_left, urgency)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING *`,
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

/** Replaces an own, undeleted need; null when it is not (any more) the owner's. */
export async function updateNeed(
  db: Db,
  ownerId: number,
  id: number,
  need: NeedUpdate,
): Promise<Need | null> {
  const { rows } = await db.query<NeedRow>(
    `UPDATE requests.needs
        SET medicine = $3, dosage_form = $4, min_quantity = $5, accept_up_to = $6, min_days_left = $7,
            urgency = $8, status = COALESCE($9, status), updated_at = now()
      WHERE id = $1 AND owner_id = $2 AND deleted_at IS NULL
      RETURNING *`,
    [id, ownerId, ...describedBy(need), need.status ?? null],
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
    `SELECT *, count(*) OVER () AS total FROM requests.needs WHERE ${where}
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
