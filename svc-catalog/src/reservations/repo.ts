import type { PoolClient } from '@medrelay/service-kit';

export interface ReservationRow {
  request_id: number;
  medicine_id: number | null;
  quantity: number;
  status: 'reserved' | 'released';
}

const columns = 'request_id, medicine_id, quantity, status';

export async function findReservation(client: PoolClient, requestId: number): Promise<ReservationRow | null> {
  const { rows } = await client.query<ReservationRow>(
    `SELECT ${columns} FROM catalog.reservations WHERE request_id = $1`,
    [requestId],
  );
  return rows[0] ?? null;
}

/**
 * Moves `quantity` units between the listing's quantity and its `reserved_quantity` in one
 * statement (positive: reserve, negative: give back), so browse always reads both in step.
 */
export async function shiftReservedQuantity(
  client: PoolClient,
  medicineId: number,
  quantity: number,
): Promise<void> {
  await client.query(
    `UPDATE catalog.medicines
        SET quantity = quantity - $2, reserved_quantity = reserved_quantity + $2,
            version = version + 1, updated_at = now()
      WHERE id = $1`,
    [medicineId, quantity],
  );
}

export async function insertReservation(
  client: PoolClient,
  requestId: number,
  medicineId: number,
  quantity: number,
): Promise<ReservationRow> {
  const { rows } = await client.query<ReservationRow>(
    `INSERT INTO catalog.reservations (request_id, medicine_id, quantity, status)
     VALUES ($1, $2, $3, 'reserved') RETURNING ${columns}`,
    [requestId, medicineId, quantity],
  );
  return rows[0]!;
}

/** A released marker for a request never reserved: a reserve retried after it takes nothing. */
export async function insertReleasedMarker(client: PoolClient, requestId: number): Promise<ReservationRow> {
  const { rows } = await client.query<ReservationRow>(
    `INSERT INTO catalog.reservations (request_id, medicine_id, quantity, status, released_at)
     VALUES ($1, NULL, 0, 'released', now()) RETURNING ${columns}`,
    [requestId],
  );
  return rows[0]!;
}

export async function markReleased(client: PoolClient, requestId: number): Promise<void> {
  await client.query(
    "UPDATE catalog.reservations SET status = 'released', released_at = now() WHERE request_id = $1",
    [requestId],
  );
}

/** Removes a reservation row (a reservation taken back as if never made: see `withdraw`). */
export async function deleteReservation(client: PoolClient, requestId: number): Promise<void> {
  await client.query('DELETE FROM catalog.reservations WHERE request_id = $1', [requestId]);
}
