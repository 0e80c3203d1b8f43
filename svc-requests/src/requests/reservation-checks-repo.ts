import type { Pool, PoolClient } from '@medrelay/service-kit';

/** Notes, committed at once, that the catalog is asked to reserve for this request's approval. */
export async function noteReservationAsked(pool: Pool, requestId: number): Promise<void> {
  await pool.query(
    `INSERT INTO requests.reservation_checks (request_id) VALUES ($1)
     ON CONFLICT (request_id) DO UPDATE SET asked_at = now()`,
    [requestId],
  );
}

/** The approval is recorded: in its transaction, so the note goes only if the approval commits. */
export async function clearReservationAsked(client: PoolClient, requestId: number): Promise<boolean> {
  const { rowCount } = await client.query('DELETE FROM requests.reservation_checks WHERE request_id = $1', [
    requestId,
  ]);
  return rowCount === 1;
}

/**
 * Takes the note if it is still older than `seconds` (an approval asked again meanwhile made it
 * new: that one clears it, or is swept in its turn).
 */
export async function takeStaleReservationCheck(
  client: PoolClient,
  requestId: number,
  seconds: number,
): Promise<boolean> {
  const { rowCount } = await client.query(
    `DELETE FROM requests.reservation_checks
      WHERE request_id = $1 AND asked_at <= now() - make_interval(secs => $2)`,
    [requestId, seconds],
  );
  return rowCount === 1;
}

/** Notes older than `seconds`: approvals that never committed, oldest first. */
export async function staleReservationChecks(pool: Pool, seconds: number, limit = 100): Promise<number[]> {
  const { rows } = await pool.query<{ request_id: number }>(
    `SELECT request_id FROM requests.reservation_checks
      WHERE asked_at <= now() - make_interval(secs => $1) ORDER BY asked_at LIMIT $2`,
    [seconds, limit],
  );
  return rows.map((r) => r.request_id);
}
