import type { Pool, PoolClient } from '@medrelay/service-kit';

type Db = Pool | PoolClient;

/**
 * What identity rebuilds Redis's revocations from (auth/revocations.ts): the account's
 * revoked-before time (`identity.revoked_before`, migration 017) and the sessions ended one by one.
 */

/** Notes that the account's tokens issued at or before `atMs` are revoked (the time never moves back). */
export async function recordRevokedBefore(db: Db, userId: number, atMs: number): Promise<void> {
  await recordManyRevokedBefore(db, [{ userId, atMs }]);
}

export async function recordManyRevokedBefore(
  db: Db,
  rows: ReadonlyArray<{ userId: number; atMs: number }>,
): Promise<void> {
  await db.query(
    `INSERT INTO identity.revoked_before (user_id, at_ms)
     SELECT * FROM unnest($1::int[], $2::bigint[])
     ON CONFLICT (user_id) DO UPDATE SET at_ms = GREATEST(revoked_before.at_ms, EXCLUDED.at_ms)`,
    [rows.map((r) => r.userId), rows.map((r) => r.atMs)],
  );
}

/** Every account's revoked-before time (ms). */
export async function revokedBeforeTimes(db: Db): Promise<Array<{ userId: number; atMs: number }>> {
  const { rows } = await db.query<{ user_id: number; at_ms: string }>(
    'SELECT user_id, at_ms FROM identity.revoked_before',
  );
  return rows.map((r) => ({ userId: r.user_id, atMs: Number(r.at_ms) }));
}

/**
 * Sessions ended one by one (a logout, one signed out) whose token has not expired at `now`, with
 * its expiry (ms); not those issued before their account's revoked-before time, which refuses them.
 */
export async function endedSessionsUnexpired(
  db: Db,
  now: Date,
): Promise<Array<{ id: string; expiresMs: number }>> {
  const { rows } = await db.query<{ id: string; expires_ms: string }>(
    `SELECT s.id, floor(extract(epoch FROM s.expires_at) * 1000)::bigint AS expires_ms
       FROM identity.sessions s
       LEFT JOIN identity.revoked_before r ON r.user_id = s.user_id
      WHERE s.ended_at IS NOT NULL AND s.expires_at > $1::timestamptz
        AND (r.at_ms IS NULL OR floor(extract(epoch FROM s.issued_at) * 1000) > r.at_ms)`,
    [now],
  );
  return rows.map((r) => ({ id: r.id, expiresMs: Number(r.expires_ms) }));
}
