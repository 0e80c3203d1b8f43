import type { Language } from '@medrelay/contracts';
import type { Pool, PoolClient } from '@medrelay/service-kit';

type Db = Pool | PoolClient;

/** A request a recall touched: whose it is and on which listing. */
export interface TouchedRequest {
  id: number;
  requesterId: number;
  medicineId: number;
}

/** Cancels the pending requests on these listings, recording the recall's reason. */
export async function cancelPendingOn(
  db: PoolClient,
  medicineIds: number[],
  reason: string,
): Promise<TouchedRequest[]> {
  const { rows } = await db.query<TouchedRequest>(
    `UPDATE requests.requests SET status = 'cancelled', closed_reason = $2, updated_at = now()
      WHERE medicine_id = ANY($1::int[]) AND status = 'pending'
     RETURNING id, requester_id AS "requesterId", medicine_id AS "medicineId"`,
    [medicineIds, reason],
  );
  return rows;
}

/**
 * Holds the approved requests on these listings under this recall (again: nothing new). Their
 * rows are key-share locked first, in id order, as a lift locks the rows it frees
 * (`releaseHolds`): the two wait for each other instead of deadlocking.
 */
export async function holdApprovedOn(
  db: PoolClient,
  medicineIds: number[],
  recallId: number,
  reason: string,
): Promise<TouchedRequest[]> {
  await db.query(
    `SELECT id FROM requests.requests WHERE medicine_id = ANY($1::int[]) AND status = 'approved'
      ORDER BY id FOR KEY SHARE`,
    [medicineIds],
  );
  const { rows } = await db.query<TouchedRequest>(
    `WITH held AS (
       INSERT INTO requests.recall_holds (request_id, recall_id, reason)
       SELECT id, $2, $3 FROM requests.requests WHERE medicine_id = ANY($1::int[]) AND status = 'approved'
       ON CONFLICT DO NOTHING
       RETURNING request_id)
     SELECT r.id, r.requester_id AS "requesterId", r.medicine_id AS "medicineId"
       FROM requests.requests r JOIN held ON held.request_id = r.id`,
    [medicineIds, recallId, reason],
  );
  return rows;
}

/** Whether this recall's lift was applied already (an issue event arriving after it does nothing). */
export async function isLifted(db: PoolClient, recallId: number): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM requests.lifted_recalls WHERE recall_id = $1', [recallId]);
  return rows.length > 0;
}

/**
 * Removes this recall's holds; returns the approved requests no other recall still holds (one
 * cancelled meanwhile is not active again). The pickup's clock stood still while held: a grace
 * period already running (a window missed before the hold) and the handover code's expiry move on
 * by the hold's length, so the lift does not release the request at once. A pickup window chosen
 * on one that ended during the hold is no longer chosen: it was not missed (nobody could
 * collect), and the parties agree on another (the requester proposes one, or the owner offers new
 * ones). The held requests' rows are locked before anything is read, so a move on one of them
 * under way is seen whole or not at all.
 */
export async function releaseHolds(db: PoolClient, recallId: number): Promise<TouchedRequest[]> {
  await db.query('INSERT INTO requests.lifted_recalls (recall_id) VALUES ($1) ON CONFLICT DO NOTHING', [
    recallId,
  ]);
  // The held requests' rows first, in id order, as every move on a request takes its row: a move
  // under way (a time being chosen, which saw the hold and so invited nobody) commits before the
  // lift reads what is chosen, and one that comes after finds the hold gone. FOR UPDATE also waits
  // for another recall's hold being written (its key-share locks, `holdApprovedOn`): the lift then
  // sees that hold and frees nothing, and a hold written after the lift sees this one gone.
  await db.query(
    `SELECT r.id FROM requests.requests r
      WHERE r.id IN (SELECT request_id FROM requests.recall_holds WHERE recall_id = $1)
      ORDER BY r.id FOR UPDATE`,
    [recallId],
  );
  const { rows } = await db.query<TouchedRequest & { heldSince: Date }>(
    `WITH gone AS (DELETE FROM requests.recall_holds WHERE recall_id = $1 RETURNING request_id, created_at),
     -- A request another recall still holds has been held since the earlier of the two starts:
     -- that hold carries it on, so the clock shift at the last lift covers the whole time.
     carried AS (
       UPDATE requests.recall_holds h SET created_at = gone.created_at FROM gone
        WHERE h.request_id = gone.request_id AND h.recall_id <> $1 AND h.created_at > gone.created_at)
     SELECT r.id, r.requester_id AS "requesterId", r.medicine_id AS "medicineId", gone.created_at AS "heldSince"
       FROM requests.requests r JOIN gone ON gone.request_id = r.id
      WHERE r.status = 'approved' AND NOT EXISTS (
              SELECT 1 FROM requests.recall_holds h WHERE h.request_id = r.id AND h.recall_id <> $1)`,
    [recallId],
  );
  const held = [rows.map((r) => r.id), rows.map((r) => r.heldSince)];
  await db.query(
    `UPDATE requests.requests r SET missed_at = r.missed_at + (now() - h.since), updated_at = now()
       FROM unnest($1::int[], $2::timestamptz[]) AS h(id, since)
      WHERE r.id = h.id AND r.missed_at IS NOT NULL`,
    held,
  );
  await db.query(
    `UPDATE requests.handover_codes c SET expires_at = c.expires_at + (now() - h.since)
       FROM unnest($1::int[], $2::timestamptz[]) AS h(id, since)
      WHERE c.request_id = h.id AND c.used_at IS NULL`,
    held,
  );
  await db.query(
    `WITH cleared AS (
       UPDATE requests.requests r SET chosen_window_id = NULL, updated_at = now()
         FROM requests.pickup_windows w
        WHERE r.id = ANY($1::int[]) AND w.id = r.chosen_window_id AND w.ends_at <= now() AND r.missed_at IS NULL
        RETURNING w.id)
     UPDATE requests.pickup_windows SET withdrawn = true WHERE id IN (SELECT id FROM cleared)`,
    [rows.map((r) => r.id)],
  );
  return rows.map(({ id, requesterId, medicineId }) => ({ id, requesterId, medicineId }));
}

/** The reason a request is held for (the newest hold), or null when it is not held. */
export async function holdOf(db: Db, requestId: number): Promise<string | null> {
  const { rows } = await db.query<{ reason: string }>(
    `SELECT reason FROM requests.recall_holds WHERE request_id = $1
      ORDER BY created_at DESC, recall_id DESC LIMIT 1`,
    [requestId],
  );
  return rows[0]?.reason ?? null;
}

/** Who to e-mail: the read model's address, name and language of these users. */
export async function mailRecipients(
  db: Db,
  ids: number[],
): Promise<{ id: number; email: string; name: string; language: Language; userType: string }[]> {
  const { rows } = await db.query(
    `SELECT id, email, name, language, user_type AS "userType" FROM requests.users WHERE id = ANY($1::int[])`,
    [ids],
  );
  return rows;
}
