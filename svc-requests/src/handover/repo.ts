import type { Pool, PoolClient } from '@medrelay/service-kit';

type Db = Pool | PoolClient;

export interface HandoverCodeRow {
  request_id: number;
  /** The keyring key that sealed it; null for codes stored before the keyring. */
  key_id: string | null;
  code_hmac: Buffer;
  code_sealed: Buffer;
  expires_at: Date;
  failed_attempts: number;
  locked_until: Date | null;
  /** How many times it was locked (each lock lasts longer: libs/domain `handoverLockMinutesAfter`). */
  locks: number;
  used_at: Date | null;
  /** Judged on the database's clock, the one the lock was set with. */
  locked: boolean;
  expired: boolean;
}

/** Stores a request's code unless it has one (an approval retried, two readers creating it at once). */
export async function insertHandoverCode(
  db: Db,
  code: StoredCode & { requestId: number; expiresAt: Date },
): Promise<void> {
  await db.query(
    `INSERT INTO requests.handover_codes (request_id, key_id, code_hmac, code_sealed, expires_at)
     VALUES ($1, $2, $3, $4, $5) ON CONFLICT (request_id) DO NOTHING`,
    [code.requestId, code.keyId, code.hmac, code.sealed, code.expiresAt],
  );
}

/** A code's stored form: the key that made it, its digest and its sealed copy. */
export interface StoredCode {
  keyId: string;
  hmac: Buffer;
  sealed: Buffer;
}

/**
 * Gives an unused code new digits (its key is gone): the count of wrong tries and any lock start
 * afresh, since they counted guesses at the old digits; the expiry stays.
 */
export async function replaceHandoverCode(
  db: Db,
  requestId: number,
  old: { code_hmac: Buffer },
  code: StoredCode,
): Promise<void> {
  // Only the code that was read: two readers renewing at once leave one new code, not two.
  await db.query(
    `UPDATE requests.handover_codes
        SET key_id = $3, code_hmac = $4, code_sealed = $5, failed_attempts = 0, locked_until = NULL
      WHERE request_id = $1 AND code_hmac = $2 AND used_at IS NULL`,
    [requestId, old.code_hmac, code.keyId, code.hmac, code.sealed],
  );
}

export async function findHandoverCode(
  db: Db,
  requestId: number,
  /** The no-show grace period (admin setting `noShowGraceHours`). */
  graceHours: number,
  forUpdate = false,
): Promise<HandoverCodeRow | null> {
  // With a pickup window settled, a code lasts as long as the request may still be collected:
  // through the grace period after the window was missed (a late pickup completes with it), to
  // the moment the request is released. Until one is chosen, at the expiry set on approval
  // (libs/domain `handoverCodeExpiry`).
  const { rows } = await db.query<HandoverCodeRow>(
    `SELECT c.request_id, c.key_id, c.code_hmac, c.code_sealed, c.failed_attempts, c.locked_until, c.locks, c.used_at,
            e.expires_at, coalesce(c.locked_until > now(), false) AS locked, e.expires_at <= now() AS expired
       FROM requests.handover_codes c
       JOIN requests.requests r ON r.id = c.request_id
       LEFT JOIN requests.pickup_windows w ON w.id = r.chosen_window_id
      CROSS JOIN LATERAL (SELECT coalesce(coalesce(r.missed_at, w.ends_at) + make_interval(hours => $2),
                                          c.expires_at) AS expires_at) e
      WHERE c.request_id = $1${forUpdate ? ' FOR UPDATE OF c' : ''}`,
    [requestId, graceHours],
  );
  return rows[0] ?? null;
}

/**
 * Counts a wrong code; the `max`-th locks the code for `lockMinutes` (the length of its next lock,
 * libs/domain `handoverLockMinutesAfter`), counts the lock and starts a new count. Runs under the
 * row lock taken by `findHandoverCode(…, true)`.
 */
export async function recordWrongCode(
  db: PoolClient,
  requestId: number,
  max: number,
  lockMinutes: number,
): Promise<{ failed_attempts: number; locked_until: Date | null; locked: boolean }> {
  const { rows } = await db.query<{ failed_attempts: number; locked_until: Date | null; locked: boolean }>(
    `UPDATE requests.handover_codes
        SET failed_attempts = CASE WHEN failed_attempts + 1 >= $2 THEN 0 ELSE failed_attempts + 1 END,
            locks = CASE WHEN failed_attempts + 1 >= $2 THEN locks + 1 ELSE locks END,
            locked_until = CASE WHEN failed_attempts + 1 >= $2
                                THEN now() + make_interval(mins => $3) ELSE locked_until END
      WHERE request_id = $1
      RETURNING failed_attempts, locked_until, coalesce(locked_until > now(), false) AS locked`,
    [requestId, max, lockMinutes],
  );
  return rows[0]!;
}

/** Moves an unused code's expiry (a new pickup offer: the code follows the offer's last day). */
export async function setHandoverCodeExpiry(
  db: PoolClient,
  requestId: number,
  expiresAt: Date,
): Promise<void> {
  await db.query(
    'UPDATE requests.handover_codes SET expires_at = $2 WHERE request_id = $1 AND used_at IS NULL',
    [requestId, expiresAt],
  );
}

export async function markHandoverCodeUsed(db: PoolClient, requestId: number): Promise<void> {
  await db.query('UPDATE requests.handover_codes SET used_at = now() WHERE request_id = $1', [requestId]);
}
